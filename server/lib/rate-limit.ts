import { counted } from "#common/text.ts";
import { AppError } from "#server/lib/app-error.ts";

/** A running window: how many hits it has had, and when it ends (ms since the epoch). */
export type RateCounter = { count: number; resetAt: number };

/**
 * Counters for rate limits and sign-in throttling, by key. Every call is
 * atomic: `hit` counts and answers in one step, so parallel requests each get
 * their own number and a limit holds however many arrive at once.
 *
 * The site counts in the database (`createDatabaseRateLimitStore` in
 * server/db/rate-limit-store.ts, decision 035), shared by every process and
 * instance; `createMemoryRateLimitStore` below keeps them in one process's
 * memory (unit tests, and the services' defaults when none is given).
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key`. A window of `windowMs` starts with the first hit
   * (or the first after the last window ended); the answer includes this hit.
   * `keep`: the entry must not be dropped to save memory before its window
   * ends (locks; see the memory store).
   */
  hit(key: string, windowMs: number, options?: { keep?: boolean }): Promise<RateCounter>;
  /** Takes one hit back (an attempt that turned out to be legitimate). */
  refund(key: string): Promise<void>;
  /** The running window of `key`, or null when none runs. */
  peek(key: string): Promise<RateCounter | null>;
  /** Ends `key`'s window. */
  reset(key: string): Promise<void>;
}

type Entry = RateCounter & { keep: boolean };

/**
 * The in-memory store. Memory is bounded without letting anyone lift a lock:
 * past `maxEntries`, ended windows are dropped first, then the oldest entries
 * that are not kept (plain counters, which only ever forget hits). Entries
 * made with `keep` (locks) stay until their window ends; how many of them can
 * exist is bounded by the limits that create them (a lock takes many
 * failures, and each client's failures are limited).
 */
export function createMemoryRateLimitStore({
  now = Date.now,
  maxEntries = 100_000,
}: {
  now?: () => number;
  maxEntries?: number;
} = {}): RateLimitStore & { size(): number } {
  const entries = new Map<string, Entry>();

  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function makeRoom(at: number) {
    if (entries.size < maxEntries) return;
    // Down to 90%, so the sweep runs once per many inserts.
    const target = Math.floor(maxEntries * 0.9);
    for (const [key, entry] of entries) {
      if (entry.resetAt <= at) entries.delete(key);
    }
    if (entries.size <= target) return;
    for (const [key, entry] of entries) {
      if (entries.size <= target) break;
      if (!entry.keep) entries.delete(key);
    }
  }

  return {
    async hit(key, windowMs, options = {}) {
      const at = now();
      let entry = live(key, at);
      if (!entry) {
        makeRoom(at);
        entry = { count: 0, resetAt: at + windowMs, keep: options.keep ?? false };
        entries.set(key, entry);
      }
      entry.count += 1;
      if (options.keep) entry.keep = true;
      return { count: entry.count, resetAt: entry.resetAt };
    },
    async refund(key) {
      const entry = live(key, now());
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async peek(key) {
      const entry = live(key, now());
      return entry ? { count: entry.count, resetAt: entry.resetAt } : null;
    },
    async reset(key) {
      entries.delete(key);
    },
    size: () => entries.size,
  };
}

/** "8 seconds", "15 minutes", "3 hours": a wait in words, rounded up. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return counted(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return counted(minutes, "minute");
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** A 429 whose message ends "Please try again in …" and whose Retry-After says when. */
export function tooManyRequests(lead: string, waitMs: number): AppError {
  return AppError.tooManyRequests(
    `${lead} Please try again in ${formatWait(waitMs)}.`,
    Math.max(1, Math.ceil(waitMs / 1000)),
  );
}

/** A limit of `max` hits per `windowMs`, e.g. 5 per 10 minutes. */
export type RateLimitRule = { max: number; windowMs: number };

/**
 * A fixed-window limit per key (a client address): the hit that goes over
 * the limit throws a 429 with `message` and Retry-After. A null rule: no limit.
 */
export function createRateLimit(
  store: RateLimitStore,
  name: string,
  rule: RateLimitRule | null,
  message: string,
  now: () => number = Date.now,
) {
  return async function consume(client: string): Promise<void> {
    if (!rule) return;
    const { count, resetAt } = await store.hit(`${name}:${client}`, rule.windowMs);
    if (count > rule.max) throw tooManyRequests(message, resetAt - now());
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
