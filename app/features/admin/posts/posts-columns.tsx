import { Link } from "react-router";
import type { DataColumn } from "#app/features/admin/data-table.tsx";
import { Badge, RowButton, STATUS_BADGE, smallButton } from "#app/features/admin/ui.tsx";
import { formatDate, formatNumber } from "#common/text.ts";
import type { PostSummary } from "#common/types.ts";
import { authorName, names } from "./post-helpers.ts";

/** The columns of the posts table; "View" is described by `posts-new-tab-hint`. */
export function postColumns({
  busy,
  onDelete,
}: {
  busy: boolean;
  onDelete(post: PostSummary): void;
}): DataColumn<PostSummary>[] {
  return [
    {
      header: "Title",
      className: "min-w-64",
      cell: (post) => (
        <>
          <div className="flex items-start gap-1.5">
            {post.isFeatured ? (
              <span
                role="img"
                aria-label="Featured Post"
                title="Featured Post"
                className="text-amber-700 dark:text-amber-300"
              >
                ★
              </span>
            ) : null}
            <Link
              id={`post-title-${post.id}`}
              to={`/admin/posts/${post.id}/edit`}
              className="font-medium text-slate-900 hover:underline dark:text-slate-100"
            >
              {post.title}
            </Link>
          </div>
          {post.excerpt ? (
            <p className="mt-0.5 line-clamp-2 text-xs text-slate-600 dark:text-slate-300">
              {post.excerpt}
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: "Author",
      cellClassName: "whitespace-nowrap",
      cell: (post) => authorName(post.author),
    },
    {
      header: "Categories",
      cell: (post) => {
        const categories = names(post.categories);
        return categories.length ? (
          categories.join(", ")
        ) : (
          <span className="text-slate-600 dark:text-slate-300">—</span>
        );
      },
    },
    {
      header: "Status",
      cell: (post) => (
        <Badge className={STATUS_BADGE[post.status] ?? STATUS_BADGE.draft!}>{post.status}</Badge>
      ),
    },
    {
      header: "Date",
      className: "whitespace-nowrap",
      cell: (post) => formatDate(post.published_at ?? post.created_at),
    },
    {
      header: "Views",
      className: "text-right",
      cellClassName: "text-right tabular-nums",
      cell: (post) => formatNumber(post.views ?? 0),
    },
    {
      header: "Actions",
      cell: (post) => (
        <div className="flex flex-nowrap gap-1.5">
          <Link
            to={`/admin/posts/${post.id}/edit`}
            className={smallButton}
            aria-describedby={`post-title-${post.id}`}
          >
            Edit
          </Link>
          <a
            href={`/blog/${post.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            className={smallButton}
            aria-describedby={`post-title-${post.id} posts-new-tab-hint`}
          >
            View
          </a>
          <RowButton
            danger
            disabled={busy}
            onClick={() => onDelete(post)}
            aria-describedby={`post-title-${post.id}`}
          >
            Delete
          </RowButton>
        </div>
      ),
    },
  ];
}
