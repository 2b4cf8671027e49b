import { inputClass, smallButton } from "#app/features/admin/ui.tsx";

export type Status = "ready" | "uploading" | "saving" | "done" | "error";

export type Item = {
  key: string;
  file: File;
  preview: string;
  title: string;
  alt: string;
  status: Status;
  error?: string;
};

const STATUS_TEXT: Record<Status, string> = {
  ready: "Ready to upload",
  uploading: "Uploading...",
  saving: "Adding to the gallery...",
  done: "Added to the gallery",
  error: "Failed",
};

/** The texts given to each file before it is added. */
const TEXTS = [
  { field: "title", label: "Title", maxLength: 200, required: true },
  { field: "alt", label: "Alt text", maxLength: 300, placeholder: "Describe the image" },
] as const;

/** One chosen file: its preview, title and alt text, and how its upload went. */
export function UploadItem({
  id,
  item,
  running,
  onChange,
  onRemove,
}: {
  /** The panel's id, prefix of the inputs' ids. */
  id: string;
  item: Item;
  /** The uploads run: nothing can be changed. */
  running: boolean;
  onChange(change: Partial<Pick<Item, "title" | "alt">>): void;
  onRemove(): void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row dark:border-slate-700">
      {item.preview ? (
        <img
          src={item.preview}
          alt=""
          className="h-20 w-28 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : (
        <span className="flex h-20 w-28 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          No preview
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-2 md:grid-cols-2">
        {TEXTS.map(({ field, label, ...limits }) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}-${item.key}`} className="block text-xs font-medium">
              {label} for {item.file.name}
            </label>
            <input
              id={`${id}-${field}-${item.key}`}
              className={`${inputClass} mt-1`}
              value={item[field]}
              {...limits}
              disabled={running || item.status === "done"}
              onChange={(e) => onChange({ [field]: e.target.value })}
            />
          </div>
        ))}
        <p
          className={`text-sm md:col-span-2 ${item.status === "error" ? "text-red-700 dark:text-red-400" : item.status === "done" ? "text-green-800 dark:text-green-300" : "text-slate-600 dark:text-slate-300"}`}
        >
          <span className="sr-only">{item.file.name}: </span>
          {item.status === "error"
            ? `${STATUS_TEXT.error}: ${item.error}`
            : STATUS_TEXT[item.status]}
        </p>
      </div>
      {item.status === "ready" || item.status === "error" ? (
        <button
          type="button"
          className={`${smallButton} self-start`}
          disabled={running}
          aria-label={`Remove ${item.file.name} from the list`}
          onClick={onRemove}
        >
          Remove
        </button>
      ) : null}
    </li>
  );
}
