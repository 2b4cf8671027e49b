import { EditorLoadState } from "#app/features/admin/editor/editor-load-state.tsx";
import { RevisionsPanel } from "#app/features/admin/revisions/revisions-panel.tsx";
import { ApiError, failureText } from "#app/lib/api.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { Page } from "#common/types.ts";
import { PageForm } from "./page-form.tsx";

/** The load failure: "Page with ID {id} not found." for a 404, else the reason. */
function loadFailure(id: string, error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return `Page with ID ${id} not found.`;
  return failureText("Failed to load page.", error, { otherwise: "Please try again later." });
}

/** The page editor: create when `pageId` is null, else load that page and edit it. */
export function PageEditor({ pageId }: { pageId: string | null }) {
  const isEdit = pageId !== null;
  const {
    data: page,
    cause,
    setData,
  } = useApiQuery<Page>(isEdit ? `/pages/${encodeURIComponent(pageId)}` : null);
  if (isEdit && (cause || !page)) {
    return <EditorLoadState noun="page" failure={cause ? loadFailure(pageId, cause) : null} />;
  }
  // A restored revision replaces the page: the form starts again from it.
  return (
    <>
      <PageForm key={page?.updated_at} page={page} />
      {page ? (
        <RevisionsPanel current={{ type: "page", document: page }} onRestored={setData} />
      ) : null}
    </>
  );
}
