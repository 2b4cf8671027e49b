import { Link } from "react-router";
import { useContentList } from "#app/features/admin/content-list.tsx";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { FlashBanners } from "#app/features/admin/flash.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { ApiError } from "#app/lib/api.ts";
import { POST_PAGE_SIZE } from "#common/limits.ts";
import type { PostList, PostSummary } from "#common/types.ts";
import { postColumns } from "./posts-columns.tsx";

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
    noun: "posts",
    singular: "post",
    rowsOf: (answer) => answer.posts,
    bulkDeleteFailure,
  });

  return (
    <div>
      <PageHeader
        title="Posts"
        subtitle="Manage your blog posts"
        actions={
          <Link to="/admin/posts/new" className="btn-primary">
            New Post
          </Link>
        }
      />
      <FlashBanners flash={content.flash} />
      <span id="posts-new-tab-hint" hidden>
        (opens in a new tab)
      </span>
      {content.filters}
      <DataTable
        label="Posts table"
        rows={content.rows}
        rowId={(post) => post.id}
        columns={postColumns({ busy: content.busy, onDelete: content.remove })}
        loading={content.loading}
        error={content.list.error ? "Failed to load posts. Please try again." : ""}
        onRetry={content.reload}
        empty="No posts found matching your criteria. Try adjusting your filters or create a new post."
        spinner="Loading posts..."
        busy={content.busy}
        selection={{
          state: content.selection,
          rowLabel: (post) => `Select ${post.title}`,
          allLabel: "Select all posts on this page",
          selectedText: (count) => `${count} post(s) selected`,
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
