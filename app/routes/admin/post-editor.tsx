import { useParams } from "react-router";
import { PostEditor } from "#app/features/admin/editor/post-editor.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { postIdFromParam } from "#common/limits.ts";
import type { Route } from "./+types/post-editor";

// One module serves /admin/posts/new, /admin/posts/:id/edit and /admin/posts/edit/:id.
export function meta({ matches, params }: Route.MetaArgs) {
  const id = (params as { id?: string }).id;
  return pageMeta({
    title: id ? "Edit Post" : "Create Post",
    root: rootFromMatches(matches),
    path: id ? `/admin/posts/${id}/edit` : "/admin/posts/new",
    noindex: true,
  });
}

export default function PostEditorPage() {
  const { id } = useParams();
  const postId = id === undefined ? null : postIdFromParam(id);
  // A new key per post: moving between posts starts a fresh form.
  return <PostEditor key={postId ?? "new"} postId={postId} />;
}
