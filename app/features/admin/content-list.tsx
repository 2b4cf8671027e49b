import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { BulkAction } from "#app/components/ui/data-table.tsx";
import { type Selection, useSelection } from "#app/components/ui/selection.tsx";
import { type Flash, useFlash } from "#app/features/admin/flash.tsx";
import { Card, inputClass } from "#app/features/admin/ui.tsx";
import { api, apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { type ApiQuery, useApiQuery } from "#app/lib/use-api-query.ts";
import { capitalise, counted } from "#common/text.ts";

const SEARCH_DELAY_MS = 300;

export const STATUS_FILTERS = ["all", "published", "draft", "scheduled"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const isStatusFilter = (value: string | null): value is StatusFilter =>
  STATUS_FILTERS.some((status) => status === value);

/** The filter buttons' texts: "All Posts", "Published", "Drafts", "Scheduled". */
function filterLabel(status: StatusFilter, plural: string): string {
  if (status === "all") return `All ${plural}`;
  return { published: "Published", draft: "Drafts", scheduled: "Scheduled" }[status];
}

export type ListAnswer = { page?: number; totalPages?: number };

type Bulk = "publish" | "draft" | "delete";

const BULK_DONE: Record<Bulk, string> = {
  publish: "published",
  draft: "moved to draft",
  delete: "deleted",
};

/** "Failed to publish 3 post(s): {reason}. Please try again." (no reason: no colon). */
function bulkFailure(action: Bulk, n: number, plural: string, error: unknown): string {
  const verb = action === "draft" ? "move to draft" : action;
  const text = failureText(`Failed to ${verb} ${n} ${plural}`, error, {
    otherwise: "",
    sentence: true,
  });
  return `${text} Please try again.`;
}

type ParamChanges = { status?: StatusFilter; search?: string; page?: number };

/** What a post or page list says and where its rows lead. */
export type ContentKind<Row> = {
  /** "post", "page" (ids, texts); `plural` is the list's ("posts"). */
  singular: string;
  plural: string;
  /** The editor of a row. */
  editPath(row: Row): string;
  /** The row on the public site, when it can be seen there. */
  viewHref(row: Row): string | null;
};

export type ContentList<L extends ListAnswer, Row> = {
  kind: ContentKind<Row>;
  status: StatusFilter;
  /** The search of the URL, and what the box holds (the URL follows it after a pause). */
  search: string;
  query: string;
  setQueryParams(changes: ParamChanges): void;
  list: ApiQuery<L>;
  /** Loading, or on its way to the last page after landing past the end. */
  loading: boolean;
  rows: Row[];
  page: number;
  totalPages: number;
  selection: Selection;
  /** Loads the list again with nothing selected. */
  reload(): void;
  flash: Flash;
  /** The search box and the status filter above the table. */
  filters: ReactNode;
  /** Whether a delete or bulk action runs. */
  busy: boolean;
  /** Deletes one row after the user confirms. */
  remove(row: Row): Promise<void>;
  /** Delete, Publish, Move to Draft for the bulk bar. */
  bulkActions: BulkAction[];
};

/**
 * The state of a post or page list, all of it in the URL (`status`, `search`,
 * `page`): the load, the rows with their selection (cleared by every new load),
 * the search box that updates the URL after a pause in typing, and the notice
 * an editor hands over in the navigation state. A page past the end (after
 * deletes, or typed in the URL) is replaced by the last one.
 */
export function useContentList<L extends ListAnswer, Row extends { id: number }>({
  endpoint,
  pageSize,
  kind,
  rowsOf,
  bulkDeleteFailure,
}: {
  /** The list's path; a row is `{endpoint}/{id}`, the bulk actions `{endpoint}/bulk`. */
  endpoint: string;
  pageSize: number;
  /** What the list holds: its texts and ids, and where its rows lead. */
  kind: ContentKind<Row>;
  rowsOf(answer: L): Row[] | undefined;
  /** A bulk delete's own failure text (else the one of the other actions). */
  bulkDeleteFailure?(n: number, error: unknown): string;
}): ContentList<L, Row> {
  const { singular, plural: noun } = kind;
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status: StatusFilter = isStatusFilter(rawStatus) ? rawStatus : "all";
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const flash = useFlash();
  useNavigationNotice(flash);

  const setQueryParams = useCallback(
    (changes: ParamChanges) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const apply = (key: string, value: string | undefined, empty: string) => {
            if (value === undefined) return;
            if (value === empty) next.delete(key);
            else next.set(key, value);
          };
          apply("status", changes.status, "all");
          apply("search", changes.search, "");
          apply("page", changes.page === undefined ? undefined : String(changes.page), "1");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const search$ = useSearchBox(search, (term) => setQueryParams({ search: term, page: 1 }));

  const qs = new URLSearchParams({ status, page: String(page), limit: String(pageSize) });
  if (search) qs.set("search", search);
  const path = `${endpoint}?${qs}`;
  const list = useApiQuery<L>(path, {
    // Past the end: the URL moves to the last page, which loads next.
    load: (url, signal) =>
      apiData<L>(url, { signal }).then((answer) => {
        const last = Math.max(1, answer.totalPages || 1);
        if (page > last && !signal.aborted) setQueryParams({ page: last });
        return answer;
      }),
  });
  const totalPages = Math.max(1, list.data?.totalPages || 1);
  const pastEnd = !list.loading && !!list.data && page > totalPages;
  const loading = list.loading || pastEnd;
  const rows = !loading && !list.error && list.data ? (rowsOf(list.data) ?? []) : [];
  // Another page, filter or search starts with nothing selected.
  const selection = useSelection(
    rows.map((row) => row.id),
    path,
  );
  const reload = () => {
    selection.clear();
    list.reload();
  };
  const mutation = useApiMutation();
  const Singular = capitalise(singular);

  async function remove(row: Row) {
    if (!window.confirm(`Are you sure you want to delete this ${singular}?`)) return;
    flash.clearError();
    await mutation.run(
      async () => {
        await api(`${endpoint}/${row.id}`, { method: "DELETE" });
        flash.showSuccess(`${Singular} deleted successfully.`);
        reload();
      },
      {
        key: row.id,
        onError: (e) =>
          flash.showError(
            failureText(`Failed to delete ${singular}`, e, {
              otherwise: "Unknown error",
              sentence: true,
            }),
          ),
      },
    );
  }

  async function bulk(action: Bulk, ids: number[]) {
    const n = ids.length;
    if (!n) return;
    const confirm = `Are you sure you want to delete ${counted(n, singular, noun)}?`;
    if (action === "delete" && !window.confirm(confirm)) return;
    flash.clearError();
    await mutation.run(
      async () => {
        await api(`${endpoint}/bulk`, { body: { action, ids } });
        flash.showSuccess(`${n} ${singular}(s) ${BULK_DONE[action]}.`);
        reload();
      },
      {
        onError: (e) =>
          flash.showError(
            action === "delete" && bulkDeleteFailure
              ? bulkDeleteFailure(n, e)
              : bulkFailure(action, n, `${singular}(s)`, e),
          ),
      },
    );
  }

  const filters = (
    <Card className="mt-4">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <search className="w-full max-w-md">
          <form onSubmit={search$.submit} className="flex gap-2">
            <label htmlFor={`${noun}-search`} className="sr-only">
              Search {noun}
            </label>
            <input
              id={`${noun}-search`}
              type="search"
              value={search$.query}
              onChange={(e) => search$.type(e.target.value)}
              placeholder={`Search ${noun}...`}
              className={inputClass}
            />
          </form>
        </search>
        <fieldset className="flex min-w-0 flex-wrap gap-2">
          <legend className="sr-only">Filter by status</legend>
          {STATUS_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              className={filterButton(status === value)}
              onClick={() => setQueryParams({ status: value, page: 1 })}
            >
              {filterLabel(value, capitalise(noun))}
            </button>
          ))}
        </fieldset>
      </div>
    </Card>
  );

  return {
    kind,
    status,
    search,
    query: search$.query,
    setQueryParams,
    list,
    loading,
    rows,
    page: list.data?.page || page,
    totalPages,
    selection,
    reload,
    flash,
    filters,
    busy: mutation.busy,
    remove,
    bulkActions: [
      { label: "Delete", tone: "danger", onRun: (ids) => bulk("delete", ids) },
      { label: "Publish", tone: "confirm", onRun: (ids) => bulk("publish", ids) },
      { label: "Move to Draft", onRun: (ids) => bulk("draft", ids) },
    ],
  };
}

function filterButton(active: boolean) {
  return `rounded-full px-4 py-1.5 text-sm font-medium ${
    active
      ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900"
      : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
  }`;
}

/**
 * A search box over the URL's search: what is typed goes to `commit` after a
 * pause (or at once on Enter); when the URL's search changes by itself
 * (back/forward) the box shows it.
 */
function useSearchBox(search: string, commit: (term: string) => void) {
  const [query, setQuery] = useState(search);
  const [shown, setShown] = useState(search);
  const timer = useRef<number | undefined>(undefined);
  if (shown !== search) {
    // The URL changed: the box follows it (during render, not in an effect).
    setShown(search);
    setQuery(search);
  }
  // Nothing is committed after the screen is gone.
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (value: string) => {
    window.clearTimeout(timer.current);
    const term = value.trim();
    if (term !== search) commit(term);
  };
  return {
    query,
    type(value: string) {
      setQuery(value);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => send(value), SEARCH_DELAY_MS);
    },
    submit(event: FormEvent) {
      event.preventDefault();
      send(query);
    },
  };
}

/** The editor's success message arrives in the navigation state; shown once. */
function useNavigationNotice(flash: Flash) {
  const location = useLocation();
  const navigate = useNavigate();
  const { showSuccess } = flash;
  useEffect(() => {
    const state = location.state as { notice?: unknown } | null;
    if (typeof state?.notice === "string") {
      showSuccess(state.notice);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate, showSuccess]);
}
