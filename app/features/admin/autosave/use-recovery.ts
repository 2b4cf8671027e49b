import { useEffect, useRef, useState } from "react";
import { api, apiData } from "#app/lib/api.ts";
import { useAuth } from "#app/lib/auth.tsx";
import { documentApiPath } from "#common/documents.ts";
import type { Autosave } from "#common/schemas/autosave.ts";
import {
  differsFrom,
  type EditingKind,
  localCopyKey,
  readLocalCopy,
  removeLocalCopy,
} from "./local-copy.ts";

export type RecoveryOffer = {
  source: "server" | "local";
  fields: Record<string, unknown>;
  saved_at: string;
};

/**
 * On opening a document: the newer of the user's server autosave and the
 * browser's local copy, when it is newer than the document's last save and
 * says something else than the document (decision 018). `serverSavedAt`
 * comes from the first presence heartbeat (undefined: not known yet).
 */
export function useRecovery(options: {
  kind: EditingKind;
  id: number | null;
  /** The document's last save (null: never saved). */
  updatedAt: string | null;
  /** The form's values as loaded. */
  loaded: object;
  serverSavedAt: string | null | undefined;
  enabled: boolean;
}) {
  const { kind, id, updatedAt, serverSavedAt, enabled } = options;
  const { user } = useAuth();
  const key = localCopyKey(user?.id, kind, id);
  const loaded = useRef(options.loaded as Record<string, unknown>);
  const [offer, setOffer] = useState<RecoveryOffer | null>(null);
  const decided = useRef(false);

  useEffect(() => {
    if (!enabled || decided.current || serverSavedAt === undefined) return;
    decided.current = true;
    let live = true;
    void (async () => {
      const candidates: RecoveryOffer[] = [];
      const local = readLocalCopy(key);
      if (local)
        candidates.push({ source: "local", fields: local.fields, saved_at: local.saved_at });
      if (id !== null && serverSavedAt) {
        try {
          const server = await apiData<Autosave>(`${documentApiPath(kind, id)}/autosave`);
          candidates.push({ source: "server", fields: server.fields, saved_at: server.saved_at });
        } catch {
          // Unreachable now: the local copy may still be offered.
        }
      }
      const since = updatedAt ? Date.parse(updatedAt) : 0;
      const newer = candidates
        .filter((c) => Date.parse(c.saved_at) > since && differsFrom(c.fields, loaded.current))
        .sort((a, b) => Date.parse(b.saved_at) - Date.parse(a.saved_at));
      if (live) setOffer(newer[0] ?? null);
    })();
    return () => {
      live = false;
    };
  }, [enabled, serverSavedAt, key, id, kind, updatedAt]);

  return {
    offer,
    /** The offer is taken: the form has it now (autosave goes on from there). */
    taken() {
      setOffer(null);
    },
    /** Both copies go. */
    discard() {
      setOffer(null);
      removeLocalCopy(key);
      if (id !== null && serverSavedAt)
        void api(`${documentApiPath(kind, id)}/autosave`, { method: "DELETE" }).catch(
          () => undefined,
        );
    },
  };
}
