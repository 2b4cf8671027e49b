import type { ReactNode } from "react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import type { ContentKind, ContentList, ListAnswer } from "#app/features/admin/content-list.tsx";

export type { ContentKind };

import { FlashBanners } from "#app/features/admin/flash.tsx";
import {
  Badge,
  PageHeader,
  RowButton,
  STATUS_BADGE,
  smallButton,
} from "#app/features/admin/ui.tsx";

type ContentRow = { id: number; title: string; status: string };

/** The Title column: the link to the editor (its id names the row for the row's buttons). */
export function titleColumn<Row extends ContentRow>(
  kind: ContentKind<Row>,
  className: string,
  extra: { before?(row: Row): ReactNode; after?(row: Row): ReactNode },
): DataColumn<Row> {
  return {
    header: "Title",
    className,
    cell: (row) => {
      const link = (
        <Link
          id={`${kind.singular}-title-${row.id}`}
          to={kind.editPath(row)}
          className="font-medium text-slate-900 hover:underline dark:text-slate-100"
        >
          {row.title}
        </Link>
      );
      const before = extra.before?.(row);
      return (
        <>
          {before === undefined ? (
            link
          ) : (
            <div className="flex items-start gap-1.5">
              {before}
              {link}
            </div>
          )}
          {extra.after?.(row)}
        </>
      );
    },
  };
}

export function statusColumn<Row extends ContentRow>(): DataColumn<Row> {
  return {
    header: "Status",
    cell: (row) => (
      <Badge className={STATUS_BADGE[row.status] ?? STATUS_BADGE.draft!}>{row.status}</Badge>
    ),
  };
}

/** Edit, View (in a new tab) and Delete of a row. */
export function actionsColumn<Row extends ContentRow>(
  kind: ContentKind<Row>,
  content: { busy: boolean; remove(row: Row): unknown },
): DataColumn<Row> {
  const titleId = (row: Row) => `${kind.singular}-title-${row.id}`;
  return {
    header: "Actions",
    cell: (row) => {
      const view = kind.viewHref(row);
      return (
        <div className="flex flex-nowrap gap-1.5">
          <Link to={kind.editPath(row)} className={smallButton} aria-describedby={titleId(row)}>
            Edit
          </Link>
          {view ? (
            <a
              href={view}
              target="_blank"
              rel="noopener noreferrer"
              className={smallButton}
              aria-describedby={`${titleId(row)} ${kind.plural}-new-tab-hint`}
            >
              View
            </a>
          ) : null}
          <RowButton
            danger
            disabled={content.busy}
            onClick={() => content.remove(row)}
            aria-describedby={titleId(row)}
          >
            Delete
          </RowButton>
        </div>
      );
    },
  };
}

/**
 * A post or page list screen: header with its New button, notices, search and
 * status filter, and the table with selection, bulk actions and pages.
 */
export function ContentScreen<L extends ListAnswer, Row extends ContentRow>({
  content,
  title,
  subtitle,
  columns,
}: {
  content: ContentList<L, Row>;
  title: string;
  subtitle: string;
  columns: DataColumn<Row>[];
}) {
  const { singular, plural } = content.kind;
  const Singular = singular.charAt(0).toUpperCase() + singular.slice(1);
  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Link to={`/admin/${plural}/new`} className="btn-primary">
            New {Singular}
          </Link>
        }
      />
      <FlashBanners flash={content.flash} />
      <span id={`${plural}-new-tab-hint`} hidden>
        (opens in a new tab)
      </span>
      {content.filters}
      <DataTable
        label={`${title} table`}
        rows={content.rows}
        rowId={(row) => row.id}
        columns={columns}
        loading={content.loading}
        error={content.list.error ? `Failed to load ${plural}. Please try again.` : ""}
        onRetry={content.reload}
        empty={`No ${plural} found matching your criteria. Try adjusting your filters or create a new ${singular}.`}
        spinner={`Loading ${plural}...`}
        busy={content.busy}
        selection={{
          state: content.selection,
          rowLabel: (row) => `Select ${row.title}`,
          allLabel: `Select all ${plural} on this page`,
          selectedText: (count) => `${count} ${singular}(s) selected`,
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
