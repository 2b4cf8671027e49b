import { Fragment, type ReactNode } from "react";
import { ListStates, PageNav, TableHead, tableClass, tdClass } from "./list-parts.tsx";
import { RowCheckbox, SelectAllCheckbox, type Selection } from "./selection.tsx";

export type DataColumn<T> = {
  /** The column's heading (visible text, or markup with a screen-reader label). */
  header: ReactNode;
  cell(row: T): ReactNode;
  className?: string;
  /** Classes of the column's cells (else `className`). */
  cellClassName?: string;
  /** The column that names its row (`<th scope="row">`): a summary table's first column. */
  rowHeader?: boolean;
};

export type BulkAction = {
  label: string;
  /** danger: red (delete); confirm: green (publish); else neutral. */
  tone?: "danger" | "confirm" | "neutral";
  onRun(ids: number[]): void;
};

const BULK_TONES: Record<NonNullable<BulkAction["tone"]>, string> = {
  danger: "bg-red-700 hover:bg-red-800",
  confirm: "bg-green-700 hover:bg-green-800",
  neutral: "bg-slate-700 hover:bg-slate-800 dark:bg-slate-600 dark:hover:bg-slate-500",
};

/** The bar above a table while rows are selected: how many, and what can be done to them. */
export function BulkBar({
  count,
  text,
  actions,
  busy = false,
  ids,
}: {
  count: number;
  /** "3 page(s) selected". */
  text: string;
  actions: readonly BulkAction[];
  busy?: boolean;
  ids: readonly number[];
}) {
  if (count === 0) return null;
  return (
    <section
      aria-label="Bulk actions"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 dark:border-blue-800 dark:bg-blue-950"
    >
      <p className="text-sm font-medium text-blue-900 dark:text-blue-100" aria-live="polite">
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            disabled={busy}
            onClick={() => action.onRun([...ids])}
            className={`rounded-md px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60 ${BULK_TONES[action.tone ?? "neutral"]}`}
          >
            {action.label}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * The admin's one list: a table in its card with column headings, optional row
 * selection (select-all with its half-checked state, one bulk bar), the list's
 * states (first load, failure with "Try Again", empty) and pagination. A
 * table of figures already at hand (an import's report) leaves out the load.
 */
export function DataTable<T>({
  label,
  rows,
  rowId,
  columns,
  loading = false,
  error = "",
  onRetry = () => {},
  empty = "",
  spinner = "",
  selection,
  busy = false,
  pagination,
  rowClassName,
  detail,
  replaceRow,
  framed = true,
}: {
  /** The table's accessible name ("Pages table"). */
  label: string;
  rows: readonly T[];
  rowId(row: T): number;
  columns: readonly DataColumn<T>[];
  /** The rows' first load (omitted for rows at hand, as the four below). */
  loading?: boolean;
  /** The failure text, or "" when the load did not fail. */
  error?: string;
  onRetry?(): void;
  /** The text when there are no rows. */
  empty?: string;
  /** The text beside the spinner of the first load. */
  spinner?: string;
  /** Row selection with each row's checkbox label, the header's label, and the bulk bar. */
  selection?: {
    state: Selection;
    rowLabel(row: T): string;
    allLabel: string;
    selectedText(count: number): string;
    actions: readonly BulkAction[];
  };
  busy?: boolean;
  pagination?: { page: number; totalPages: number; onPage(page: number): void };
  rowClassName?(row: T): string;
  /** A row's opened detail, shown in a full-width row below it (an outbox mail's text). */
  detail?(row: T): { id: string; content: ReactNode } | null;
  /** A row shown as something else, its own `<tr>` (a row turned into its rename form). */
  replaceRow?(row: T): ReactNode | null;
  /** In its own card (else the screen's card holds it). */
  framed?: boolean;
}) {
  const headings = [
    ...(selection
      ? [
          {
            label: (
              <SelectAllCheckbox
                selection={selection.state}
                label={selection.allLabel}
                disabled={rows.length === 0}
              />
            ),
            className: "w-10",
          },
        ]
      : []),
    ...columns.map((column) => ({ label: column.header, className: column.className })),
  ];
  return (
    <div aria-busy={loading || undefined}>
      {selection?.actions.length ? (
        <BulkBar
          count={selection.state.ids.size}
          text={selection.selectedText(selection.state.ids.size)}
          actions={selection.actions}
          busy={busy}
          ids={[...selection.state.ids]}
        />
      ) : null}
      <div className="mt-4">
        <ListStates
          loading={loading}
          hasData={rows.length > 0}
          failed={error}
          empty={rows.length === 0 && !loading ? empty : ""}
          spinner={spinner}
          onRetry={onRetry}
        >
          <section
            aria-label={label}
            // relative: keeps the rows' visually hidden texts inside the scroll box.
            className={
              framed
                ? "relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
                : "relative overflow-x-auto"
            }
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            <table className={tableClass} aria-busy={busy || undefined}>
              <TableHead columns={headings} className="bg-slate-50 dark:bg-slate-800" />
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {rows.map((row) => {
                  const id = rowId(row);
                  const selected = selection?.state.has(id) ?? false;
                  const classes = [
                    selected ? "bg-blue-50 dark:bg-slate-800" : "",
                    rowClassName?.(row) ?? "",
                  ]
                    .filter(Boolean)
                    .join(" ");
                  const replaced = replaceRow?.(row);
                  if (replaced) return <Fragment key={id}>{replaced}</Fragment>;
                  const opened = detail?.(row);
                  return (
                    <Fragment key={id}>
                      <tr className={classes || undefined}>
                        {selection ? (
                          <td className={tdClass}>
                            <RowCheckbox
                              selection={selection.state}
                              id={id}
                              label={selection.rowLabel(row)}
                            />
                          </td>
                        ) : null}
                        {columns.map((column, index) => {
                          const Cell = column.rowHeader ? "th" : "td";
                          const header = column.rowHeader ? "text-left font-medium" : "";
                          return (
                            <Cell
                              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                              key={index}
                              scope={column.rowHeader ? "row" : undefined}
                              className={`${tdClass} ${header} ${column.cellClassName ?? column.className ?? ""}`}
                            >
                              {column.cell(row)}
                            </Cell>
                          );
                        })}
                      </tr>
                      {opened ? (
                        <tr id={opened.id}>
                          <td colSpan={headings.length} className={tdClass}>
                            {opened.content}
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </section>
          {pagination ? (
            <PageNav
              page={pagination.page}
              totalPages={pagination.totalPages}
              busy={loading}
              onPage={pagination.onPage}
            />
          ) : null}
        </ListStates>
      </div>
    </div>
  );
}
