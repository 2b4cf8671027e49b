import { type RefObject, useRef } from "react";
import type { Category } from "../../../../common/types.ts";
import { FieldError, TextAreaField, TextField } from "../../../components/ui/form.tsx";
import { Card, inputClass } from "../ui.tsx";
import { bindText, type EditorFields } from "./field-binding.ts";
import type { PostFormValues } from "./post-form-values.ts";

/** Status, publish date and the featured flag. */
export function PublishCard({
  fields,
  willSchedule,
  mayFeature,
}: {
  fields: EditorFields;
  willSchedule: boolean;
  mayFeature: boolean;
}) {
  const { values, errors, set } = fields;
  return (
    <Card className="space-y-4">
      <div>
        <label htmlFor="field-status" className="block text-sm font-medium">
          Status
        </label>
        <select
          id="field-status"
          name="status"
          value={values.status}
          onChange={(e) => set("status", e.target.value as PostFormValues["status"], "status")}
          className={`mt-1 ${inputClass}`}
        >
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </select>
        <FieldError id="field-status-error" message={errors.status} />
      </div>
      <TextField
        label="Publish Date"
        type="datetime-local"
        {...bindText(fields, "publishedAt", "published_at")}
        hint={
          willSchedule
            ? "A future date: the post will show as Scheduled and go live then."
            : "Leave empty to publish now. A future date schedules the post."
        }
      />
      <div>
        <div className="flex items-start gap-2">
          <input
            id="field-featured"
            type="checkbox"
            name="isFeatured"
            checked={values.isFeatured}
            disabled={!mayFeature}
            onChange={(e) => set("isFeatured", e.target.checked)}
            aria-describedby={
              mayFeature ? "field-featured-hint" : "field-featured-hint field-featured-role"
            }
            className="mt-1 h-4 w-4"
          />
          <label htmlFor="field-featured" className="text-sm font-medium">
            Featured Post
          </label>
        </div>
        <p
          id="field-featured-hint"
          lang="id"
          className="mt-1 text-xs text-slate-600 dark:text-slate-400"
        >
          Postingan unggulan akan ditampilkan di bagian khusus pada halaman beranda.
        </p>
        {mayFeature ? null : (
          <p id="field-featured-role" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Only editors and admins can feature posts.
          </p>
        )}
        <FieldError id="field-featured-error" message={errors.isFeatured} />
      </div>
    </Card>
  );
}

/** The featured image: its URL, an upload, a preview and its alt text. */
export function FeaturedImageCard({
  fields,
  uploading,
  onUpload,
  imageBroken,
  onImageBroken,
}: {
  fields: EditorFields;
  uploading: boolean;
  /** Uploads the file; the returned promise settles when the URL is set or the error shown. */
  onUpload(file: File): Promise<void>;
  imageBroken: boolean;
  onImageBroken(broken: boolean): void;
}) {
  const { values } = fields;
  const fileInput: RefObject<HTMLInputElement | null> = useRef(null);
  const image = values.featuredImage.trim();
  const url = bindText(fields, "featuredImage", "featured_image");
  return (
    <Card className="space-y-4">
      <TextField
        label="Featured Image URL"
        inputMode="url"
        autoComplete="off"
        {...url}
        onChange={(e) => {
          url.onChange(e);
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
            void onUpload(file).finally(() => {
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
            alt={values.featuredImageAlt || "Featured image preview"}
            onError={() => onImageBroken(true)}
            className="max-h-48 w-full rounded-md border border-slate-200 object-cover dark:border-slate-700"
          />
        )
      ) : null}
      <TextField
        label="Featured Image Alt Text"
        {...bindText(fields, "featuredImageAlt", "featured_image_alt")}
        hint="Describe the image for people who cannot see it."
      />
    </Card>
  );
}

/** Categories (checkboxes) and tags (comma-separated). */
export function TaxonomyCard({
  fields,
  categories,
  mayCreateTags,
}: {
  fields: EditorFields;
  categories: Category[] | null;
  mayCreateTags: boolean;
}) {
  const { values, errors, set } = fields;
  return (
    <Card className="space-y-4">
      <fieldset
        id="field-categories"
        aria-describedby={errors.categories ? "field-categories-error" : undefined}
      >
        <legend className="text-sm font-medium">Categories</legend>
        {categories === null ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Loading categories...</p>
        ) : (
          <ul className="mt-2 space-y-1.5">
            {categories.map((category) => (
              <li key={category.id} className="flex items-center gap-2">
                <input
                  id={`category-${category.id}`}
                  type="checkbox"
                  checked={values.categories.includes(category.name)}
                  onChange={(e) =>
                    set(
                      "categories",
                      e.target.checked
                        ? [...values.categories, category.name]
                        : values.categories.filter((n) => n !== category.name),
                      "categories",
                    )
                  }
                  className="h-4 w-4"
                />
                <label htmlFor={`category-${category.id}`} className="text-sm">
                  {category.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        <FieldError id="field-categories-error" message={errors.categories} />
      </fieldset>
      <TextField
        label="Tags"
        {...bindText(fields, "tags", "tags")}
        placeholder="design, marketing"
        hint={
          mayCreateTags
            ? "Separate tags with commas."
            : "Separate tags with commas. Use existing tags: only editors and admins can create new ones."
        }
        autoComplete="off"
      />
    </Card>
  );
}

/** The search and social overrides. */
export function SeoCard({ fields }: { fields: EditorFields }) {
  const { values } = fields;
  return (
    <Card className="space-y-4">
      <h2 className="text-sm font-semibold">Search and social</h2>
      <TextField
        label="Meta Title"
        {...bindText(fields, "metaTitle", "meta_title")}
        hint={`Leave empty to use the post title. ${values.metaTitle.length} characters (50-60 recommended).`}
      />
      <TextAreaField
        label="Meta Description"
        rows={3}
        {...bindText(fields, "metaDescription", "meta_description")}
        hint={`Leave empty to use the excerpt. ${values.metaDescription.length} characters (150-160 recommended).`}
      />
      <TextField
        label="Social Image URL"
        {...bindText(fields, "ogImage", "og_image")}
        hint="Leave empty to use the featured image. 1200x630 pixels recommended."
      />
    </Card>
  );
}
