import { useCallback, useState } from "react";

/** The key of a mutation that is not about one row. */
const WHOLE = "";

export type ApiMutation = {
  /** Whether any mutation runs. */
  busy: boolean;
  /** Whether the mutation of this row (or named step) runs. */
  isBusy(key: number | string): boolean;
  /**
   * Runs `work` with its key marked busy. A failure is logged and handed to
   * `onError`; answers whether the work succeeded.
   */
  run(
    work: () => Promise<unknown>,
    options?: { key?: number | string; onError?: (error: unknown) => void },
  ): Promise<boolean>;
};

/**
 * The busy flag + try/catch of an admin action (save, delete, bulk): one hook
 * instead of a copy of the same lines in every handler.
 */
export function useApiMutation(): ApiMutation {
  const [running, setRunning] = useState<ReadonlySet<number | string>>(() => new Set());

  const run = useCallback<ApiMutation["run"]>(async (work, options = {}) => {
    const key = options.key ?? WHOLE;
    setRunning((current) => new Set(current).add(key));
    try {
      await work();
      return true;
    } catch (error) {
      console.warn("admin: action failed", error);
      options.onError?.(error);
      return false;
    } finally {
      setRunning((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  }, []);

  return { busy: running.size > 0, isBusy: (key) => running.has(key), run };
}
