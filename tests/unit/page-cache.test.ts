import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache, type PageEntry } from "#server/cache/page-cache.ts";

const entry = (size: number, etag = "e"): PageEntry => ({
  headers: {},
  etag,
  identity: new Uint8Array(0),
  size,
});

/** A cache whose clock the test moves, with the next publish time as given. */
function setup(
  options: {
    maxBytes?: number;
    next?: number | null;
    rewarm?: { max: number; intervalMs: number } | false;
    minRenderIntervalMs?: number;
  } = {},
) {
  let clock = 1_000_000;
  const cache = createPageCache({
    maxBytes: options.maxBytes ?? 1000,
    maxAgeMs: 60_000,
    nextChangeAt: async () => options.next ?? null,
    now: () => clock,
    rewarm: options.rewarm ?? false,
    minRenderIntervalMs: options.minRenderIntervalMs,
  });
  return {
    cache,
    advance: (ms: number) => {
      clock += ms;
    },
    settle: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

function put(
  cache: ReturnType<typeof createPageCache>,
  key: string,
  value: PageEntry,
  tags: string[] = [],
) {
  return cache.begin(key, { url: `http://site${key}` }).finish(value, new Set(tags));
}

/** A renderer that records what it renders and stores `etag` for it, when released. */
function renderer(cache: ReturnType<typeof createPageCache>, etag: string) {
  const rendered: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  cache.setRenderer(async (url) => {
    rendered.push(url);
    const key = url.slice("http://site".length);
    const ticket = cache.begin(key, { url, background: true });
    await gate;
    await ticket.finish(entry(10, etag), new Set([`page:${key}`]));
  });
  return { rendered, release };
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
    cache.clear();
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
    cache.change({ stale: ["site"], purge: [] }); // a change: the next publish time is asked for again
    const stored = cache.begin("/page").finish(entry(10, "after the change"));
    expect(cache.lookup("/page")).toBeUndefined(); // not yet known
    answer(null);
    await stored;
    expect(cache.lookup("/page")?.entry.etag).toBe("after the change");
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

  it("without a way to render again, drops entries past their maximum age", async () => {
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
    expect(cache.lookup("/")?.entry.gzip?.byteLength).toBe(50);
  });
});

describe("page cache tags and stale-while-revalidate", () => {
  it("serves a staled entry once while one background render replaces it", async () => {
    const { cache, settle, advance } = setup();
    await settle();
    await put(cache, "/blog/a", entry(10, "old"), ["post:1"]);
    const { rendered, release } = renderer(cache, "new");
    cache.change({ stale: ["post:1"], purge: [] });
    advance(3_000);
    const first = cache.lookup("/blog/a");
    expect(first).toMatchObject({ stale: true, ageSeconds: 3 });
    expect(first?.entry.etag).toBe("old");
    // A second visitor meanwhile: the same stale copy, no second render.
    expect(cache.lookup("/blog/a")?.stale).toBe(true);
    await settle();
    expect(rendered).toEqual(["http://site/blog/a"]);
    expect(cache.lookup("/blog/a")?.stale).toBe(true);
    release();
    await cache.idle();
    const after = cache.lookup("/blog/a");
    expect(after).toMatchObject({ stale: false, ageSeconds: 0 });
    expect(after?.entry.etag).toBe("new");
    expect(rendered).toHaveLength(1);
  });

  it("renders stale pages asked for at once one at a time, each in a later turn, not in the visitor's", async () => {
    const { cache, settle } = setup();
    await settle();
    for (const key of ["/blog/a", "/blog/b", "/blog/c"]) {
      await put(cache, key, entry(10, "old"), ["posts"]);
    }
    const begun: string[] = [];
    let running = 0;
    let most = 0;
    cache.setRenderer(async (url) => {
      const key = url.slice("http://site".length);
      begun.push(key);
      running++;
      most = Math.max(most, running);
      const ticket = cache.begin(key, { url, background: true });
      await settle();
      await ticket.finish(entry(10, "new"), new Set(["posts"]));
      running--;
    });
    cache.change({ stale: ["posts"], purge: [] });
    // Three visitors in one turn: each gets its stale copy, no render runs yet.
    for (const key of ["/blog/a", "/blog/b", "/blog/c"]) {
      expect(cache.lookup(key)).toMatchObject({ stale: true, entry: { etag: "old" } });
    }
    expect(begun).toEqual([]);
    await settle();
    expect(begun).toHaveLength(1);
    await cache.idle();
    expect(begun.sort()).toEqual(["/blog/a", "/blog/b", "/blog/c"]);
    expect(most).toBe(1);
    for (const key of ["/blog/a", "/blog/b", "/blog/c"]) {
      expect(cache.lookup(key)).toMatchObject({ stale: false, entry: { etag: "new" } });
    }
  });

  it("lets a background render that hangs hold the others up for ten seconds at most", async () => {
    const { cache, settle } = setup();
    await settle();
    await put(cache, "/blog/a", entry(10, "old"), ["posts"]);
    await put(cache, "/blog/b", entry(10, "old"), ["posts"]);
    const begun: string[] = [];
    cache.setRenderer(async (url) => {
      const key = url.slice("http://site".length);
      begun.push(key);
      const ticket = cache.begin(key, { url, background: true });
      if (key === "/blog/a") await new Promise(() => {}); // a database that stopped answering
      await ticket.finish(entry(10, "new"), new Set(["posts"]));
    });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      cache.change({ stale: ["posts"], purge: [] });
      cache.lookup("/blog/a");
      cache.lookup("/blog/b");
      await settle();
      await settle();
      expect(begun).toEqual(["/blog/a"]);
      await vi.advanceTimersByTimeAsync(9_000);
      expect(begun).toEqual(["/blog/a"]);
      await vi.advanceTimersByTimeAsync(1_000);
      await settle();
      await settle();
      expect(begun).toEqual(["/blog/a", "/blog/b"]);
      expect(cache.lookup("/blog/b")).toMatchObject({ stale: false, entry: { etag: "new" } });
      // The hung one still counts as under way: no second render of it.
      expect(cache.lookup("/blog/a")?.stale).toBe(true);
      await settle();
      expect(begun).toEqual(["/blog/a", "/blog/b"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stales only the entries carrying a changed tag", async () => {
    const { cache, settle } = setup();
    await settle();
    await put(cache, "/blog/a", entry(10), ["post:1", "posts"]);
    await put(cache, "/blog/b", entry(10), ["post:2"]);
    await put(cache, "/blog", entry(10), ["posts", "post:1", "post:2"]);
    renderer(cache, "new");
    cache.change({ stale: ["post:1", "posts"], purge: [] });
    expect(cache.lookup("/blog/b")?.stale).toBe(false);
    expect(cache.lookup("/blog/a")?.stale).toBe(true);
    expect(cache.lookup("/blog")?.stale).toBe(true);
  });

  it("never serves an entry again once a purge names one of its tags", async () => {
    const { cache, settle } = setup();
    await settle();
    await put(cache, "/blog/a", entry(10), ["post:1"]);
    await put(cache, "/blog", entry(10), ["posts", "post:1"]);
    await put(cache, "/about", entry(10), ["table:team_members"]);
    renderer(cache, "new");
    cache.change({ stale: ["posts"], purge: ["post:1"] });
    expect(cache.lookup("/blog/a")).toBeUndefined();
    expect(cache.lookup("/blog")).toBeUndefined();
    expect(cache.lookup("/about")?.stale).toBe(false);
  });

  it("stores a render that overlapped a change only when the change is to other tags", async () => {
    const { cache, settle } = setup();
    await settle();
    const unrelated = cache.begin("/blog/b");
    const related = cache.begin("/blog/a");
    cache.change({ stale: ["post:1"], purge: [] });
    await unrelated.finish(entry(10), new Set(["post:2"]));
    await related.finish(entry(10), new Set(["post:1"]));
    expect(cache.lookup("/blog/b")).toBeDefined();
    expect(cache.lookup("/blog/a")).toBeUndefined();
  });

  it("drops a stale entry whose page is gone when rendered again", async () => {
    const { cache, settle } = setup();
    await settle();
    await put(cache, "/blog/a", entry(10), ["post:1"]);
    cache.setRenderer(async (url) => {
      await cache.begin("/blog/a", { url, background: true }).finish(null);
    });
    cache.change({ stale: ["post:1"], purge: [] });
    expect(cache.lookup("/blog/a")?.stale).toBe(true);
    await cache.idle();
    expect(cache.lookup("/blog/a")).toBeUndefined();
  });

  it("after a change renders the most requested stale entries first, at most as many as allowed", async () => {
    const { cache, settle } = setup({ rewarm: { max: 2, intervalMs: 0 } });
    await settle();
    for (const [key, hits] of [
      ["/rare", 1],
      ["/popular", 5],
      ["/middle", 3],
    ] as const) {
      await put(cache, key, entry(10), ["posts"]);
      for (let i = 0; i < hits; i++) cache.lookup(key);
    }
    const rendered: string[] = [];
    cache.setRenderer(async (url) => {
      rendered.push(url);
      const key = url.slice("http://site".length);
      await cache.begin(key, { url, background: true }).finish(entry(10), new Set(["posts"]));
    });
    cache.change({ stale: ["posts"], purge: [] });
    await cache.idle();
    expect(rendered).toEqual(["http://site/popular", "http://site/middle"]);
    expect(cache.lookup("/popular")?.stale).toBe(false);
    expect(cache.lookup("/rare")?.stale).toBe(true);
  });
});

describe("page cache under a stream of edits", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders a page again at most once per interval, serving the stale copy meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { cache, advance } = setup({ minRenderIntervalMs: 5_000 });
    await vi.waitFor(() => cache.stats());
    await put(cache, "/blog", entry(10, "first"), ["posts"]);
    const { rendered, release } = renderer(cache, "second");
    release();
    advance(1_000);
    cache.change({ stale: ["posts"], purge: [] });
    // Rendered a second ago: visitors get the stale copy, and no render starts yet.
    expect(cache.lookup("/blog")).toMatchObject({ stale: true, entry: { etag: "first" } });
    expect(cache.lookup("/blog")?.stale).toBe(true);
    expect(rendered).toEqual([]);
    // Once the entry is five seconds old, exactly one render replaces it.
    advance(4_000);
    await vi.advanceTimersByTimeAsync(4_000);
    await cache.idle();
    expect(rendered).toEqual(["http://site/blog"]);
    expect(cache.lookup("/blog")).toMatchObject({ stale: false, entry: { etag: "second" } });
  });

  it("renders a page at once when its copy is older than the interval", async () => {
    const { cache, advance, settle } = setup({ minRenderIntervalMs: 5_000 });
    await settle();
    await put(cache, "/blog", entry(10, "first"), ["posts"]);
    const { rendered, release } = renderer(cache, "second");
    release();
    advance(6_000);
    cache.change({ stale: ["posts"], purge: [] });
    expect(cache.lookup("/blog")?.entry.etag).toBe("first");
    await cache.idle();
    expect(rendered).toEqual(["http://site/blog"]);
    expect(cache.lookup("/blog")?.entry.etag).toBe("second");
  });

  it("keeps a background render that another edit overtook, still stale, in place of the older copy", async () => {
    const { cache, settle } = setup();
    await settle();
    await put(cache, "/blog/a", entry(10, "before both edits"), ["page:/blog/a"]);
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    cache.setRenderer(async (url) => {
      const etag = `render ${++renders}`;
      const ticket = cache.begin("/blog/a", { url, background: true });
      await gate;
      await ticket.finish(entry(10, etag), new Set(["page:/blog/a"]));
    });
    cache.change({ stale: ["page:/blog/a"], purge: [] });
    cache.lookup("/blog/a"); // starts the background render
    await settle();
    cache.change({ stale: ["page:/blog/a"], purge: [] }); // a second edit while it renders
    release();
    await cache.idle();
    // The overtaken render replaced the older copy, still stale: the next visitor starts another.
    expect(cache.lookup("/blog/a")).toMatchObject({ stale: true, entry: { etag: "render 1" } });
    await cache.idle();
    expect(cache.lookup("/blog/a")).toMatchObject({ stale: false, entry: { etag: "render 2" } });
  });

  it("never keeps a background render that a removal overtook", async () => {
    const { cache, settle } = setup();
    await settle();
    await put(cache, "/blog", entry(10, "lists post 1"), ["page:/blog", "post:1"]);
    let finish!: () => Promise<void>;
    cache.setRenderer(async (url) => {
      const ticket = cache.begin("/blog", { url, background: true });
      finish = () =>
        ticket.finish(entry(10, "still lists post 1"), new Set(["page:/blog", "post:1"]));
    });
    cache.change({ stale: ["page:/blog"], purge: [] });
    cache.lookup("/blog");
    await settle();
    cache.change({ stale: [], purge: ["post:1"] }); // post 1 unpublished meanwhile
    await finish();
    expect(cache.lookup("/blog")).toBeUndefined();
  });
});
