import { type ChangeEvent, useState } from "react";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { MediaItem } from "#common/types.ts";
import { MediaCard } from "./media-card.tsx";

export function MediaScreen() {
  const { data: items, error, reload: load } = useApiQuery<MediaItem[]>("/media");
  const [notice, setNotice] = useState("");
  const [uploading, setUploading] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (!files.length) return;
    setUploading(true);
    setNotice("");
    const failures: string[] = [];
    for (const file of files) {
      const form = new FormData();
      form.append("image", file);
      try {
        await api("/upload", { form });
      } catch (e) {
        failures.push(
          failureText(`${file.name}:`, e, { otherwise: "Upload failed. Please try again." }),
        );
      }
    }
    setUploading(false);
    if (failures.length) setNotice(failures.join(" "));
    load();
  }

  return (
    <>
      <PageHeader
        title="Media Library"
        subtitle="Every uploaded image, where it is used, and its alt text"
        actions={
          <label className={`btn-primary cursor-pointer ${uploading ? "opacity-60" : ""}`}>
            {uploading ? "Uploading..." : "Upload Images"}
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              onChange={upload}
              disabled={uploading}
            />
          </label>
        }
      />
      {notice ? (
        <div className="mb-4">
          <Alert kind="error" onDismiss={() => setNotice("")}>
            {notice}
          </Alert>
        </div>
      ) : null}
      {error ? (
        <Alert kind="error">Failed to load media. Please try again.</Alert>
      ) : items === null ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="py-12 text-center text-slate-600 dark:text-slate-300">
          No images uploaded yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => (
            <MediaCard
              key={`${item.id}-${item.alt}`}
              item={item}
              onChanged={load}
              onError={setNotice}
            />
          ))}
        </ul>
      )}
    </>
  );
}
