import { useContentList } from "#app/features/admin/content-list.tsx";
import {
  actionsColumn,
  type ContentKind,
  ContentScreen,
  statusColumn,
  titleColumn,
} from "#app/features/admin/content-screen.tsx";
import { ApiError } from "#app/lib/api.ts";
import { POST_PAGE_SIZE } from "#common/limits.ts";
import { formatDate, formatNumber } from "#common/text.ts";
import type { PostList, PostSummary } from "#common/types.ts";
import { authorName, names } from "./post-helpers.ts";

const POSTS: ContentKind<PostSummary> = {
  singular: "post",
  plural: "posts",
  editPath: (post) => `/admin/posts/${post.id}/edit`,
  // Drafts and scheduled posts have no public address yet (as pages): no View that opens a 404.
  viewHref: (post) => (post.status === "published" ? `/blog/${post.slug}` : null),
};

/** A bulk delete's failure: the spec's text, without the server's reason. */
function bulkDeleteFailure(n: number, error: unknown): string {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
    ? "Failed to delete some or all posts. Please try again."
    : `Failed to delete ${n} posts. Please try again.`;
}

export function PostsScreen() {
  const content = useContentList<PostList, PostSummary>({
    endpoint: "/blog/posts",
    pageSize: POST_PAGE_SIZE.admin,
    kind: POSTS,
    rowsOf: (answer) => answer.posts,
    bulkDeleteFailure,
  });
  return (
    <ContentScreen
      content={content}
      title="Posts"
      subtitle="Manage your blog posts"
      columns={[
        titleColumn(POSTS, "min-w-64", {
          before: (post) =>
            post.isFeatured ? (
              <span
                role="img"
                aria-label="Featured Post"
                title="Featured Post"
                className="text-amber-700 dark:text-amber-300"
              >
                ★
              </span>
            ) : null,
          after: (post) =>
            post.excerpt ? (
              <p className="mt-0.5 line-clamp-2 text-xs text-slate-600 dark:text-slate-300">
                {post.excerpt}
              </p>
            ) : null,
        }),
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
        statusColumn<PostSummary>(),
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
        actionsColumn(POSTS, content),
      ]}
    />
  );
}
