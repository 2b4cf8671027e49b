import { useEffect, useMemo, useRef, useState } from "react";
import { api, failureText } from "#app/lib/api.ts";
import { useAuth } from "#app/lib/auth.tsx";
import { type DocumentType, documentApiPath } from "#common/documents.ts";
import { localCopyKey, readLocalCopy, removeLocalCopy, writeLocalCopy } from "./local-copy.ts";
import { createSaveQueue, type SaveState } from "./save-queue.ts";

/** How long after the last change the autosave goes out. */
export const AUTOSAVE_DELAY_MS = 2000;
/** How often a failed autosave is tried again (and at once when the browser is back online). */
export const AUTOSAVE_RETRY_MS = 30_000;

export type AutosaveControl = {
  status: SaveState;
  /** After an explicit save: nothing more goes out, the local copy goes. */
  clear(): void;
};

/**
 * Autosave of an editor's fields (decision 018): every change is kept in the
 * browser at once, and ~2 s after typing stops it is sent to the server
 * through a queue (one save at a time). A document not saved yet keeps only
 * the browser's copy.
 */
export function useAutosave(options: {
  kind: DocumentType;
  id: number | null;
  values: object;
  dirty: boolean;
  version: number | null;
  enabled: boolean;
}): AutosaveControl {
  const { kind, id, values, dirty, version, enabled } = options;
  const { user } = useAuth();
  const key = localCopyKey(user?.id, kind, id);
  const [status, setStatus] = useState<SaveState>({ state: "idle" });
  const stopped = useRef(false);
  const queue = useMemo(
    () =>
      id === null
        ? null
        : createSaveQueue<{ fields: object; version?: number }>(
            async (body) => {
              await api(`${documentApiPath(kind, id)}/autosave`, { method: "PUT", body });
              // The browser's copy of these very fields is on the server now.
              const copy = readLocalCopy(key);
              if (copy && JSON.stringify(copy.fields) === JSON.stringify(body.fields)) {
                writeLocalCopy(key, { ...copy, sent: true });
              }
            },
            setStatus,
            (error) => failureText("", error),
          ),
    [kind, id, key],
  );

  useEffect(() => {
    if (!enabled || !dirty || stopped.current) return;
    writeLocalCopy(key, {
      fields: values as Record<string, unknown>,
      saved_at: new Date().toISOString(),
      version,
    });
    const timer = setTimeout(() => {
      if (stopped.current) return;
      if (queue) queue.push({ fields: values, ...(version ? { version } : {}) });
      else setStatus({ state: "saved", at: new Date(), local: true });
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, enabled, key, version, queue]);

  // An autosave that failed (offline, the server away) goes out again when the
  // browser is back online, and every half minute until it is through.
  const latest = useRef({ values, version, failed: false });
  latest.current = { values, version, failed: status.state === "failed" };
  useEffect(() => {
    if (!queue || !enabled) return;
    const retry = () => {
      const { values: fields, version: at, failed } = latest.current;
      if (failed && !stopped.current) queue.push({ fields, ...(at ? { version: at } : {}) });
    };
    window.addEventListener("online", retry);
    const timer = setInterval(retry, AUTOSAVE_RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(timer);
    };
  }, [queue, enabled]);

  return {
    status,
    clear() {
      stopped.current = true;
      queue?.cancel();
      removeLocalCopy(key);
    },
  };
}
