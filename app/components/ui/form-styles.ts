/**
 * The classes of form parts that both the React components (form.tsx) and
 * the static pages' script (app/enhance/) draw, so an error or a notice looks
 * the same whoever shows it.
 */
export const CONTROL_CLASS =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";
/** A control's border: with an error, and without one. */
export const CONTROL_INVALID = "border-red-600";
export const CONTROL_VALID = "border-slate-300 dark:border-slate-600";
export const FIELD_ERROR_CLASS = "mt-1 text-sm text-red-700 dark:text-red-400";

export type AlertKind = "success" | "error" | "info";
export const ALERT_CLASS =
  "flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm";
export const ALERT_KINDS: Record<AlertKind, string> = {
  success:
    "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
  error:
    "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  info: "border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100",
};
/** An error is an alert (read at once); the others a status. */
export const alertRole = (kind: AlertKind) => (kind === "error" ? "alert" : "status");
