import { Link } from "react-router";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";

/**
 * An editor whose document is not there yet: loading, or the load's failure
 * with the way back to the list.
 */
export function EditorLoadState({
  noun,
  failure,
}: {
  noun: "post" | "page";
  /** Why the document could not be loaded; null while it loads. */
  failure: string | null;
}) {
  const Noun = noun === "post" ? "Post" : "Page";
  return (
    <div>
      <PageHeader title={`Edit ${Noun}`} />
      {failure === null ? (
        <Spinner label={`Loading ${noun}...`} />
      ) : (
        <>
          <Alert kind="error">{failure}</Alert>
          <Link to={`/admin/${noun}s`} className="btn-outline mt-4">
            Back to {Noun}s
          </Link>
        </>
      )}
    </div>
  );
}
