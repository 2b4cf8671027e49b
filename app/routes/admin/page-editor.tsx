import { useParams } from "react-router";
import { guarded } from "#app/features/admin/admin-route.tsx";
import { PageEditor } from "#app/features/admin/pages/page-editor.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/page-editor";

// One module serves /admin/pages/new and /admin/pages/:id/edit.
export function meta({ matches, params }: Route.MetaArgs) {
  const id = (params as { id?: string }).id;
  return pageMeta({
    title: id ? "Edit Page" : "Create Page",
    root: rootFromMatches(matches),
    path: id ? `/admin/pages/${id}/edit` : "/admin/pages/new",
    noindex: true,
  });
}

function PageEditorScreen() {
  const { id } = useParams();
  // A new key per page: moving between pages starts a fresh form.
  return <PageEditor key={id ?? "new"} pageId={id ?? null} />;
}

export default guarded("pages:manage", PageEditorScreen);
