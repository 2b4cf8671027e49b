import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "#app/components/ui/form.tsx";
import { Card, inputClass } from "#app/features/admin/ui.tsx";
import { GalleryImageInputSchema } from "#common/schemas/content.ts";
import { counted } from "#common/text.ts";
import type { GalleryCategory, GalleryImage } from "#common/types.ts";
import { CategoryOptions } from "./category-options.tsx";
import { createImage, titleFromFileName, uploadErrorMessage, uploadFile } from "./gallery-api.ts";
import { type Item, type Status, UploadItem } from "./upload-item.tsx";

let counter = 0;

/** Types the browser can preview safely; anything else shows a placeholder. */
const PREVIEWABLE = /^image\/(png|jpeg|webp|gif|avif|x-icon|vnd\.microsoft\.icon)$/;

/**
 * Choose images, give each a title (from its file name) and alt text, then
 * upload: each file goes to POST /upload, then POST /gallery/images. Files are
 * sent one after another so every failure stays with its own file.
 */
export function UploadPanel({
  categories,
  onAdded,
}: {
  categories: GalleryCategory[];
  onAdded: (image: GalleryImage) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [chosenCategory, setCategoryId] = useState<string>("");
  // A chosen category that was deleted meanwhile counts as none (derived, not mirrored).
  const categoryId = categories.some((c) => String(c.id) === chosenCategory) ? chosenCategory : "";
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const previews = useRef(new Set<string>());

  // Object URLs of previews are released when the panel goes away.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length === 0) return;
    setSummary(null);
    setItems((current) => [
      ...current.filter((item) => item.status !== "done"),
      ...files.map((file) => {
        const preview = PREVIEWABLE.test(file.type) ? URL.createObjectURL(file) : "";
        if (preview) previews.current.add(preview);
        counter += 1;
        return {
          key: `${counter}-${file.name}`,
          file,
          preview,
          title: titleFromFileName(file.name),
          alt: "",
          status: "ready" as Status,
        };
      }),
    ]);
  }

  function patch(key: string, change: Partial<Item>) {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }

  function discard(key: string) {
    setItems((current) => {
      const item = current.find((i) => i.key === key);
      if (item?.preview) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return current.filter((i) => i.key !== key);
    });
  }

  async function uploadAll(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const queue = items.filter((item) => item.status === "ready" || item.status === "error");
    if (queue.length === 0) return;
    setRunning(true);
    setSummary(null);
    let added = 0;
    for (const item of queue) {
      const check = GalleryImageInputSchema.safeParse({
        title: item.title,
        alt: item.alt,
        url: "/uploads/pending",
      });
      if (!check.success) {
        patch(item.key, { status: "error", error: check.error.issues[0]?.message });
        continue;
      }
      patch(item.key, { status: "uploading", error: undefined });
      try {
        const upload = await uploadFile(item.file);
        patch(item.key, { status: "saving" });
        const image = await createImage({
          title: check.data.title,
          description: "",
          alt: check.data.alt ?? "",
          url: upload.url,
          category_id: categoryId ? Number(categoryId) : null,
        });
        onAdded(image);
        patch(item.key, { status: "done" });
        added += 1;
      } catch (error) {
        patch(item.key, { status: "error", error: uploadErrorMessage(error) });
      }
    }
    const failed = queue.length - added;
    setSummary(
      failed === 0
        ? `${counted(added, "image")} added to the gallery`
        : `${added} of ${queue.length} images added; ${failed} failed`,
    );
    setRunning(false);
  }

  const pending = items.filter((i) => i.status === "ready" || i.status === "error").length;
  const finished = items.filter((i) => i.status === "done" || i.status === "error").length;

  return (
    <Card className="mb-6">
      <form onSubmit={uploadAll} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Upload images
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          PNG, JPEG, WebP, GIF, AVIF or ICO, up to 10 MB each.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-files`} className="block text-sm font-medium">
              Choose images
            </label>
            <input
              ref={inputRef}
              id={`${id}-files`}
              type="file"
              multiple
              accept="image/*"
              onChange={choose}
              disabled={running}
              className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 dark:file:bg-slate-700 dark:file:text-slate-100"
            />
          </div>
          <div>
            <label htmlFor={`${id}-category`} className="block text-sm font-medium">
              Category for these images
            </label>
            <select
              id={`${id}-category`}
              className={`${inputClass} mt-1`}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
              disabled={running}
            >
              <CategoryOptions categories={categories} />
            </select>
          </div>
        </div>

        {items.length > 0 ? (
          <ul className="mt-4 space-y-3" aria-label="Files to upload">
            {items.map((item) => (
              <UploadItem
                key={item.key}
                id={id}
                item={item}
                running={running}
                onChange={(change) => patch(item.key, change)}
                onRemove={() => discard(item.key)}
              />
            ))}
          </ul>
        ) : null}

        {running ? (
          <div className="mt-4">
            <label htmlFor={`${id}-progress`} className="block text-sm">
              Uploading {Math.min(finished + 1, items.length)} of {items.length}
            </label>
            <progress
              id={`${id}-progress`}
              className="mt-1 w-full"
              value={finished}
              max={items.length}
            />
          </div>
        ) : null}
        <div aria-live="polite" className="mt-4 empty:hidden">
          {summary ? (
            <Alert kind={summary.includes("failed") ? "error" : "success"}>{summary}</Alert>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={running || pending === 0}>
            {running ? "Uploading..." : pending > 1 ? `Upload ${pending} images` : "Upload image"}
          </button>
          {items.some((i) => i.status === "done") && !running ? (
            <button
              type="button"
              className="btn-outline"
              onClick={() =>
                setItems((current) => {
                  for (const i of current.filter((i) => i.status === "done" && i.preview)) {
                    URL.revokeObjectURL(i.preview);
                    previews.current.delete(i.preview);
                  }
                  return current.filter((i) => i.status !== "done");
                })
              }
            >
              Clear finished
            </button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
