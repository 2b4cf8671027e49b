/**
 * Autosaves from one editor go out one after another, never overlapping:
 * while one is in flight, a new change only replaces the one pending copy,
 * which is sent when the first has answered (decision 018).
 */
export type SaveState =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: Date; local: boolean }
  | { state: "failed"; reason: string };

export type SaveQueue<T> = {
  push(item: T): void;
  /** Drops what is pending (an explicit save made it pointless). */
  cancel(): void;
};

export function createSaveQueue<T>(
  send: (item: T) => Promise<void>,
  onState: (state: SaveState) => void,
  describe: (error: unknown) => string,
): SaveQueue<T> {
  let inFlight = false;
  let pending: { item: T } | null = null;
  let cancelled = false;

  async function run(item: T) {
    inFlight = true;
    onState({ state: "saving" });
    try {
      await send(item);
      if (!cancelled) onState({ state: "saved", at: new Date(), local: false });
    } catch (error) {
      if (!cancelled) onState({ state: "failed", reason: describe(error) });
    } finally {
      inFlight = false;
      const next = pending;
      pending = null;
      if (next && !cancelled) void run(next.item);
    }
  }

  return {
    push(item) {
      cancelled = false;
      if (inFlight) pending = { item };
      else void run(item);
    },
    cancel() {
      cancelled = true;
      pending = null;
    },
  };
}
