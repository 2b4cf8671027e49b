import { RevisionsPanel } from "#app/features/admin/revisions/revisions-panel.tsx";
import { ApiError, apiData, failureText } from "#app/lib/api.ts";
import { useAuth } from "#app/lib/auth.tsx";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { canManagePost } from "#common/permissions.ts";
import type { Post } from "#common/types.ts";
import { EditorLoadState } from "./editor-load-state.tsx";
import { PostForm } from "./post-form.tsx";

async function loadPost(id: string, signal: AbortSignal): Promise<Post> {
  if (!id) throw new Error("No ID provided for post retrieval");
  const post = await apiData<Post | null>(`/blog/posts/id/${encodeURIComponent(id)}`, { signal });
  if (!post || typeof post !== "object") {
    throw new Error("Post not found or invalid response format");
  }
  if (Object.keys(post).length === 0) throw new Error("Empty post data received");
  return post;
}

/**
 * The spec's load failure: "Post with ID {id} not found." for a 404, else
 * "Failed to load post." and the reason: the server's message, else
 * "Server responded with status {code}.", else "Please try again later.".
 */
function loadFailure(id: string, error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return `Post with ID ${id} not found.`;
  const status =
    error instanceof ApiError && error.status > 0
      ? `Server responded with status ${error.status}.`
      : "";
  return failureText("Failed to load post.", error, {
    otherwise: status || "Please try again later.",
  });
}

/** The post editor: create when `postId` is null, else edit that post. */
export function PostEditor({ postId }: { postId: string | null }) {
  const isEdit = postId !== null;
  const { user } = useAuth();
  const {
    data: post,
    cause,
    setData,
  } = useApiQuery<Post>(isEdit ? `/blog/posts/id/${postId}` : null, {
    load: (_path, signal) => loadPost(postId ?? "", signal),
  });

  if (isEdit && (cause || !post)) {
    return <EditorLoadState noun="post" failure={cause ? loadFailure(postId, cause) : null} />;
  }
  // A restored revision replaces the post: the form starts again from it.
  return (
    <>
      <PostForm key={post?.updated_at} post={post} />
      {post && user && canManagePost(user, post) ? (
        <RevisionsPanel current={{ type: "post", document: post }} onRestored={setData} />
      ) : null}
    </>
  );
}
