import { useParams } from "react-router";
import { editorMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { PageEditor } from "#app/features/admin/pages/page-editor.tsx";

// One module serves /admin/pages/new and /admin/pages/:id/edit.
export const meta = editorMeta("page");

function PageEditorScreen() {
  const { id } = useParams();
  // A new key per page: moving between pages starts a fresh form.
  return <PageEditor key={id ?? "new"} pageId={id ?? null} />;
}

export default guarded("pages:manage", PageEditorScreen);
