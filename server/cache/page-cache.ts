import type { Bytes } from "../http/compression.ts";

/** A stored response: compressed once when stored, sent as bytes on every hit. */
export type PageEntry = {
  /** Response headers to send, without length, encoding and per-request ones. */
  headers: Record<string, string>;
  etag: string;
  /** Small bodies are kept as they are; others as brotli and gzip. */
  identity?: Bytes;
  gzip?: Bytes;
  br?: Bytes;
  /** Bytes held, for the memory bound. */
  size: number;
  /** The post whose view the render counted; a hit counts it again. */
  viewPostId?: number;
};

export type PageCacheOptions = {
  /** Memory bound: least recently used entries go first. */
  maxBytes: number;
  /** How long an entry lives at most (changes made by other processes show after it). */
  maxAgeMs?: number;
  /** When the next scheduled post goes live (epoch ms), or null when none is due. */
  nextChangeAt: () => Promise<number | null>;
  onError?: (error: unknown) => void;
  now?: () => number;
};

/** A render under way: others asking for the same key wait for it. */
export type PageTicket = {
  /** Stores the entry (when nothing changed meanwhile) and hands it to those waiting. */
  finish(entry: PageEntry | null): void;
};

const RETRY_MS = 5_000;

/**
 * Rendered public responses by URL, bounded by bytes (LRU). Correctness
 * rests on three rules: every change empties it (`invalidate`), a render that
 * began before the latest change is never stored (generations), and nothing
 * is stored past the moment the next scheduled post goes live, at which point
 * the first lookup empties it.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? (() => Date.now());
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const entries = new Map<string, { entry: PageEntry; expiresAt: number }>();
  const inflight = new Map<string, Promise<PageEntry | null>>();
  let bytes = 0;
  let generation = 0;
  /** undefined: being looked up (nothing is stored meanwhile); null: nothing scheduled. */
  let horizon: number | null | undefined;

  function refreshHorizon() {
    const asked = generation;
    horizon = undefined;
    options.nextChangeAt().then(
      (at) => {
        if (asked === generation) horizon = at;
      },
      (error: unknown) => {
        options.onError?.(error);
        if (asked === generation) horizon = now() + RETRY_MS;
      },
    );
  }

  function invalidate() {
    generation++;
    entries.clear();
    inflight.clear();
    bytes = 0;
    refreshHorizon();
  }

  function beforeHorizon() {
    return horizon === null || (horizon !== undefined && now() < horizon);
  }

  function lookup(key: string): PageEntry | undefined {
    if (typeof horizon === "number" && now() >= horizon) invalidate();
    const found = entries.get(key);
    if (!found) return undefined;
    entries.delete(key);
    if (found.expiresAt <= now()) {
      bytes -= found.entry.size;
      return undefined;
    }
    entries.set(key, found); // most recently used goes last
    return found.entry;
  }

  function store(key: string, entry: PageEntry) {
    // One entry may not crowd out the rest.
    if (entry.size > options.maxBytes / 4) return;
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.entry.size;
    }
    entries.set(key, { entry, expiresAt: now() + maxAgeMs });
    bytes += entry.size;
    for (const [oldest, { entry: evicted }] of entries) {
      if (bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= evicted.size;
    }
  }

  /** The render of `key` under way, if any. */
  function pending(key: string): Promise<PageEntry | null> | undefined {
    return inflight.get(key);
  }

  function begin(key: string): PageTicket {
    const started = generation;
    let settle!: (entry: PageEntry | null) => void;
    const promise = new Promise<PageEntry | null>((resolve) => {
      settle = resolve;
    });
    inflight.set(key, promise);
    return {
      finish(entry) {
        if (inflight.get(key) === promise) inflight.delete(key);
        if (entry && started === generation && beforeHorizon()) store(key, entry);
        settle(entry);
      },
    };
  }

  refreshHorizon();

  return {
    lookup,
    pending,
    begin,
    invalidate,
    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
