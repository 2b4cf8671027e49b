import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countUsers } from "#server/modules/users/users.repository.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("data layer normalisation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
  });
  afterAll(() => t.close());

  it("answers counts as numbers", async () => {
    expect(await countUsers(t.db)).toBe(3);
  });

  it("answers booleans and timestamps the same way on both databases", async () => {
    const list = await t.services.posts.listPublicPosts({ limit: 3 });
    const post = list.posts[0]!;
    expect(typeof post.isFeatured).toBe("boolean");
    expect(post.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(post.created_at).toMatch(/Z$/);
    expect(typeof post.views).toBe("number");
  });

  it("filters by category and tag slug and searches case-insensitively", async () => {
    const marketing = await t.services.posts.listPublicPosts({ category: "marketing", limit: 50 });
    expect(marketing.count).toBeGreaterThan(0);
    expect(marketing.posts.every((p) => p.categories.some((c) => c.slug === "marketing"))).toBe(
      true,
    );
    const seo = await t.services.posts.listPublicPosts({ tag: "seo" });
    expect(seo.posts.map((p) => p.title)).toEqual([
      "Getting Started With Search Engine Optimisation",
    ]);
    const search = await t.services.posts.listPublicPosts({ search: "BAKERY" });
    expect(search.posts.map((p) => p.title)).toEqual(["From Idea to Launch: A Case Study"]);
    const percent = await t.services.posts.listPublicPosts({ search: "100%" });
    expect(percent.count).toBe(0);
  });

  it("pages with count and totalPages", async () => {
    const page = await t.services.posts.listPublicPosts({ page: 2, limit: 5 });
    expect(page.posts).toHaveLength(5);
    expect(page.totalPages).toBe(Math.ceil(page.count / 5));
  });

  it("makes a scheduled post visible once its time has come, with no job", async () => {
    const slug = "looking-ahead-trends-for-next-year";
    expect(await t.services.posts.getPublicPostBySlug(slug)).toBeNull();
    await t.db
      .updateTable("posts")
      .set({ published_at: new Date(Date.now() - 1000).toISOString() })
      .where("slug", "=", slug)
      .execute();
    const post = await t.services.posts.getPublicPostBySlug(slug);
    expect(post?.status).toBe("published");
  });
});
