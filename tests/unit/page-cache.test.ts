import { describe, expect, it } from "vitest";
import { createPageCache, type PageEntry } from "../../server/cache/page-cache.ts";

const entry = (size: number, etag = "e"): PageEntry => ({
  headers: {},
  etag,
  identity: new Uint8Array(0),
  size,
});

/** A cache whose clock the test moves, with the next publish time as given. */
function setup(options: { maxBytes?: number; next?: number | null } = {}) {
  let clock = 1_000_000;
  const cache = createPageCache({
    maxBytes: options.maxBytes ?? 1000,
    maxAgeMs: 60_000,
    nextChangeAt: async () => options.next ?? null,
    now: () => clock,
  });
  return {
    cache,
    advance: (ms: number) => {
      clock += ms;
    },
    settle: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

function put(cache: ReturnType<typeof createPageCache>, key: string, value: PageEntry) {
  cache.begin(key).finish(value);
}

describe("page cache store", () => {
  it("keeps entries within the byte bound, dropping the least recently used", async () => {
    const { cache, settle } = setup({ maxBytes: 1000 });
    await settle();
    put(cache, "/a", entry(250));
    put(cache, "/b", entry(250));
    put(cache, "/c", entry(250));
    expect(cache.lookup("/a")).toBeDefined(); // /a is now the most recent
    put(cache, "/d", entry(250));
    put(cache, "/e", entry(250));
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    expect(cache.lookup("/b")).toBeUndefined();
    expect(cache.lookup("/a")).toBeDefined();
    expect(cache.lookup("/e")).toBeDefined();
  });

  it("does not store one entry larger than a quarter of the bound", async () => {
    const { cache, settle } = setup({ maxBytes: 1000 });
    await settle();
    put(cache, "/big", entry(400));
    expect(cache.lookup("/big")).toBeUndefined();
  });

  it("never stores a render that began before a change", async () => {
    const { cache, settle } = setup();
    await settle();
    const ticket = cache.begin("/page");
    cache.invalidate();
    await settle();
    ticket.finish(entry(10));
    expect(cache.lookup("/page")).toBeUndefined();
  });

  it("stores a render that ends while the next publish time is still being looked up", async () => {
    let answer!: (at: number | null) => void;
    const cache = createPageCache({
      maxBytes: 1000,
      nextChangeAt: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    answer(null);
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate(); // a change: the next publish time is asked for again
    const stored = cache.begin("/page").finish(entry(10, "after the change"));
    expect(cache.lookup("/page")).toBeUndefined(); // not yet known
    answer(null);
    await stored;
    expect(cache.lookup("/page")?.etag).toBe("after the change");
  });

  it("lets requests for a page being rendered wait for that render", async () => {
    const { cache, settle } = setup();
    await settle();
    const ticket = cache.begin("/page");
    const waiting = cache.pending("/page");
    expect(waiting).toBeDefined();
    ticket.finish(entry(10, "rendered"));
    expect((await waiting)?.etag).toBe("rendered");
    expect(cache.pending("/page")).toBeUndefined();
  });

  it("empties itself when the next scheduled post goes live", async () => {
    const start = 1_000_000;
    const { cache, advance, settle } = setup({ next: start + 5_000 });
    await settle();
    put(cache, "/blog", entry(10));
    advance(4_000);
    expect(cache.lookup("/blog")).toBeDefined();
    advance(1_000);
    expect(cache.lookup("/blog")).toBeUndefined();
  });

  it("stores nothing until it knows when the next post goes live", () => {
    const { cache } = setup();
    put(cache, "/blog", entry(10));
    expect(cache.lookup("/blog")).toBeUndefined();
  });

  it("lets entries expire after their maximum age", async () => {
    const { cache, advance, settle } = setup();
    await settle();
    put(cache, "/blog", entry(10));
    advance(60_001);
    expect(cache.lookup("/blog")).toBeUndefined();
    expect(cache.stats().bytes).toBe(0);
  });

  it("stores a variant only when it is asked for again within the maximum age", async () => {
    const { cache, advance, settle } = setup();
    await settle();
    const key = "/blog?search=cloud";
    const first = cache.begin(key, { variant: true });
    expect(first.admitted).toBe(false);
    first.finish(entry(10));
    expect(cache.lookup(key)).toBeUndefined();
    expect(cache.pending(key)).toBeUndefined();
    const second = cache.begin(key, { variant: true });
    expect(second.admitted).toBe(true);
    second.finish(entry(10));
    expect(cache.lookup(key)).toBeDefined();
    // Asked once, then again after the maximum age: a one-off again.
    expect(cache.begin("/blog?search=rare", { variant: true }).admitted).toBe(false);
    advance(60_001);
    expect(cache.begin("/blog?search=rare", { variant: true }).admitted).toBe(false);
  });

  it("keeps variants within half its bytes and drops them before other pages", async () => {
    const { cache, settle } = setup({ maxBytes: 1000 });
    await settle();
    put(cache, "/", entry(200));
    put(cache, "/about", entry(200));
    for (let i = 0; i < 5000; i++) {
      const key = `/blog?search=${i}`;
      cache.begin(key, { variant: true }).finish(null);
      cache.begin(key, { variant: true }).finish(entry(100));
    }
    expect(cache.stats().variantBytes).toBeLessThanOrEqual(500);
    expect(cache.lookup("/")).toBeDefined();
    expect(cache.lookup("/about")).toBeDefined();
    // Full: the variants go first.
    put(cache, "/services", entry(200));
    put(cache, "/gallery", entry(200));
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    for (const key of ["/", "/about", "/services", "/gallery"]) {
      expect(cache.lookup(key), key).toBeDefined();
    }
  });

  it("counts an encoding added to a stored entry", async () => {
    const { cache, settle } = setup({ maxBytes: 1000 });
    await settle();
    const page = entry(100);
    put(cache, "/", page);
    cache.addEncoding("/", page, "gzip", new Uint8Array(50));
    expect(cache.stats().bytes).toBe(150);
    expect(cache.lookup("/")?.gzip?.byteLength).toBe(50);
  });
});
