import { type ReactNode, useRef, useState } from "react";
import { COMPARE_LABELS, compareFields } from "#app/features/admin/compare/compare-fields.ts";
import { AlsoEditing } from "#app/features/admin/conflicts/also-editing.tsx";
import { ConflictNotice } from "#app/features/admin/conflicts/conflict-notice.tsx";
import {
  conflictFrom,
  type EditConflictInfo,
} from "#app/features/admin/conflicts/edit-conflict.ts";
import { usePresence } from "#app/features/admin/conflicts/use-presence.ts";
import type { DocumentType } from "#common/documents.ts";
import { AutosaveIndicator } from "./autosave-indicator.tsx";
import { RestoreNotice } from "./restore-notice.tsx";
import { useAutosave } from "./use-autosave.ts";
import { useRecovery } from "./use-recovery.ts";

export type DocumentSafety = {
  /** The version the next save sends (the one loaded, then the one saved or taken). */
  readonly version: number | null;
  /** A save failed: true when it was an edit conflict, which the panel now shows. */
  saveFailed(error: unknown): boolean;
  /** A save went through. */
  saved(): void;
  /** Above the form: who else is editing, the restore offer, the conflict. */
  panel: ReactNode;
  /** Beside the save button: "Saving…", "Saved at 10:42", "Not saved: …". */
  indicator: ReactNode;
};

/**
 * Everything an editor mounts for issue 23 (decision 018) in one hook: the
 * autosave (server and browser copy), the restore offer on opening, soft
 * presence and the edit conflict with Compare / Keep mine / Take theirs.
 * The editor gives its values and three callbacks, sends `version` with its
 * save and reports the outcome.
 */
export function useDocumentSafety<V extends object>(options: {
  kind: DocumentType;
  noun: string;
  doc: { id: number; version: number; updated_at: string } | null;
  values: V;
  dirty: boolean;
  enabled: boolean;
  /** Put these fields in the form (a restored autosave, or their version). */
  fill(fields: Partial<V>): void;
  /** Their version taken (Take theirs): the form starts from it again, nothing unsaved. */
  adopt?(values: V): void;
  /** The stored document as form values, and its version. */
  loadTheirs(): Promise<{ values: V; version: number }>;
  /** Save again (Keep mine): the save reads `version`, now theirs. */
  resave(): void;
}): DocumentSafety {
  const { kind, noun, doc, values, dirty, enabled } = options;
  const id = doc?.id ?? null;
  const version = useRef<number | null>(doc?.version ?? null);
  const [conflict, setConflict] = useState<EditConflictInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const presence = usePresence(kind, id, enabled);
  const autosave = useAutosave({ kind, id, values, dirty, version: version.current, enabled });
  const recovery = useRecovery({
    kind,
    id,
    updatedAt: doc?.updated_at ?? null,
    loaded: values,
    serverSavedAt: presence.autosaveSavedAt,
    enabled,
  });

  const takeTheirs = async () => {
    setBusy(true);
    try {
      const theirs = await options.loadTheirs();
      options.fill(theirs.values);
      options.adopt?.(theirs.values);
      // What the autosave kept of the discarded changes goes too.
      recovery.discard();
      version.current = theirs.version;
      setConflict(null);
    } finally {
      setBusy(false);
    }
  };

  const panel = (
    <div className="mb-4 space-y-3 empty:hidden">
      <AlsoEditing presence={presence} />
      {recovery.offer && !conflict ? (
        <RestoreNotice
          offer={recovery.offer}
          noun={noun}
          compare={() =>
            compareFields(
              COMPARE_LABELS[kind],
              values as Record<string, unknown>,
              recovery.offer!.fields,
            )
          }
          onRestore={() => {
            options.fill(recovery.offer!.fields as Partial<V>);
            recovery.taken();
          }}
          onDiscard={recovery.discard}
        />
      ) : null}
      {conflict ? (
        <ConflictNotice
          conflict={conflict}
          noun={noun}
          busy={busy}
          compare={async () =>
            compareFields(
              COMPARE_LABELS[kind],
              (await options.loadTheirs()).values as Record<string, unknown>,
              values as Record<string, unknown>,
            )
          }
          onKeepMine={() => {
            version.current = conflict.version;
            setConflict(null);
            options.resave();
          }}
          onTakeTheirs={() => void takeTheirs().catch(() => undefined)}
        />
      ) : null}
    </div>
  );

  return {
    get version() {
      return version.current;
    },
    saveFailed(error) {
      const found = conflictFrom(error);
      if (found) setConflict(found);
      return found !== null;
    },
    saved() {
      autosave.clear();
      setConflict(null);
    },
    panel,
    indicator: enabled ? <AutosaveIndicator status={autosave.status} /> : null,
  };
}
