import type { ReactNode } from "react";
import { Spinner } from "./form.tsx";

/*
 * The parts an admin list is made of, DataTable's and those of lists that are
 * not tables: the table classes and header row, the list's states (spinner,
 * failure with "Try Again", empty text) and the page navigation.
 */

export const tableClass = "min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800";
export const thClass = "px-3 py-2 text-left font-semibold text-slate-700 dark:text-slate-200";
export const tdClass = "px-3 py-2 align-top";

/**
 * A list that could not be loaded: the screen's text (the alert, without the
 * button's name in it) and a "Try Again" button.
 */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <div className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p role="alert">{children}</p>
      <button type="button" className="btn-outline mt-4" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/** Previous / Page X of Y / Next for an admin list; nothing when there is one page. */
export function PageNav({
  page,
  totalPages,
  busy = false,
  onPage,
}: {
  page: number;
  totalPages: number;
  /** While a page loads: both buttons wait. */
  busy?: boolean;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn-outline"
        disabled={page <= 1 || busy}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        Previous
      </button>
      <span className="text-sm" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="btn-outline"
        disabled={page >= totalPages || busy}
        onClick={() => onPage(Math.min(totalPages, page + 1))}
      >
        Next
      </button>
    </nav>
  );
}

/**
 * The states of an admin list: a spinner for the first load, the failure with
 * "Try Again", the empty text, else the list itself.
 */
export function ListStates({
  loading,
  hasData,
  failed,
  empty,
  spinner,
  onRetry,
  children,
}: {
  loading: boolean;
  hasData: boolean;
  /** The failure text, or "" when the load did not fail. */
  failed: string;
  /** The empty text, or "" when there are items. */
  empty: string;
  spinner: string;
  onRetry(): void;
  children: ReactNode;
}) {
  if (loading && !hasData) return <Spinner label={spinner} />;
  if (failed) return <LoadFailed onRetry={onRetry}>{failed}</LoadFailed>;
  if (empty) return <EmptyState>{empty}</EmptyState>;
  return <>{children}</>;
}

/** The dashed box of an admin list with nothing in it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

export type Column = ReactNode | { label: ReactNode; className?: string };

/** A table's header row: each column a heading with `scope="col"`, optionally with its own classes. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => {
          const { label, className: extra } =
            column && typeof column === "object" && "label" in column
              ? column
              : { label: column, className: undefined };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
            <th key={index} scope="col" className={extra ? `${thClass} ${extra}` : thClass}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
