import { useState } from "react";
import { Card, dangerButton, inputClass, smallButton } from "#app/features/admin/ui.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { formatDate } from "#common/text.ts";
import type { MediaItem } from "#common/types.ts";

function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One uploaded image: preview, size, where it is used, its alt text, copy and delete. */
export function MediaCard({
  item,
  onChanged,
  onError,
}: {
  item: MediaItem;
  onChanged: () => void;
  onError: (m: string) => void;
}) {
  const [alt, setAlt] = useState(item.alt);
  const mutation = useApiMutation();
  const saving = mutation.busy;
  const dirty = alt !== item.alt;
  const inputId = `alt-${item.id}`;

  async function saveAlt() {
    await mutation.run(
      async () => {
        await api(`/media/${item.id}`, { method: "PATCH", body: { alt } });
        onChanged();
      },
      {
        onError: (e) =>
          onError(
            failureText("", e, { otherwise: "Failed to save the alt text. Please try again." }),
          ),
      },
    );
  }

  async function remove() {
    if (!window.confirm("Are you sure you want to delete this image?")) return;
    try {
      await api(`/media/${item.id}`, { method: "DELETE" });
      onChanged();
    } catch (e) {
      onError(failureText("", e, { otherwise: "Failed to delete image. Please try again." }));
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
