import { useCallback, useEffect, useState } from "react";
import { apiData, failureReason } from "./api.ts";

export type ApiQuery<T> = {
  /** The last answer (kept while the next one loads). */
  data: T | null;
  loading: boolean;
  /** Why the last load failed (the server's reason, else "Please try again."); "" when it did not. */
  error: string;
  /** Loads the same path again. */
  reload: () => void;
};

/**
 * The `data` of `GET /api{path}`, loaded when the path changes (a changed
 * query string is a new load; the one before is aborted).
 */
export function useApiQuery<T>(path: string): ApiQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");
  const [reloadKey, setReloadKey] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh copy
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError("");
    // An answer that arrives after the path changed is not shown: the abort
    // may come too late to stop it (the body already read).
    apiData<T>(path, { signal: controller.signal })
      .then(
        (value) => {
          if (!controller.signal.aborted) setData(value);
        },
        (e: Error) => {
          if (!controller.signal.aborted) setError(failureReason(e) || "Please try again.");
        },
      )
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, reloadKey]);

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { data, loading, error, reload };
}
