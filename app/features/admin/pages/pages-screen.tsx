import { Link } from "react-router";
import { useContentList } from "#app/features/admin/content-list.tsx";
import { type DataColumn, DataTable } from "#app/features/admin/data-table.tsx";
import { FlashBanners } from "#app/features/admin/flash.tsx";
import {
  Badge,
  PageHeader,
  RowButton,
  STATUS_BADGE,
  smallButton,
} from "#app/features/admin/ui.tsx";
import { formatDate } from "#common/text.ts";
import type { PageList, PageSummary } from "#common/types.ts";

const PAGE_SIZE = 20;

/** The admin's list of company pages: search, status filter, bulk actions, paging. */
export function PagesScreen() {
  const content = useContentList<PageList, PageSummary>({
    endpoint: "/pages",
    pageSize: PAGE_SIZE,
    noun: "pages",
    singular: "page",
    rowsOf: (answer) => answer.pages,
  });

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
            disabled={content.busy}
            onClick={() => content.remove(row)}
            aria-describedby={`page-title-${row.id}`}
          >
            Delete
          </RowButton>
        </div>
      ),
    },
  ];

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
      <FlashBanners flash={content.flash} />
      <span id="pages-new-tab-hint" hidden>
        (opens in a new tab)
      </span>

      {content.filters}

      <DataTable
        label="Pages table"
        rows={content.rows}
        rowId={(row) => row.id}
        columns={columns}
        loading={content.loading}
        error={content.list.error ? "Failed to load pages. Please try again." : ""}
        onRetry={content.reload}
        empty="No pages found matching your criteria. Try adjusting your filters or create a new page."
        spinner="Loading pages..."
        busy={content.busy}
        selection={{
          state: content.selection,
          rowLabel: (row) => `Select ${row.title}`,
          allLabel: "Select all pages on this page",
          selectedText: (count) => `${count} page(s) selected`,
          actions: content.bulkActions,
        }}
        pagination={{
          page: content.page,
          totalPages: content.totalPages,
          onPage: (next) => content.setQueryParams({ page: next }),
        }}
      />
    </div>
  );
}
