import { useState } from "react";
import { Alert } from "#app/components/ui/form.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { documentApiPath } from "#common/documents.ts";
import { formatDateTime } from "#common/text.ts";
import type { RevisionSummary } from "#common/types.ts";
import { RevisionCompare } from "./revision-compare.tsx";
import { REASON_LABELS, type RevisionDocument } from "./revision-fields.ts";

export const RESTORE_CONFIRM =
  "Restore this revision? Its content replaces the current version (which stays in the revisions), and unsaved changes in the editor are lost. The address and the publication state stay as they are.";
export const RESTORED_NOTICE = "Revision restored. The editor shows the restored content.";

/**
 * The "Revisions" card of the post editor, the page editor and the service
 * form: the document's revisions (when, who, why), a compare of one against
 * the current version, and a restore, which saves that revision's content as
 * a new version and hands the document to `onRestored` (the editor reloads
 * its form with it).
 */
export function RevisionsPanel<D extends RevisionDocument>({
  current,
  onRestored,
}: {
  current: D;
  onRestored: (document: D["document"]) => void;
}) {
  const path = documentApiPath(current.type, current.document.id);
  const revisions = useApiQuery<RevisionSummary[]>(`${path}/revisions`);
  const [comparing, setComparing] = useState<RevisionSummary | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const mutation = useApiMutation();

  const restore = async (revision: RevisionSummary) => {
    if (!window.confirm(RESTORE_CONFIRM)) return;
    setNotice(null);
    await mutation.run(
      async () => {
        const restored = await apiData<D["document"]>(`${path}/revisions/${revision.id}/restore`, {
          method: "POST",
        });
        setComparing(null);
        onRestored(restored);
        revisions.reload();
        setNotice({ kind: "success", text: RESTORED_NOTICE });
      },
      {
        key: revision.id,
        onError: (error) =>
          setNotice({ kind: "error", text: failureText("Failed to restore the revision.", error) }),
      },
    );
  };

  const list = revisions.data ?? [];
  return (
    <Card className="mt-6">
      <section aria-labelledby="revisions-heading" className="space-y-4">
        <h2 id="revisions-heading" className="text-lg font-semibold">
          Revisions
        </h2>
        {notice ? (
          <Alert kind={notice.kind} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : null}
        {revisions.error ? (
          <Alert kind="error">Failed to load the revisions. {revisions.error}</Alert>
        ) : revisions.loading && !revisions.data ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Loading revisions...</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No revisions yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Revisions">
            {list.map((revision) => {
              const when = formatDateTime(revision.created_at);
              return (
                <li
                  key={revision.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-testid="revision"
                >
                  <div className="text-sm">
                    <span className="font-medium">{when}</span>{" "}
                    <span className="text-slate-600 dark:text-slate-300">
                      · {REASON_LABELS[revision.reason]}
                      {/* No author: a deleted account, or the state a document had before its first save. */}
                      {revision.author ? ` by ${revision.author.name}` : null}
                    </span>
                    <span className="block text-slate-600 dark:text-slate-300">
                      {revision.title}
                    </span>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn-outline"
                      aria-label={`Compare the revision of ${when} with the current version`}
                      aria-expanded={comparing?.id === revision.id}
                      onClick={() =>
                        setComparing((open) => (open?.id === revision.id ? null : revision))
                      }
                    >
                      Compare
                    </button>
                    <button
                      type="button"
                      className="btn-outline"
                      aria-label={`Restore this revision (${when})`}
                      disabled={mutation.busy}
                      onClick={() => void restore(revision)}
                    >
                      {mutation.isBusy(revision.id) ? "Restoring..." : "Restore this revision"}
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {comparing ? (
          <RevisionCompare
            current={current}
            revision={comparing}
            onClose={() => setComparing(null)}
          />
        ) : null}
      </section>
    </Card>
  );
}
