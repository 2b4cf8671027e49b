import { useParams } from "react-router";
import { editorMeta } from "#app/features/admin/admin-route.tsx";
import { PostEditor } from "#app/features/admin/editor/post-editor.tsx";
import { postIdFromParam } from "#common/limits.ts";

// One module serves /admin/posts/new, /admin/posts/:id/edit and /admin/posts/edit/:id.
export const meta = editorMeta("post");

export default function PostEditorPage() {
  const { id } = useParams();
  const postId = id === undefined ? null : postIdFromParam(id);
  // A new key per post: moving between posts starts a fresh form.
  return <PostEditor key={postId ?? "new"} postId={postId} />;
}
