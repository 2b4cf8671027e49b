import { useContentList } from "#app/features/admin/content-list.tsx";
import {
  actionsColumn,
  type ContentKind,
  ContentScreen,
  statusColumn,
  titleColumn,
} from "#app/features/admin/content-screen.tsx";
import { formatDate } from "#common/text.ts";
import type { PageList, PageSummary } from "#common/types.ts";

const PAGE_SIZE = 20;

const PAGES: ContentKind<PageSummary> = {
  singular: "page",
  plural: "pages",
  editPath: (page) => `/admin/pages/${page.id}/edit`,
  viewHref: (page) => (page.status === "published" ? `/${page.slug}` : null),
};

/** The admin's list of company pages: search, status filter, bulk actions, paging. */
export function PagesScreen() {
  const content = useContentList<PageList, PageSummary>({
    endpoint: "/pages",
    pageSize: PAGE_SIZE,
    kind: PAGES,
    rowsOf: (answer) => answer.pages,
  });
  return (
    <ContentScreen
      content={content}
      title="Pages"
      subtitle="Manage your company's pages: About-like pages, Terms, Privacy"
      columns={[
        titleColumn(PAGES, "min-w-56", {
          after: (page) =>
            page.noindex ? (
              <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
                Hidden from search engines
              </p>
            ) : null,
        }),
        {
          header: "Address",
          cell: (page) => <span className="font-mono text-xs break-all">/{page.slug}</span>,
        },
        statusColumn<PageSummary>(),
        {
          header: "Updated",
          cellClassName: "whitespace-nowrap",
          cell: (page) => <time dateTime={page.updated_at}>{formatDate(page.updated_at)}</time>,
        },
        actionsColumn(PAGES, content),
      ]}
    />
  );
}
