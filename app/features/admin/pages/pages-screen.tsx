import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { type BulkAction, type DataColumn, DataTable } from "#app/features/admin/data-table.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { useSelection } from "#app/features/admin/selection.tsx";
import {
  Badge,
  Card,
  inputClass,
  PageHeader,
  RowButton,
  STATUS_BADGE,
  smallButton,
} from "#app/features/admin/ui.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { formatDate } from "#common/text.ts";
import type { PageList, PageSummary } from "#common/types.ts";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

export const PAGE_STATUS_FILTERS = [
  { value: "all", label: "All Pages" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Drafts" },
  { value: "scheduled", label: "Scheduled" },
] as const;

type StatusFilter = (typeof PAGE_STATUS_FILTERS)[number]["value"];
type Bulk = "publish" | "draft" | "delete";

const isStatusFilter = (value: string | null): value is StatusFilter =>
  PAGE_STATUS_FILTERS.some((filter) => filter.value === value);

const BULK_DONE: Record<Bulk, string> = {
  publish: "published",
  draft: "moved to draft",
  delete: "deleted",
};

/** The admin's list of company pages: search, status filter, bulk actions, paging. */
export function PagesScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status: StatusFilter = isStatusFilter(rawStatus) ? rawStatus : "all";
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [query, setQuery] = useState(search);
  const mutation = useApiMutation();
  const flash = useFlash();

  const setQueryParams = useCallback(
    (changes: { status?: StatusFilter; search?: string; page?: number }) => {
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

  // The editor's success message arrives in the navigation state; show it once.
  useEffect(() => {
    const state = location.state as { notice?: unknown } | null;
    if (typeof state?.notice === "string") {
      flash.showSuccess(state.notice);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate, flash.showSuccess]);

  // The box follows the URL (back/forward), and the URL the box, after a pause in typing.
  useEffect(() => setQuery(search), [search]);
  useEffect(() => {
    const term = query.trim();
    if (term === search) return;
    const timer = window.setTimeout(
      () => setQueryParams({ search: term, page: 1 }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [query, search, setQueryParams]);

  const qs = new URLSearchParams({ status, page: String(page), limit: String(PAGE_SIZE) });
  if (search) qs.set("search", search);
  const list = useApiQuery<PageList>(`/pages?${qs}`);
  const { reload } = list;
  const totalPages = Math.max(1, list.data?.totalPages || 1);
  // A page of the list past the end (after deletes, or typed in the URL): the last one instead.
  const pastEnd = !list.loading && !!list.data && page > totalPages;
  useEffect(() => {
    if (pastEnd) setQueryParams({ page: totalPages });
  }, [pastEnd, totalPages, setQueryParams]);
  const loading = list.loading || pastEnd;
  const pages = !loading && !list.error ? (list.data?.pages ?? []) : [];
  const selection = useSelection(pages.map((p) => p.id));
  // A new load (another filter, search or page, or after a change) starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a load starts
  useEffect(() => {
    if (loading) selection.clear();
  }, [loading]);

  const deletePage = async (row: PageSummary) => {
    if (!window.confirm("Are you sure you want to delete this page?")) return;
    flash.clearError();
    await mutation.run(
      async () => {
        await api(`/pages/${row.id}`, { method: "DELETE" });
        flash.showSuccess("Page deleted successfully.");
        reload();
      },
      {
        key: row.id,
        onError: (e) =>
          flash.showError(
            failureText("Failed to delete page", e, {
              otherwise: "Unknown error",
              sentence: true,
            }),
          ),
      },
    );
  };

  const bulk = async (action: Bulk, ids: number[]) => {
    const n = ids.length;
    if (!n) return;
    if (
      action === "delete" &&
      !window.confirm(`Are you sure you want to delete ${n} ${n === 1 ? "page" : "pages"}?`)
    ) {
      return;
    }
    flash.clearError();
    await mutation.run(
      async () => {
        await api("/pages/bulk", { body: { action, ids } });
        flash.showSuccess(`${n} page(s) ${BULK_DONE[action]}.`);
        selection.clear();
        reload();
      },
      {
        onError: (e) => {
          const verb = action === "draft" ? "move to draft" : action;
          const text = failureText(`Failed to ${verb} ${n} page(s)`, e, {
            otherwise: "",
            sentence: true,
          });
          flash.showError(`${text} Please try again.`);
        },
      },
    );
  };

  const actions: BulkAction[] = [
    { label: "Delete", tone: "danger", onRun: (ids) => bulk("delete", ids) },
    { label: "Publish", tone: "confirm", onRun: (ids) => bulk("publish", ids) },
    { label: "Move to Draft", onRun: (ids) => bulk("draft", ids) },
  ];

  const columns: DataColumn<PageSummary>[] = [
    {
      header: "Title",
      className: "min-w-56",
      cell: (row) => (
        <>
          <Link
            id={`page-title-${row.id}`}
            to={`/admin/pages/${row.id}/edit`}
            className="font-medium text-slate-900 hover:underline dark:text-slate-100"
          >
            {row.title}
          </Link>
          {row.noindex ? (
            <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
              Hidden from search engines
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: "Address",
      cell: (row) => <span className="font-mono text-xs break-all">/{row.slug}</span>,
    },
    {
      header: "Status",
      cell: (row) => (
        <Badge className={STATUS_BADGE[row.status] ?? STATUS_BADGE.draft!}>{row.status}</Badge>
      ),
    },
    {
      header: "Updated",
      cellClassName: "whitespace-nowrap",
      cell: (row) => <time dateTime={row.updated_at}>{formatDate(row.updated_at)}</time>,
    },
    {
      header: "Actions",
      cell: (row) => (
        <div className="flex flex-nowrap gap-1.5">
          <Link
            to={`/admin/pages/${row.id}/edit`}
            className={smallButton}
            aria-describedby={`page-title-${row.id}`}
          >
            Edit
          </Link>
          {row.status === "published" ? (
            <a
              href={`/${row.slug}`}
              target="_blank"
              rel="noopener noreferrer"
              className={smallButton}
              aria-describedby={`page-title-${row.id} pages-new-tab-hint`}
            >
              View
            </a>
          ) : null}
          <RowButton
            danger
            disabled={mutation.busy}
            onClick={() => deletePage(row)}
            aria-describedby={`page-title-${row.id}`}
          >
            Delete
          </RowButton>
        </div>
      ),
    },
  ];

  const filterButton = (active: boolean) =>
    `rounded-full px-4 py-1.5 text-sm font-medium ${
      active
        ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900"
        : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
    }`;

  return (
    <div>
      <PageHeader
        title="Pages"
        subtitle="Manage your company's pages: About-like pages, Terms, Privacy"
        actions={
          <Link to="/admin/pages/new" className="btn-primary">
            New Page
          </Link>
        }
      />
      <FlashBanners flash={flash} />
      <span id="pages-new-tab-hint" hidden>
        (opens in a new tab)
      </span>

      <Card className="mt-4">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <search className="w-full max-w-md">
            <form
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                setQueryParams({ search: query.trim(), page: 1 });
              }}
            >
              <label htmlFor="pages-search" className="sr-only">
                Search pages
              </label>
              <input
                id="pages-search"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Search pages..."
                className={inputClass}
              />
            </form>
          </search>
          <fieldset className="flex min-w-0 flex-wrap gap-2">
            <legend className="sr-only">Filter by status</legend>
            {PAGE_STATUS_FILTERS.map((filter) => (
              <button
                key={filter.value}
                type="button"
                aria-pressed={status === filter.value}
                className={filterButton(status === filter.value)}
                onClick={() => setQueryParams({ status: filter.value, page: 1 })}
              >
                {filter.label}
              </button>
            ))}
          </fieldset>
        </div>
      </Card>

      <DataTable
        label="Pages table"
        rows={pages}
        rowId={(row) => row.id}
        columns={columns}
        loading={loading}
        error={list.error ? "Failed to load pages. Please try again." : ""}
        onRetry={reload}
        empty="No pages found matching your criteria. Try adjusting your filters or create a new page."
        spinner="Loading pages..."
        busy={mutation.busy}
        selection={{
          state: selection,
          rowLabel: (row) => `Select ${row.title}`,
          allLabel: "Select all pages on this page",
          selectedText: (count) => `${count} page(s) selected`,
          actions,
        }}
        pagination={{
          page: list.data?.page || page,
          totalPages,
          onPage: (next) => setQueryParams({ page: next }),
        }}
      />
    </div>
  );
}
