import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { VIEWS_FLUSH_INTERVAL_MS } from "#server/modules/posts/post-views.ts";
import { insertPostRows, type NewPostRow } from "#server/modules/posts/posts.repository.ts";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createPost,
  expectOk,
  get,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const ids = (posts: { id: number }[]) => posts.map((p) => p.id);

describe("views counted in memory, written in batches", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function stored(id: number) {
    const row = await t.db
      .selectFrom("posts")
      .select("views")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return Number(row.views);
  }

  it("shows each view at once and stores them all on a flush", async () => {
    const created = await createPost(t, a.admin.token);
    const posts = t.services.posts;
    for (let n = 1; n <= 5; n++) {
      const read = await posts.getPublicPostBySlug(created.slug, { countView: true });
      expect(read?.views).toBe(n);
    }
    // Every kind of read sees the views not yet written.
    expect((await posts.getPostById(null, String(created.id))).views).toBe(5);
    const listed = await get(t, "/blog/posts?limit=50");
    expect(listed.body.data.posts.find((p: any) => p.id === created.id).views).toBe(5);

    await posts.flushViews();
    expect(await stored(created.id)).toBe(5);
    // Written once: reads after the flush do not count them twice.
    expect((await posts.getPostById(null, String(created.id))).views).toBe(5);
  });

  it("counts views recorded without a read (a cached page served)", async () => {
    const created = await createPost(t, a.admin.token);
    const posts = t.services.posts;
    for (let i = 0; i < 3; i++) posts.recordView(created.id);
    const api = await get(t, `/blog/posts/${created.slug}`);
    expectOk(api);
    expect(api.body.data.views).toBe(4);
    await posts.flushViews();
    expect(await stored(created.id)).toBe(4);
  });

  it("adds to what is stored, one transaction for many posts", async () => {
    const first = await createPost(t, a.admin.token);
    const second = await createPost(t, a.admin.token);
    await t.db.updateTable("posts").set({ views: 100 }).where("id", "=", first.id).execute();
    const posts = t.services.posts;
    posts.recordView(first.id);
    posts.recordView(second.id);
    posts.recordView(second.id);
    await Promise.all([posts.flushViews(), posts.flushViews()]);
    expect(await stored(first.id)).toBe(101);
    expect(await stored(second.id)).toBe(2);
  });

  it("writes pending views on its own after the interval", async () => {
    const created = await createPost(t, a.admin.token);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      t.services.posts.recordView(created.id);
      t.services.posts.recordView(created.id);
      vi.advanceTimersByTime(VIEWS_FLUSH_INTERVAL_MS);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await stored(created.id)).toBe(2));
  });

  it("does not count reads by id, or hidden posts", async () => {
    const created = await createPost(t, a.admin.token);
    const draft = await createPost(t, a.admin.token, { status: "draft" });
    await get(t, `/blog/posts/id/${created.id}`);
    expect(await t.services.posts.getPublicPostBySlug(draft.slug, { countView: true })).toBeNull();
    await t.services.posts.flushViews();
    expect(await stored(created.id)).toBe(0);
    expect(await stored(draft.id)).toBe(0);
  });
});

describe("lists over many posts", () => {
  let t: TestApp;
  let a: Accounts;
  let category: any;
  type Row = { id: number; status: string; published_at: string | null; created_at: string };
  let rows: Row[];
  let inCategory: Set<number>;
  const now = () => new Date().toISOString();
  const isLive = (r: Row) =>
    (r.status === "published" || r.status === "scheduled") &&
    r.published_at !== null &&
    r.published_at <= now();
  const newest = (x: string, y: string, idX: number, idY: number) =>
    x === y ? idY - idX : x < y ? 1 : -1;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    category = await createCategory(t, a.admin.token);
    // More linked posts than a list starts from (so it walks the order):
    // 1,100 posts in one category, some drafts and some scheduled.
    const base = Date.now() - 60_000;
    const batch: NewPostRow[] = Array.from({ length: 1100 }, (_, i) => {
      const draft = i % 50 === 7;
      const scheduled = i % 100 === 3;
      const published = new Date(base - (i % 400) * 3_600_000).toISOString();
      return {
        title: `Bulk post ${i}`,
        slug: `bulk-post-${i}`,
        excerpt: "Written in bulk.",
        content: `<p>Post number ${i}.</p>`,
        featured_image: "",
        featured_image_alt: "",
        status: draft ? "draft" : scheduled ? "scheduled" : "published",
        is_featured: i % 97 === 0,
        author_id: a.author.id,
        published_at: draft
          ? null
          : scheduled
            ? new Date(Date.now() + 86_400_000).toISOString()
            : published,
        views: 0,
        created_at: new Date(base - i * 1000).toISOString(),
        updated_at: new Date(base - i * 1000).toISOString(),
        categoryIds: [category.id],
        tagIds: [],
      };
    });
    await t.db.transaction().execute((trx) => insertPostRows(trx, batch));
    // A few posts of other kinds, outside the category.
    await createPost(t, a.admin.token);
    await createPost(t, a.editor.token, { status: "draft" });
    rows = (await t.db
      .selectFrom("posts")
      .select(["id", "status", "published_at", "created_at"])
      .execute()) as Row[];
    inCategory = new Set(
      (
        await t.db
          .selectFrom("post_categories")
          .select("post_id")
          .where("category_id", "=", category.id)
          .execute()
      ).map((r) => r.post_id),
    );
  });
  afterAll(() => t?.close());

  function expectedLive(filter: (r: Row) => boolean = () => true) {
    return rows
      .filter((r) => isLive(r) && filter(r))
      .sort((x, y) => newest(x.published_at!, y.published_at!, x.id, y.id))
      .map((r) => r.id);
  }

  it("pages a category newest first with its count of live posts", async () => {
    const expected = expectedLive((r) => inCategory.has(r.id));
    for (const page of [1, 2, 50, 106]) {
      const list = await t.services.posts.listPublicPosts({
        category: category.slug,
        page,
        limit: 10,
      });
      expect(list.count).toBe(expected.length);
      expect(ids(list.posts), `page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10));
    }
    const past = await t.services.posts.listPublicPosts({ category: category.slug, page: 500 });
    expect(past).toMatchObject({ posts: [], count: expected.length });
  });

  it("reads a deep page from either end of the list and finds the same posts", async () => {
    const expected = expectedLive();
    const last = Math.ceil(expected.length / 10);
    for (const page of [101, Math.floor(last / 2) + 1, last - 1, last]) {
      const list = await t.services.posts.listPublicPosts({ page, limit: 10 });
      expect(list.count).toBe(expected.length);
      expect(ids(list.posts), `page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10));
    }
  });

  it("pages the staff list of every status by publish (else creation) date", async () => {
    const order = (r: Row) => r.published_at ?? r.created_at;
    const expected = [...rows]
      .sort((x, y) => newest(order(x), order(y), x.id, y.id))
      .map((r) => r.id);
    const admin = { id: a.admin.id, role: "admin" as const };
    for (const page of [1, 60, 110]) {
      const list = await t.services.posts.listPosts(admin, { status: "all", page, limit: 10 });
      expect(list.count).toBe(expected.length);
      expect(ids(list.posts), `page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10));
    }
  });

  it("related posts: the newest live posts of the category, never the post itself", async () => {
    const expected = expectedLive((r) => inCategory.has(r.id));
    const related = await t.services.posts.listRelatedPosts(expected[0]!, [category.id], 3);
    expect(ids(related)).toEqual(expected.slice(1, 4));
  });

  it("featured posts: the newest live featured ones", async () => {
    const featured = await t.services.posts.listFeaturedPosts(3);
    expect(featured.every((p) => p.isFeatured && p.status === "published")).toBe(true);
    const dates = featured.map((p) => p.published_at!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("counts only live posts per category", async () => {
    const categories = await t.services.categories.listCategories();
    const found = categories.find((c) => c.id === category.id);
    expect(found?.postCount).toBe(expectedLive((r) => inCategory.has(r.id)).length);
  });
});
