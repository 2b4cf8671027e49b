import type { ButtonHTMLAttributes, ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** The end of an inline add/edit form: Cancel and the save button ("Saving..." while it saves), after what else is given. */
export function FormActions({
  saving,
  saveLabel,
  onCancel,
  children,
}: {
  saving: boolean;
  saveLabel: string;
  onCancel(): void;
  /** Before the buttons (the autosave's state). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {children}
      <button type="button" className="btn-outline" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : saveLabel}
      </button>
    </div>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {children}
    </div>
  );
}

export const STATUS_BADGE: Record<string, string> = {
  published: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  scheduled: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
  draft: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
};

export const ROLE_BADGE: Record<string, string> = {
  admin: "bg-purple-100 text-purple-900 dark:bg-purple-900 dark:text-purple-100",
  editor: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
  author: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
};

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${className}`}
    >
      {children}
    </span>
  );
}

export const smallButton =
  "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800";
export const dangerButton =
  "rounded-md border border-red-300 px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950";
export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900";

/** A small button of a table row ("Edit", "Rename"); `danger` for "Delete". */
export function RowButton({
  danger = false,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean }) {
  const base = danger ? dangerButton : smallButton;
  return <button type="button" className={className ? `${base} ${className}` : base} {...props} />;
}

/** A labelled filter of an admin list: "" is the first, unfiltered choice. */
export function FilterSelect({
  label,
  value,
  all,
  options,
  onChange,
}: {
  label: string;
  value: string;
  /** The text of the unfiltered choice ("All types", "Everyone"). */
  all: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <label className="text-sm">
      {label}
      <select className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter's choices: each value with its label. */
export function choicesOf<V extends string>(values: readonly V[], labels: Record<V, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A labelled date filter of an admin list ("" when unset). */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label className="text-sm">
      {label}
      <input
        type="date"
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** How many items an admin list holds, announced when it changes. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
      {children}
    </p>
  );
}
