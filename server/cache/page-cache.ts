import { createHash } from "node:crypto";
import type { Bytes, Encoding } from "../http/compression.ts";

/** A stored response: compressed when stored, sent as bytes on every hit. */
export type PageEntry = {
  /** Response headers to send, without length, encoding and per-request ones. */
  headers: Record<string, string>;
  etag: string;
  /**
   * Small bodies are kept as they are; others in the encoding the first
   * client took, the other one added when a client first needs it
   * (`addEncoding`).
   */
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
  /** Whether its answer may be stored: a variant only when asked for again. */
  admitted: boolean;
  /**
   * Hands the entry to those waiting and stores it (when admitted and nothing
   * changed meanwhile). Resolves once stored or refused: right after a change
   * that is when the next publish time is known.
   */
  finish(entry: PageEntry | null): Promise<void>;
};

const RETRY_MS = 5_000;
/** Variants (a query, or a path not in its plain form) hold at most this share of the bytes. */
const VARIANT_SHARE = 0.5;
/** How many variants asked for once are remembered, waiting for a second request. */
const SEEN_MAX = 10_000;

type Stored = { entry: PageEntry; expiresAt: number; variant: boolean };

/**
 * Rendered public responses by key (server/http/page-cache-key.ts), bounded
 * by bytes (LRU). Correctness rests on three rules: every change empties it
 * (`invalidate`), a render that began before the latest change is never
 * stored (generations), and nothing is stored past the moment the next
 * scheduled post goes live, at which point the first lookup empties it.
 *
 * Addresses anyone can make up in any number (a search, a filter, a page
 * number, `/About/`) cannot push out the pages everyone reads: such a
 * variant is stored only when asked for a second time within `maxAgeMs` (a
 * one-off search is rendered for its visitor and forgotten), variants hold
 * at most half the bytes, and they are the first to go when the cache is
 * full.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? (() => Date.now());
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxVariantBytes = options.maxBytes * VARIANT_SHARE;
  const entries = new Map<string, Stored>();
  const inflight = new Map<string, Promise<PageEntry | null>>();
  /** Variants asked for once (by a digest of their key): when. */
  const seen = new Map<string, number>();
  let bytes = 0;
  let variantBytes = 0;
  let generation = 0;
  /** undefined: being looked up (nothing is stored meanwhile); null: nothing scheduled. */
  let horizon: number | null | undefined;
  /** Settles once the horizon asked for last is known (or its lookup failed). */
  let horizonKnown: Promise<void> = Promise.resolve();

  function refreshHorizon() {
    const asked = generation;
    horizon = undefined;
    horizonKnown = options.nextChangeAt().then(
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
    variantBytes = 0;
    refreshHorizon();
  }

  function beforeHorizon() {
    return horizon === null || (horizon !== undefined && now() < horizon);
  }

  function add(key: string, stored: Stored) {
    entries.set(key, stored);
    bytes += stored.entry.size;
    if (stored.variant) variantBytes += stored.entry.size;
  }

  function remove(key: string, stored: Stored) {
    entries.delete(key);
    bytes -= stored.entry.size;
    if (stored.variant) variantBytes -= stored.entry.size;
  }

  /** Least recently used first: variants past their share, then anything past the bound. */
  function trim() {
    for (const [key, stored] of entries) {
      if (variantBytes <= maxVariantBytes && bytes <= options.maxBytes) break;
      if (stored.variant) remove(key, stored);
    }
    for (const [key, stored] of entries) {
      if (bytes <= options.maxBytes) break;
      remove(key, stored);
    }
  }

  /** Whether a variant is asked for the second time within maxAgeMs (else: remembered). */
  function askedBefore(key: string) {
    const id = createHash("sha1").update(key).digest("base64");
    const askedAt = seen.get(id);
    seen.delete(id);
    if (askedAt !== undefined && now() - askedAt <= maxAgeMs) return true;
    seen.set(id, now());
    if (seen.size > SEEN_MAX) seen.delete(seen.keys().next().value!);
    return false;
  }

  function lookup(key: string): PageEntry | undefined {
    if (typeof horizon === "number" && now() >= horizon) invalidate();
    const found = entries.get(key);
    if (!found) return undefined;
    remove(key, found);
    if (found.expiresAt <= now()) return undefined;
    add(key, found); // the most recently used goes last
    return found.entry;
  }

  function store(key: string, entry: PageEntry, variant: boolean) {
    // One entry may not crowd out the rest.
    if (entry.size > options.maxBytes / 4) return;
    const old = entries.get(key);
    if (old) remove(key, old);
    add(key, { entry, expiresAt: now() + maxAgeMs, variant });
    trim();
  }

  /** Adds the encoding a client needed to a stored entry, counting its bytes. */
  function addEncoding(key: string, entry: PageEntry, encoding: Encoding, data: Bytes) {
    if (entry[encoding]) return;
    const stored = entries.get(key);
    if (stored?.entry === entry) remove(key, stored);
    entry[encoding] = data;
    entry.size += data.byteLength;
    if (stored?.entry === entry) {
      add(key, stored);
      trim();
    }
  }

  /** The render of `key` under way, if any. */
  function pending(key: string): Promise<PageEntry | null> | undefined {
    return inflight.get(key);
  }

  /**
   * A render of `key` starts. A variant asked for the first time is not
   * admitted: it is rendered for this request only, and nothing waits for it.
   */
  function begin(key: string, { variant = false }: { variant?: boolean } = {}): PageTicket {
    if (variant && !askedBefore(key)) return { admitted: false, finish: async () => {} };
    const started = generation;
    let settle!: (entry: PageEntry | null) => void;
    const promise = new Promise<PageEntry | null>((resolve) => {
      settle = resolve;
    });
    inflight.set(key, promise);
    return {
      admitted: true,
      async finish(entry) {
        if (inflight.get(key) === promise) inflight.delete(key);
        settle(entry);
        if (!entry) return;
        // Right after a change the next publish time is still being looked up:
        // wait for it rather than not storing this render at all.
        if (horizon === undefined && started === generation) await horizonKnown;
        if (started === generation && beforeHorizon()) store(key, entry, variant);
      },
    };
  }

  refreshHorizon();

  return {
    lookup,
    pending,
    begin,
    addEncoding,
    invalidate,
    stats: () => ({ entries: entries.size, bytes, variantBytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
