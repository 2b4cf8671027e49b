import { Link } from "react-router";
import { Alert } from "#app/components/ui/form.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";

/**
 * The top of the post and page editors: the title, Preview / Edit Mode (for
 * the `{noun}-editor-body` below), Cancel back to the list, and the failed
 * save's banner.
 */
export function EditorHeader({
  noun,
  title,
  preview,
  onPreview,
  banner,
  onDismiss,
}: {
  /** "post" or "page": the list Cancel leads to and the body's id. */
  noun: "post" | "page";
  title: string;
  preview: boolean;
  onPreview(): void;
  banner: string | null;
  onDismiss(): void;
}) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <button
              type="button"
              className="btn-outline"
              onClick={onPreview}
              aria-controls={`${noun}-editor-body`}
            >
              {preview ? "Edit Mode" : "Preview"}
            </button>
            <Link to={`/admin/${noun}s`} className="btn-outline">
              Cancel
            </Link>
          </>
        }
      />
      {banner ? (
        <div className="mb-4">
          <Alert kind="error" onDismiss={onDismiss}>
            {banner}
          </Alert>
        </div>
      ) : null}
    </>
  );
}
