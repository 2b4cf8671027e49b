import { useEffect, useRef, useState } from "react";
import { api, apiData } from "#app/lib/api.ts";
import { useAuth } from "#app/lib/auth.tsx";
import { type DocumentType, documentApiPath } from "#common/documents.ts";
import type { Autosave } from "#common/schemas/autosave.ts";
import { differsFrom, localCopyKey, readLocalCopy, removeLocalCopy } from "./local-copy.ts";

export type RecoveryOffer = {
  source: "server" | "local";
  fields: Record<string, unknown>;
  saved_at: string;
  /** Made before the document's last save (someone else's: a save of one's own drops one's autosave). */
  older?: boolean;
};

/**
 * On opening a document: the newer of the user's server autosave and the
 * browser's local copy, when it says something else than the document
 * (decision 018). The local copy when it is newer than the document's last
 * save, or was never sent to the server; the server's even when older, as the
 * user's own save would have dropped it: someone else saved since, and the
 * user's work is still only there (`older`). `serverSavedAt` comes from the first presence heartbeat
 * (undefined: not known yet).
 */
export function useRecovery(options: {
  kind: DocumentType;
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
      // Never sent (written offline, the tab closed before it went out), the
      // work is only here, whoever saved since.
      const unsent = local !== null && local.sent !== true;
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
      const offered = candidates
        .map((c) => ({ ...c, older: Date.parse(c.saved_at) <= since }))
        .filter(
          (c) =>
            (c.source === "server" || !c.older || unsent) && differsFrom(c.fields, loaded.current),
        )
        .sort((a, b) => Date.parse(b.saved_at) - Date.parse(a.saved_at));
      if (live) setOffer(offered[0] ?? null);
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
