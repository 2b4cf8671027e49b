import { type RefObject, useRef, useState } from "react";
import { TextField } from "#app/components/ui/form.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { failureText, uploadImage } from "#app/lib/api.ts";
import { bindText, type FormFields } from "#app/lib/use-schema-form.ts";

/** The featured image of a post or a page: its URL, an upload, a preview and its alt text. */
export function FeaturedImageCard({
  fields,
  imageBroken,
  onImageBroken,
}: {
  fields: FormFields<{ featured_image: string; featured_image_alt: string }>;
  /** The preview could not load the image (the editor's preview then leaves it out). */
  imageBroken: boolean;
  onImageBroken(broken: boolean): void;
}) {
  const { values } = fields;
  const fileInput: RefObject<HTMLInputElement | null> = useRef(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const image = values.featured_image.trim();
  const url = bindText(fields, "featured_image");

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      fields.set("featured_image", await uploadImage(file));
      onImageBroken(false);
    } catch (error) {
      setUploadError(failureText("Failed to upload image", error, { sentence: true }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card className="space-y-4">
      <TextField
        label="Featured Image URL"
        inputMode="url"
        autoComplete="off"
        {...url}
        error={uploadError ?? url.error}
        onChange={(e) => {
          url.onChange(e);
          setUploadError(null);
          onImageBroken(false);
        }}
        placeholder="https://... or /uploads/..."
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-outline"
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          {uploading ? "Uploading..." : "Upload"}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          // The Upload button is the control; this input only opens the picker.
          hidden
          data-testid="featured-image-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void upload(file).finally(() => {
              if (fileInput.current) fileInput.current.value = "";
            });
          }}
        />
      </div>
      {image ? (
        imageBroken ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The image could not be loaded.
          </p>
        ) : (
          <img
            src={image}
            alt={values.featured_image_alt || "Featured image preview"}
            onError={() => onImageBroken(true)}
            className="max-h-48 w-full rounded-md border border-slate-200 object-cover dark:border-slate-700"
          />
        )
      ) : null}
      <TextField
        label="Featured Image Alt Text"
        {...bindText(fields, "featured_image_alt")}
        hint="Describe the image for people who cannot see it."
      />
    </Card>
  );
}
