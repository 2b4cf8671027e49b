import { createHash } from "node:crypto";
import { SITE_TAG } from "#server/lib/cache-tags.ts";
import type { ContentChange } from "./content-changes.ts";

/** The encodings a stored body may have (http/compression.ts negotiates them). */
export type Encoding = "br" | "gzip";
export type Bytes = Uint8Array<ArrayBuffer>;

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
  /** How long an entry is fresh at most; after that it is served stale once while rendered again. */
  maxAgeMs?: number;
  /** When the next scheduled post goes live (epoch ms), or null when none is due. */
  nextChangeAt: () => Promise<number | null>;
  /**
   * After a change, this many of the most requested stale entries are
   * rendered again in the background, one at a time, `intervalMs` apart
   * (false: only when a visitor asks for them).
   */
  rewarm?: { max: number; intervalMs: number } | false;
  /**
   * Two background renders of one entry start at least this far apart: while
   * staff save every second, a page is rendered again at most once in this
   * time, and visitors meanwhile get the stale copy (0: at once).
   */
  minRenderIntervalMs?: number;
  onError?: (error: unknown) => void;
  now?: () => number;
};

/** A render under way: others asking for the same key wait for it. */
export type PageTicket = {
  /** Whether its answer may be stored: a variant only when asked for again. */
  admitted: boolean;
  /**
   * Hands the entry to those waiting and stores it with the tags of what it
   * shows (when admitted and no change to those tags came meanwhile).
   * Resolves once stored or refused: right after a change that is when the
   * next publish time is known. A background render that ends without an
   * entry (the page is gone or moved) removes the stale one.
   */
  finish(entry: PageEntry | null, tags?: ReadonlySet<string>): Promise<void>;
};

/** What a lookup found: the entry, whether it is stale (being rendered again), its age. */
export type PageFound = { entry: PageEntry; stale: boolean; ageSeconds: number };

/** Renders `url` again in the background (a request through the app); resolves when done. */
export type BackgroundRenderer = (url: string) => Promise<void>;

const RETRY_MS = 5_000;
/** Variants (a query, or a path not in its plain form) hold at most this share of the bytes. */
const VARIANT_SHARE = 0.5;
/** How many variants asked for once are remembered, waiting for a second request. */
const SEEN_MAX = 10_000;
/** How many recent changes are remembered to judge renders that overlapped them. */
const CHANGE_LOG_MAX = 256;
/** How long one background render may hold the others up (see renderNext). */
const RENDER_TURN_LIMIT_MS = 10_000;

/** A change remembered: the tags it touched, and whether it removed something from view. */
type LoggedChange = { seq: number; tags: ReadonlySet<string>; purge: ReadonlySet<string> };

type Stored = {
  entry: PageEntry;
  tags: ReadonlySet<string>;
  /** A request URL that renders it again. */
  url: string;
  storedAt: number;
  expiresAt: number;
  variant: boolean;
  stale: boolean;
  hits: number;
};

/**
 * Rendered public responses by key (server/http/page-cache-key.ts), bounded
 * by bytes (LRU), each with the tags of what it shows (server/lib/cache-tags.ts).
 *
 * A change (`change`) stales the entries carrying one of its `stale` tags:
 * the next visitor is answered at once from the stale entry while exactly one
 * background render replaces it, and the most requested of them are rendered
 * again ahead of any visitor (`rewarm`). Entries carrying one of its `purge`
 * tags (content that left public view) are dropped and never served again.
 * A render that began before a change to one of its tags is never stored, and
 * nothing is stored fresh past the moment the next scheduled post goes live.
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
  const rewarm = options.rewarm ?? { max: 32, intervalMs: 20 };
  const minRenderIntervalMs = options.minRenderIntervalMs ?? 0;
  const maxVariantBytes = options.maxBytes * VARIANT_SHARE;
  const entries = new Map<string, Stored>();
  /** Keys by tag. */
  const byTag = new Map<string, Set<string>>();
  const inflight = new Map<string, Promise<PageEntry | null>>();
  /** Background renders under way, by key: one per key. */
  const refreshing = new Map<string, Promise<void>>();
  /** Background renders waiting their turn (see refresh), oldest first. */
  const renderQueue: (() => Promise<void>)[] = [];
  let renderTurnTaken = false;
  /** Background renders waiting for their entry's minimum interval, by key. */
  const delayed = new Map<string, { timer: NodeJS.Timeout; done: Promise<void> }>();
  /** Variants asked for once (by a digest of their key): when. */
  const seen = new Map<string, number>();
  /** Recent changes, oldest first: the tags each touched. */
  const changeLog: LoggedChange[] = [];
  let renderer: BackgroundRenderer | undefined;
  let bytes = 0;
  let variantBytes = 0;
  let seq = 0;
  /** undefined: being looked up (nothing is stored meanwhile); null: nothing scheduled. */
  let horizon: number | null | undefined;
  /** Settles once the horizon asked for last is known (or its lookup failed). */
  let horizonKnown: Promise<void> = Promise.resolve();
  let rewarmQueue: string[] = [];
  let rewarming: Promise<void> | null = null;

  function refreshHorizon() {
    const asked = seq;
    horizon = undefined;
    horizonKnown = options.nextChangeAt().then(
      (at) => {
        if (asked === seq) horizon = at;
      },
      (error: unknown) => {
        options.onError?.(error);
        if (asked === seq) horizon = now() + RETRY_MS;
      },
    );
  }

  function add(key: string, stored: Stored) {
    entries.set(key, stored);
    bytes += stored.entry.size;
    if (stored.variant) variantBytes += stored.entry.size;
    for (const tag of stored.tags) {
      const keys = byTag.get(tag);
      if (keys) keys.add(key);
      else byTag.set(tag, new Set([key]));
    }
  }

  function remove(key: string, stored: Stored) {
    entries.delete(key);
    bytes -= stored.entry.size;
    if (stored.variant) variantBytes -= stored.entry.size;
    for (const tag of stored.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  /** Moves an entry to the most recently used end (tags unchanged). */
  function touch(key: string, stored: Stored) {
    entries.delete(key);
    entries.set(key, stored);
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

  function keysTagged(tags: Iterable<string>): Set<string> {
    const keys = new Set<string>();
    for (const tag of tags) for (const key of byTag.get(tag) ?? []) keys.add(key);
    return keys;
  }

  /**
   * A change: entries with a `purge` tag are dropped, entries with a `stale`
   * tag are served stale until rendered again. Renders under way are not
   * joined by later requests, and not stored when they show a changed tag.
   */
  function change(changed: ContentChange) {
    seq++;
    changeLog.push({
      seq,
      tags: new Set([...changed.stale, ...changed.purge]),
      purge: new Set(changed.purge),
    });
    if (changeLog.length > CHANGE_LOG_MAX) changeLog.shift();
    inflight.clear();
    for (const key of keysTagged(changed.purge)) remove(key, entries.get(key)!);
    const staled: Stored[] = [];
    const keys: string[] = [];
    // Already stale ones too: a render of theirs under way began before this change.
    for (const key of keysTagged(changed.stale)) {
      const stored = entries.get(key)!;
      stored.stale = true;
      staled.push(stored);
      keys.push(key);
    }
    // A scheduled publish time may have been set or cleared.
    refreshHorizon();
    if (rewarm && keys.length) {
      const ranked = keys
        .map((key, i) => ({ key, hits: staled[i]!.hits }))
        .sort((a, b) => b.hits - a.hits)
        .slice(0, rewarm.max)
        .map(({ key }) => key);
      rewarmQueue = [...ranked, ...rewarmQueue.filter((key) => !ranked.includes(key))].slice(
        0,
        rewarm.max,
      );
      rewarming ??= runRewarm();
    }
  }

  /** Drops every entry (a restore, tests). */
  function clear() {
    change({ stale: [], purge: [SITE_TAG] });
  }

  async function runRewarm() {
    try {
      while (rewarm && rewarmQueue.length) {
        const key = rewarmQueue.shift()!;
        const stored = entries.get(key);
        if (!stored?.stale) continue;
        // Rendered a moment ago: its next render waits for the interval.
        if (tooSoon(stored)) {
          schedule(key, stored);
          continue;
        }
        await refresh(key, stored);
        await new Promise((resolve) => setTimeout(resolve, rewarm.intervalMs));
      }
    } finally {
      rewarming = null;
    }
  }

  function tooSoon(stored: Stored) {
    return minRenderIntervalMs > 0 && now() - stored.storedAt < minRenderIntervalMs;
  }

  /**
   * The one background render of a stale entry: at once, or once the entry is
   * `minRenderIntervalMs` old (a timer; later visitors meanwhile get the stale copy).
   */
  function schedule(key: string, stored: Stored) {
    if (!tooSoon(stored)) {
      void refresh(key, stored);
      return;
    }
    if (delayed.has(key) || refreshing.has(key)) return;
    let resolve!: () => void;
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const timer = setTimeout(
      () => {
        delayed.delete(key);
        const current = entries.get(key);
        (current?.stale ? refresh(key, current) : Promise.resolve()).then(resolve, resolve);
      },
      Math.max(0, stored.storedAt + minRenderIntervalMs - now()),
    );
    timer.unref();
    delayed.set(key, { timer, done });
  }

  /**
   * Starts the one background render of a stale entry (none when one is under
   * way or queued). Background renders run one at a time, each in a turn of
   * the event loop of its own: a render is synchronous work of several
   * milliseconds, and visitors who asked for a dozen stale pages at once
   * would otherwise wait for a dozen renders before their stale copies went out.
   */
  function refresh(key: string, stored: Stored): Promise<void> {
    const running = refreshing.get(key);
    if (running) return running;
    if (!renderer) return Promise.resolve();
    const render = renderer;
    const done = new Promise<void>((resolve) => {
      renderQueue.push(async () => {
        try {
          await render(stored.url);
        } catch (error) {
          options.onError?.(error);
        } finally {
          refreshing.delete(key);
          resolve();
        }
      });
    });
    refreshing.set(key, done);
    if (!renderTurnTaken) {
      renderTurnTaken = true;
      setImmediate(renderNext);
    }
    return done;
  }

  /**
   * The next queued background render, then the one after it in a later turn.
   * A render that has not finished after `RENDER_TURN_LIMIT_MS` (a database
   * that stopped answering) keeps its key but no longer holds up the others.
   */
  function renderNext() {
    const job = renderQueue.shift();
    if (!job) {
      renderTurnTaken = false;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, RENDER_TURN_LIMIT_MS);
      timer.unref();
    });
    void Promise.race([job(), limit]).finally(() => {
      clearTimeout(timer);
      setImmediate(renderNext);
    });
  }

  /** Stales everything once the next scheduled post or page went live (every list may show it). */
  function checkHorizon() {
    if (typeof horizon === "number" && now() >= horizon) change({ stale: [SITE_TAG], purge: [] });
  }

  function lookup(key: string): PageFound | undefined {
    checkHorizon();
    const found = entries.get(key);
    if (!found) return undefined;
    const at = now();
    if (!found.stale && found.expiresAt <= at) found.stale = true;
    if (found.stale && !renderer) {
      remove(key, found);
      return undefined;
    }
    found.hits++;
    touch(key, found);
    if (found.stale) schedule(key, found);
    return {
      entry: found.entry,
      stale: found.stale,
      ageSeconds: Math.max(0, Math.floor((at - found.storedAt) / 1000)),
    };
  }

  function store(
    key: string,
    entry: PageEntry,
    tags: ReadonlySet<string>,
    url: string,
    variant: boolean,
    stale = false,
  ) {
    // One entry may not crowd out the rest.
    if (entry.size > options.maxBytes / 4) return;
    const old = entries.get(key);
    if (old) remove(key, old);
    add(key, {
      entry,
      tags: tags.has(SITE_TAG) ? tags : new Set([...tags, SITE_TAG]),
      url,
      storedAt: now(),
      expiresAt: now() + maxAgeMs,
      variant,
      stale,
      hits: old ? Math.ceil(old.hits / 2) : 0,
    });
    trim();
  }

  /**
   * What a change since `started` did to a render showing `tags`: nothing,
   * made it stale (it may still replace an older copy, marked stale), or
   * removed something it may show (it must not be stored).
   */
  function changedSince(started: number, tags: ReadonlySet<string>): "no" | "stale" | "purged" {
    if (started === seq) return "no";
    const first = changeLog[0];
    if (!first || first.seq > started + 1) return "purged"; // too old to tell
    let result: "no" | "stale" = "no";
    for (const logged of changeLog) {
      if (logged.seq <= started) continue;
      for (const tag of logged.tags) {
        if (!tags.has(tag) && tag !== SITE_TAG) continue;
        if (logged.purge.has(tag)) return "purged";
        result = "stale";
      }
    }
    return result;
  }

  /** Adds the encoding a client needed to a stored entry, counting its bytes. */
  function addEncoding(key: string, entry: PageEntry, encoding: Encoding, data: Bytes) {
    if (entry[encoding]) return;
    const stored = entries.get(key);
    const counted = stored?.entry === entry;
    if (counted) remove(key, stored);
    entry[encoding] = data;
    entry.size += data.byteLength;
    if (counted) {
      add(key, stored);
      trim();
    }
  }

  /** The render of `key` under way, if any. */
  function pending(key: string): Promise<PageEntry | null> | undefined {
    return inflight.get(key);
  }

  /**
   * A render of `key` (asked for as `url`) starts. A variant asked for the
   * first time is not admitted: it is rendered for this request only, and
   * nothing waits for it. A background render is always admitted.
   */
  function begin(
    key: string,
    {
      variant = false,
      url = "",
      background = false,
    }: { variant?: boolean; url?: string; background?: boolean } = {},
  ): PageTicket {
    if (!background && variant && !askedBefore(key) && !entries.has(key)) {
      return { admitted: false, finish: async () => {} };
    }
    const started = seq;
    let settle!: (entry: PageEntry | null) => void;
    const promise = new Promise<PageEntry | null>((resolve) => {
      settle = resolve;
    });
    if (!background) inflight.set(key, promise);
    return {
      admitted: true,
      async finish(entry, tags = new Set([SITE_TAG])) {
        if (inflight.get(key) === promise) inflight.delete(key);
        settle(entry);
        if (!entry) {
          // Rendered again and not storable any more (gone, moved, failed): drop the stale copy.
          const old = entries.get(key);
          if (background && old?.stale) remove(key, old);
          return;
        }
        // Right after a change the next publish time is still being looked up:
        // wait for it rather than not storing this render at all.
        if (horizon === undefined) await horizonKnown;
        const changed = changedSince(started, tags);
        const beforeHorizon = horizon === null || (horizon !== undefined && now() < horizon);
        if (changed === "purged" || !beforeHorizon) return;
        // A stale-only change came while it rendered: it is still newer than a
        // stale copy it replaces, and is kept stale, so it is rendered again.
        if (changed === "stale" && !entries.get(key)?.stale) return;
        store(key, entry, tags, url, variant, changed === "stale");
      },
    };
  }

  /** Resolves once no background render is under way or queued (tests, shutdown). */
  async function idle(): Promise<void> {
    while (rewarming || refreshing.size || delayed.size) {
      await Promise.all([
        rewarming,
        ...refreshing.values(),
        ...[...delayed.values()].map((d) => d.done),
      ]);
    }
  }

  refreshHorizon();

  return {
    lookup,
    pending,
    begin,
    addEncoding,
    change,
    clear,
    idle,
    checkHorizon,
    /** How stale entries are rendered again (set once the app exists). */
    setRenderer(render: BackgroundRenderer) {
      renderer = render;
    },
    stats: () => ({ entries: entries.size, bytes, variantBytes, refreshing: refreshing.size }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
