import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { useSelection } from "#app/features/admin/selection.tsx";
import { Card, inputClass, PageHeader, PageNav } from "#app/features/admin/ui.tsx";
import { ApiError, api, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { POST_PAGE_SIZE } from "#common/limits.ts";
import type { PostList, PostSummary } from "#common/types.ts";
import { isStatusFilter, POST_STATUS_FILTERS, type PostStatusFilter } from "./post-helpers.ts";
import { PostsTable } from "./posts-table.tsx";

const SEARCH_DELAY_MS = 300;

type BulkAction = "publish" | "draft" | "delete";

/** The failure text of a bulk action on `n` posts. */
function bulkFailure(action: BulkAction, n: number, error: unknown): string {
  if (action === "delete") {
    return error instanceof ApiError && (error.status === 403 || error.status === 404)
      ? "Failed to delete some or all posts. Please try again."
      : `Failed to delete ${n} posts. Please try again.`;
  }
  const verb = action === "publish" ? "publish" : "move to draft";
  const text = failureText(`Failed to ${verb} ${n} post(s)`, error, {
    otherwise: "",
    sentence: true,
  });
  return `${text} Please try again.`;
}

export function PostsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status: PostStatusFilter = isStatusFilter(rawStatus) ? rawStatus : "all";
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  const [query, setQuery] = useState(search);
  const mutation = useApiMutation();
  const busy = mutation.busy;
  const flash = useFlash();

  const setQueryParams = useCallback(
    (changes: { status?: PostStatusFilter; search?: string; page?: number }) => {
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

  // Keep the box in step with the URL (back/forward), and the URL with the box.
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

  const qs = new URLSearchParams({
    status,
    page: String(page),
    limit: String(POST_PAGE_SIZE.admin),
  });
  if (search) qs.set("search", search);
  const list = useApiQuery<PostList>(`/blog/posts?${qs}`);
  const { reload } = list;
  const totalPages = Math.max(1, list.data?.totalPages || 1);
  // A page past the end (after deletes, or typed in the URL): the last one is loaded instead.
  const pastEnd = !list.loading && !!list.data && page > totalPages;
  useEffect(() => {
    if (pastEnd) setQueryParams({ page: totalPages });
  }, [pastEnd, totalPages, setQueryParams]);
  const loading = list.loading || pastEnd;
  const ready = !loading && !list.error && list.data;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQueryParams({ search: query.trim(), page: 1 });
  };

  const deletePost = async (post: PostSummary) => {
    if (!window.confirm("Are you sure you want to delete this post?")) return;
    flash.clearError();
    await mutation.run(
      async () => {
        await api(`/blog/posts/${post.id}`, { method: "DELETE" });
        flash.showSuccess("Post deleted successfully.");
        reload();
      },
      {
        onError: (e) =>
          flash.showError(
            failureText("Failed to delete post", e, {
              otherwise: "Unknown error",
              sentence: true,
            }),
          ),
      },
    );
  };

  const bulk = async (action: BulkAction) => {
    const ids = [...selection.ids];
    const n = ids.length;
    if (!n) return;
    if (
      action === "delete" &&
      !window.confirm(`Are you sure you want to delete ${n} ${n === 1 ? "post" : "posts"}?`)
    ) {
      return;
    }
    flash.clearError();
    await mutation.run(
      async () => {
        await api("/blog/posts/bulk", { body: { action, ids } });
        flash.showSuccess(
          action === "delete"
            ? `${n} post(s) deleted.`
            : action === "publish"
              ? `${n} post(s) published.`
              : `${n} post(s) moved to draft.`,
        );
        selection.clear();
        reload();
      },
      { onError: (e) => flash.showError(bulkFailure(action, n, e)) },
    );
  };

  const posts = ready ? (list.data?.posts ?? []) : [];
  const selection = useSelection(posts.map((p) => p.id));
  // A new load (another page, filter or search, or after a change) starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a load starts
  useEffect(() => {
    if (loading) selection.clear();
  }, [loading]);
  const filterButton = (active: boolean) =>
    `rounded-full px-4 py-1.5 text-sm font-medium ${
      active
        ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900"
        : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
    }`;

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

      <FlashBanners flash={flash} />

      <Card className="mt-4">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <search className="w-full max-w-md">
            <form onSubmit={onSearch} className="flex gap-2">
              <label htmlFor="posts-search" className="sr-only">
                Search posts
              </label>
              <input
                id="posts-search"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Search posts..."
                className={inputClass}
              />
            </form>
          </search>
          <fieldset className="flex min-w-0 flex-wrap gap-2">
            <legend className="sr-only">Filter by status</legend>
            {POST_STATUS_FILTERS.map((filter) => (
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

      {selection.ids.size > 0 ? (
        <section
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 dark:border-blue-800 dark:bg-blue-950"
        >
          <p className="text-sm font-medium text-blue-900 dark:text-blue-100" aria-live="polite">
            {selection.ids.size} post(s) selected
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => bulk("delete")}
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              Delete
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => bulk("publish")}
              className="rounded-md bg-green-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-60"
            >
              Publish
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => bulk("draft")}
              className="rounded-md bg-slate-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-800 disabled:opacity-60 dark:bg-slate-600 dark:hover:bg-slate-500"
            >
              Move to Draft
            </button>
          </div>
        </section>
      ) : null}

      <div className="mt-4" aria-busy={loading}>
        {loading ? (
          <Spinner label="Loading posts..." />
        ) : list.error ? (
          <div className="space-y-3">
            <Alert kind="error">Failed to load posts. Please try again.</Alert>
            <button type="button" className="btn-outline" onClick={reload}>
              Try Again
            </button>
          </div>
        ) : posts.length === 0 ? (
          <Card>
            <p className="py-8 text-center text-slate-600 dark:text-slate-300">
              No posts found matching your criteria. Try adjusting your filters or create a new
              post.
            </p>
          </Card>
        ) : (
          <>
            <PostsTable posts={posts} selection={selection} busy={busy} onDelete={deletePost} />
            <PageNav
              page={list.data?.page || page}
              totalPages={list.data?.totalPages ?? 1}
              onPage={(next) => setQueryParams({ page: next })}
            />
          </>
        )}
      </div>
    </div>
  );
}
