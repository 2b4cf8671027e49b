import { useEffect, useRef, useState } from "react";
import { clockTime } from "#app/features/admin/autosave/local-copy.ts";
import type { DiffField } from "#app/features/admin/compare/text-diff.ts";
import { TextDiffView } from "#app/features/admin/compare/text-diff-view.tsx";
import { failureText } from "#app/lib/api.ts";
import type { EditConflictInfo } from "./edit-conflict.ts";

/**
 * "Ana Lee changed this post at 10:42." with Compare (theirs against yours),
 * Keep mine (save over theirs) and Take theirs (load their version).
 */
export function ConflictNotice({
  conflict,
  noun,
  busy,
  compare,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: EditConflictInfo;
  noun: string;
  busy: boolean;
  compare: () => Promise<DiffField[]>;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const [fields, setFields] = useState<DiffField[] | null>(null);
  // A save refused by the conflict may have been clicked at the foot of a
  // long form: the notice comes into view, its first choice focused.
  const notice = useRef<HTMLElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView({ block: "center" });
    notice.current?.querySelector("button")?.focus({ preventScroll: true });
  }, []);
  const [failure, setFailure] = useState("");
  const when = conflict.at ? clockTime(conflict.at) : "";
  const toggleCompare = async () => {
    if (fields) {
      setFields(null);
      return;
    }
    setFailure("");
    try {
      setFields(await compare());
    } catch (error) {
      setFailure(failureText("Could not load their version.", error));
    }
  };
  return (
    <section
      ref={notice}
      role="alert"
      aria-label="Edit conflict"
      className="space-y-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p>
        <strong>
          {conflict.name} changed this {noun}
          {when ? ` at ${when}` : ""}.
        </strong>{" "}
        Your changes are not saved yet.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline"
          onClick={toggleCompare}
          aria-expanded={!!fields}
        >
          Compare
        </button>
        <button type="button" className="btn-primary" onClick={onKeepMine} disabled={busy}>
          Keep mine
        </button>
        <button type="button" className="btn-outline" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </button>
      </div>
      {failure ? <p>{failure}</p> : null}
      {fields ? (
        <div className="rounded-md bg-white p-3 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          <TextDiffView
            fields={fields}
            beforeLabel={`Theirs (${conflict.name})`}
            afterLabel="Yours"
          />
        </div>
      ) : null}
    </section>
  );
}
