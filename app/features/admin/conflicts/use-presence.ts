import { useEffect, useState } from "react";
import { api, apiData, getStoredToken } from "#app/lib/api.ts";
import { type DocumentType, documentApiPath } from "#common/documents.ts";
import type { Presence } from "#common/schemas/autosave.ts";

export const PRESENCE_INTERVAL_MS = 15_000;

export type PresenceState = {
  /** The other users with the document open now. */
  editors: Presence["editors"];
  /**
   * From the first heartbeat: when the user's own server autosave was written
   * (null: none, or unknown); undefined until that answer (or failure) arrives.
   */
  autosaveSavedAt: string | null | undefined;
};

/**
 * Soft presence while a document is open (decision 018): a heartbeat now and
 * every 15 s, "left" when the editor closes. A document not saved yet has
 * nobody else on it.
 */
export function usePresence(kind: DocumentType, id: number | null, enabled: boolean) {
  const [state, setState] = useState<PresenceState>({
    editors: [],
    autosaveSavedAt: id === null || !enabled ? null : undefined,
  });
  useEffect(() => {
    if (!enabled || id === null) {
      setState({ editors: [], autosaveSavedAt: null });
      return;
    }
    const path = `${documentApiPath(kind, id)}/presence`;
    let live = true;
    let first = true;
    const beat = async () => {
      const wasFirst = first;
      first = false;
      try {
        const data = await apiData<Presence>(path, { method: "POST" });
        if (!live) return;
        setState((current) => ({
          editors: data.editors,
          autosaveSavedAt: wasFirst ? data.autosave_saved_at : current.autosaveSavedAt,
        }));
      } catch {
        if (live && wasFirst) setState({ editors: [], autosaveSavedAt: null });
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_INTERVAL_MS);
    return () => {
      live = false;
      clearInterval(timer);
      // Signed out meanwhile: the server ended the presence with the session.
      if (getStoredToken()) void api(path, { method: "DELETE" }).catch(() => undefined);
    };
  }, [kind, id, enabled]);
  return state;
}
