import { Alert } from "#app/components/ui/form.tsx";
import { TextDiffView } from "#app/features/admin/compare/text-diff-view.tsx";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { documentApiPath } from "#common/documents.ts";
import { formatDateTime } from "#common/text.ts";
import type {
  PageSnapshot,
  PostSnapshot,
  RevisionSummary,
  ServiceSnapshot,
} from "#common/types.ts";
import { type RevisionDocument, revisionCompareFields } from "./revision-fields.ts";

type Snapshot = Partial<PostSnapshot & PageSnapshot & ServiceSnapshot>;

/** One revision against the current version: the shared compare view of the editors. */
export function RevisionCompare({
  current,
  revision,
  onClose,
}: {
  current: RevisionDocument;
  revision: RevisionSummary;
  onClose: () => void;
}) {
  const path = `${documentApiPath(current.type, current.document.id)}/revisions/${revision.id}`;
  const { data, error } = useApiQuery<RevisionSummary & { snapshot: Snapshot }>(path);
  const when = formatDateTime(revision.created_at);
  return (
    <section
      aria-label="Compare with the current version"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Revision of {when} compared with the current version</h3>
        <button type="button" className="btn-outline" onClick={onClose}>
          Close compare
        </button>
      </div>
      {error ? (
        <Alert kind="error">Failed to load the revision. {error}</Alert>
      ) : !data ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading revision...</p>
      ) : (
        <TextDiffView
          fields={revisionCompareFields(current, data.snapshot)}
          beforeLabel={`Revision of ${when}`}
          afterLabel="Current version"
        />
      )}
    </section>
  );
}
