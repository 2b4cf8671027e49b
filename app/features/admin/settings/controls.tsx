import { type ChangeEvent, type ReactNode, useId, useRef, useState } from "react";
import { FieldError } from "#app/components/ui/form.tsx";
import { ApiError, uploadImage } from "#app/lib/api.ts";

export const UPLOAD_FAILED = "Failed to upload file. Please try again.";

const selectClass =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30 dark:bg-slate-900 dark:text-slate-100";

/** A labelled native select with an optional field error. */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${selectClass} ${error ? "border-red-600" : "border-slate-300 dark:border-slate-600"}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** An on/off switch (role=switch) with its visible label. */
export function Switch({
  label,
  checked,
  onChange,
  description,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors ${
          checked ? "bg-brand-strong" : "bg-slate-500 dark:bg-slate-600"
        }`}
      >
        <span
          aria-hidden
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
            checked ? "translate-x-5" : "translate-x-0"
          }`}
        />
      </button>
      <div>
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-slate-600 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Full #rrggbb for the colour picker, or null when the text is no hex colour. */
export function toPickerColor(value: string): string | null {
  const v = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(v);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return null;
}

/** A colour picker and a text input showing the same hex value. */
export function ColorField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const lastValid = useRef("#3b82f6");
  const picker = toPickerColor(value);
  if (picker) lastValid.current = picker;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-3">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={picker ?? lastValid.current}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
        />
        <input
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
          className={`block w-full min-w-0 rounded-md border bg-white px-3 py-2 font-mono text-slate-900 shadow-sm focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30 dark:bg-slate-900 dark:text-slate-100 ${
            error ? "border-red-600" : "border-slate-300 dark:border-slate-600"
          }`}
        />
      </div>
      {error ? null : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          A hex colour such as #3b82f6.
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * An image upload: sends the file to POST /api/upload (field `image`) and
 * keeps the returned URL, with a preview and a way to remove it.
 */
export function ImageUpload({
  id,
  label,
  value,
  onChange,
  accept = "image/*",
  hint,
  error,
  previewClassName = "max-h-32",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  accept?: string;
  hint?: ReactNode;
  error?: string;
  previewClassName?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const shownError = uploadError ?? error;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(true);
    setUploadError(undefined);
    try {
      onChange(await uploadImage(file));
    } catch (e) {
      console.warn("settings: upload failed", e);
      // The server names what was wrong (type, size); keep it next to the field.
      // Without its message only the spec's alert says the upload failed.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401) {
        const reason = e.errors.image || e.serverMessage;
        if (reason) setUploadError(reason);
      }
      window.alert(UPLOAD_FAILED);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  const describedBy = [hint ? `${id}-hint` : "", shownError ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {value ? (
        <div className="mt-2 flex flex-wrap items-start gap-3">
          <img
            src={value}
            alt={`${label} preview`}
            className={`${previewClassName} max-w-full rounded-md border border-slate-200 bg-slate-50 object-contain p-1 dark:border-slate-700 dark:bg-slate-800`}
          />
          <div className="min-w-0 text-xs">
            <p className="break-all text-slate-600 dark:text-slate-300">{value}</p>
            <button
              type="button"
              onClick={() => onChange("")}
              className="mt-2 rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Remove<span className="sr-only"> {label.toLowerCase()}</span>
            </button>
          </div>
        </div>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        aria-describedby={describedBy || undefined}
        aria-invalid={shownError ? true : undefined}
        onChange={onFile}
        className="mt-2 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-300 dark:text-slate-300 dark:file:bg-slate-700 dark:file:text-slate-100"
      />
      {busy ? (
        <p role="status" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Uploading...
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={shownError} />
    </div>
  );
}
