import { Link } from "react-router";
import { RowCheckbox, SelectAllCheckbox, type Selection } from "#app/features/admin/selection.tsx";
import {
  Badge,
  RowButton,
  STATUS_BADGE,
  smallButton,
  TableHead,
  tableClass,
  tdClass,
} from "#app/features/admin/ui.tsx";
import { formatDate, formatNumber } from "#common/text.ts";
import type { PostSummary } from "#common/types.ts";
import { authorName, names } from "./post-helpers.ts";

type Props = {
  posts: PostSummary[];
  selection: Selection;
  onDelete(post: PostSummary): void;
  busy: boolean;
};

export function PostsTable({ posts, selection, onDelete, busy }: Props) {
  return (
    <section
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      aria-label="Posts table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <span id="posts-new-tab-hint" hidden>
        (opens in a new tab)
      </span>
      <table className={tableClass}>
        <TableHead
          className="bg-slate-50 dark:bg-slate-800"
          columns={[
            {
              label: (
                <SelectAllCheckbox selection={selection} label="Select all posts on this page" />
              ),
              className: "w-10",
            },
            { label: "Title", className: "min-w-64" },
            "Author",
            "Categories",
            "Status",
            { label: "Date", className: "whitespace-nowrap" },
            { label: "Views", className: "text-right" },
            "Actions",
          ]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {posts.map((post) => {
            const featured = post.isFeatured;
            const categories = names(post.categories);
            return (
              <tr
                key={post.id}
                className={selection.has(post.id) ? "bg-blue-50 dark:bg-slate-800" : ""}
              >
                <td className={tdClass}>
                  <RowCheckbox selection={selection} id={post.id} label={`Select ${post.title}`} />
                </td>
                <td className={tdClass}>
                  <div className="flex items-start gap-1.5">
                    {featured ? (
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
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{authorName(post.author)}</td>
                <td className={tdClass}>
                  {categories.length ? (
                    categories.join(", ")
                  ) : (
                    <span className="text-slate-600 dark:text-slate-300">—</span>
                  )}
                </td>
                <td className={tdClass}>
                  <Badge className={STATUS_BADGE[post.status] ?? STATUS_BADGE.draft!}>
                    {post.status}
                  </Badge>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {formatDate(post.published_at ?? post.created_at)}
                </td>
                <td className={`${tdClass} text-right tabular-nums`}>
                  {formatNumber(post.views ?? 0)}
                </td>
                <td className={tdClass}>
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
