import { useState } from "react";
import type { DiffField } from "#app/features/admin/compare/text-diff.ts";
import { TextDiffView } from "#app/features/admin/compare/text-diff-view.tsx";
import { clockTime } from "./local-copy.ts";
import type { RecoveryOffer } from "./use-recovery.ts";

/**
 * "You have unsaved changes from 10:42": Compare shows them against the form
 * (the saved version), Restore fills the form, Discard deletes them.
 */
export function RestoreNotice({
  offer,
  noun,
  compare,
  onRestore,
  onDiscard,
}: {
  offer: RecoveryOffer;
  noun: string;
  compare: () => DiffField[];
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const [fields, setFields] = useState<DiffField[] | null>(null);
  const where =
    offer.source === "local" ? "kept in this browser" : "autosaved while you were editing";
  return (
    <section
      aria-label="Unsaved changes"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
    >
      {offer.older ? (
        <p>
          You have unsaved changes to this {noun} from {clockTime(offer.saved_at)} ({where}).
          Someone else saved the {noun} after that: Restore puts your version in the form in place
          of theirs.
        </p>
      ) : (
        <p>
          You have unsaved changes to this {noun} from {clockTime(offer.saved_at)} ({where}), newer
          than the saved version.
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-outline"
          aria-expanded={!!fields}
          onClick={() => setFields(fields ? null : compare())}
        >
          Compare
        </button>
        <button type="button" className="btn-primary" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="btn-outline" onClick={onDiscard}>
          Discard
        </button>
      </div>
      {fields ? (
        <div className="w-full basis-full rounded-md bg-white p-3 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          <TextDiffView
            fields={fields}
            beforeLabel="Saved version"
            afterLabel="Your unsaved changes"
          />
        </div>
      ) : null}
    </section>
  );
}
