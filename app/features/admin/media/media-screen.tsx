import { type ChangeEvent, useCallback, useEffect, useState } from "react";
import { formatDate } from "../../../../common/text.ts";
import { Alert, Spinner } from "../../../components/ui/form.tsx";
import { api, apiData, failureReason } from "../../../lib/api.ts";
import { RequireAuth } from "../guard.tsx";
import { Card, dangerButton, inputClass, PageHeader, smallButton } from "../ui.tsx";

type MediaItem = {
  id: number;
  url: string;
  originalName: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  variants: number;
  createdAt: string;
  usedIn: { kind: string; id: number | string; label: string }[];
};

function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function MediaCard({
  item,
  onChanged,
  onError,
}: {
  item: MediaItem;
  onChanged: () => void;
  onError: (m: string) => void;
}) {
  const [alt, setAlt] = useState(item.alt);
  const [saving, setSaving] = useState(false);
  const dirty = alt !== item.alt;
  const inputId = `alt-${item.id}`;

  async function saveAlt() {
    setSaving(true);
    try {
      await api(`/media/${item.id}`, { method: "PATCH", body: { alt } });
      onChanged();
    } catch (e) {
      onError(failureReason(e) || "Failed to save the alt text. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!window.confirm("Are you sure you want to delete this image?")) return;
    try {
      await api(`/media/${item.id}`, { method: "DELETE" });
      onChanged();
    } catch (e) {
      onError(failureReason(e) || "Failed to delete image. Please try again.");
    }
  }

  return (
    <li>
      <Card className="flex h-full flex-col gap-3">
        <a
          href={item.url}
          target="_blank"
          rel="noreferrer"
          className="block overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800"
        >
          <img
            src={item.url}
            alt={item.alt || item.originalName}
            width={item.width ?? 320}
            height={item.height ?? 200}
            loading="lazy"
            className="aspect-[3/2] w-full object-cover"
          />
        </a>
        <div className="text-xs text-slate-600 dark:text-slate-300">
          <p
            className="truncate font-medium text-slate-900 dark:text-slate-100"
            title={item.originalName}
          >
            {item.originalName || item.url}
          </p>
          <p>
            {item.width && item.height ? `${item.width}×${item.height} · ` : ""}
            {formatSize(item.size)} · {item.variants ? `${item.variants} variants` : "no variants"}{" "}
            · {formatDate(item.createdAt)}
          </p>
          <p className="mt-1">
            {item.usedIn.length ? (
              <>Used in: {item.usedIn.map((u) => u.label).join(", ")}</>
            ) : (
              <>Not used anywhere</>
            )}
          </p>
        </div>
        <div>
          <label htmlFor={inputId} className="block text-xs font-medium">
            Alt text
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={inputId}
              className={inputClass}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              maxLength={300}
            />
            <button
              type="button"
              className={smallButton}
              disabled={!dirty || saving}
              onClick={saveAlt}
            >
              {saving ? "Saving..." : "Save"}
            </button>
          </div>
        </div>
        <div className="mt-auto flex gap-2">
          <button
            type="button"
            className={smallButton}
            onClick={() => navigator.clipboard?.writeText(item.url)}
          >
            Copy URL
          </button>
          <button
            type="button"
            className={dangerButton}
            onClick={remove}
            aria-label={`Delete ${item.originalName || "image"}`}
          >
            Delete
          </button>
        </div>
      </Card>
    </li>
  );
}

export function MediaScreen() {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [uploading, setUploading] = useState(false);

  const load = useCallback(() => {
    apiData<MediaItem[]>("/media")
      .then((data) => {
        setItems(data);
        setError("");
      })
      .catch(() => setError("Failed to load media. Please try again."));
  }, []);

  useEffect(load, [load]);

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
        failures.push(`${file.name}: ${failureReason(e) || "Upload failed. Please try again."}`);
      }
    }
    setUploading(false);
    if (failures.length) setNotice(failures.join(" "));
    load();
  }

  return (
    <RequireAuth permission="uploads:create">
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
        <Alert kind="error">{error}</Alert>
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
    </RequireAuth>
  );
}
