import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { apiData, failureText } from "./api.ts";

export type ApiQuery<T> = {
  /** The last answer (kept while the next one loads); the screen may change it with `setData`. */
  data: T | null;
  loading: boolean;
  /** Why the last load failed (the server's reason, else "Please try again."); "" when it did not. */
  error: string;
  /** The error itself when the last load failed, for screens whose text depends on it. */
  cause: unknown;
  /** Loads the same path again (the data shown stays until the answer comes). */
  reload: () => void;
  /** Changes the data shown (after a change the screen made itself). */
  setData: Dispatch<SetStateAction<T | null>>;
};

export type ApiQueryOptions<T> = {
  /**
   * How to load the path, when it is more than `apiData` (several calls, a
   * check of the answer). Read once per load; it need not be stable.
   */
  load?: (path: string, signal: AbortSignal) => Promise<T>;
};

/**
 * The `data` of `GET /api{path}`, loaded when the path changes (a changed
 * query string is a new load; the one before is aborted). A `null` path loads
 * nothing (not `loading`). A failed load is logged (console.warn) and kept in
 * `error`/`cause`.
 */
export function useApiQuery<T>(path: string | null, options: ApiQueryOptions<T> = {}): ApiQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [cause, setCause] = useState<unknown>(null);
  const [error, setError] = useState("");
  const [reloadKey, setReloadKey] = useState(0);
  const load = useRef(options.load);
  load.current = options.load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh copy
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    setLoading(true);
    setError("");
    setCause(null);
    // An answer that arrives after the path changed is not shown: the abort
    // may come too late to stop it (the body already read).
    (load.current ? load.current(path, signal) : apiData<T>(path, { signal }))
      .then(
        (value) => {
          if (!signal.aborted) setData(value);
        },
        (e: unknown) => {
          if (signal.aborted) return;
          // Logged here once for every screen (useApiMutation does the same for actions).
          console.warn(`admin: failed to load ${path}`, e);
          setCause(e ?? new Error("Unknown error"));
          setError(failureText("", e));
        },
      )
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, reloadKey]);

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { data, loading, error, cause, reload, setData };
}
