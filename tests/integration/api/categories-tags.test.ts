import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createPost,
  createTag,
  del,
  expectError,
  expectFieldError,
  expectOk,
  expectSuccess,
  get,
  minutesFromNow,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("categories and tags API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function categories() {
    const result = await get(t, "/blog/categories");
    expectOk(result);
    return result.body.categories as any[];
  }

  async function tags() {
    const result = await get(t, "/blog/tags");
    expectOk(result);
    return result.body.tags as any[];
  }

  describe("categories", () => {
    it("GET answers {success, categories, data} with the same list", async () => {
      await createCategory(t, a.admin.token, { name: "Listed", description: "About listed" });
      const result = await get(t, "/blog/categories");
      expectOk(result);
      expect(Array.isArray(result.body.categories)).toBe(true);
      expect(result.body.data).toEqual(result.body.categories);
      const listed = result.body.categories.find((c: any) => c.name === "Listed");
      expect(listed).toMatchObject({
        name: "Listed",
        slug: "listed",
        description: "About listed",
        postCount: 0,
      });
      expect(typeof listed.id).toBe("number");
    });

    it("makes the slug from the name when none is given", async () => {
      const result = await post(t, "/blog/categories", {
        token: a.editor.token,
        body: { name: "Web & Mobile Design" },
      });
      expectSuccess(result);
      expect(result.body.data).toMatchObject({
        name: "Web & Mobile Design",
        slug: "web-mobile-design",
      });
      expect((await categories()).map((c) => c.slug)).toContain("web-mobile-design");
    });

    it("keeps a given slug and trims the name", async () => {
      const result = await post(t, "/blog/categories", {
        token: a.admin.token,
        body: { name: "  Custom Slugged  ", slug: "my-own-slug", description: "Desc" },
      });
      expectSuccess(result);
      expect(result.body.data).toMatchObject({
        name: "Custom Slugged",
        slug: "my-own-slug",
        description: "Desc",
      });
    });

    it("refuses a duplicate name or slug with 409", async () => {
      await createCategory(t, a.admin.token, { name: "Dup Name" });
      expectError(
        await post(t, "/blog/categories", {
          token: a.admin.token,
          body: { name: "Dup Name", slug: "another-slug" },
        }),
        409,
        "A category with this name already exists",
      );
      await createCategory(t, a.admin.token, { name: "Slug Owner", slug: "taken-slug" });
      expectError(
        await post(t, "/blog/categories", {
          token: a.admin.token,
          body: { name: "Different Name", slug: "taken-slug" },
        }),
        409,
        "A category with this slug already exists",
      );
    });

    it("validates name and slug", async () => {
      expectFieldError(
        await post(t, "/blog/categories", { token: a.admin.token, body: { name: "" } }),
        "name",
        "Name is required",
      );
      expectFieldError(
        await post(t, "/blog/categories", { token: a.admin.token, body: {} }),
        "name",
        "Name is required",
      );
      expectFieldError(
        await post(t, "/blog/categories", {
          token: a.admin.token,
          body: { name: "Bad Slug", slug: "Bad Slug!" },
        }),
        "slug",
        "Slug can only contain lowercase letters, numbers, and hyphens",
      );
      expectFieldError(
        await post(t, "/blog/categories", {
          token: a.admin.token,
          body: { name: "Extra", colour: "red" },
        }),
        "body",
        "Unknown field: colour",
      );
    });

    it("PUT renames; the posts keep the category", async () => {
      const cat = await createCategory(t, a.admin.token);
      const p = await createPost(t, a.admin.token, { categories: [cat.name] });
      const newName = unique("Renamed");
      const result = await put(t, `/blog/categories/${cat.id}`, {
        token: a.editor.token,
        body: { name: newName, slug: "renamed-category", description: "New description" },
      });
      expectSuccess(result);
      const listed = (await categories()).find((c) => c.id === cat.id);
      expect(listed).toMatchObject({
        name: newName,
        slug: "renamed-category",
        description: "New description",
      });
      const read = await get(t, `/blog/posts/id/${p.id}`);
      expect(read.body.data.categories).toEqual([
        expect.objectContaining({ id: cat.id, name: newName, slug: "renamed-category" }),
      ]);
    });

    it("PUT refuses another category's name with 409 and an unknown id with 404", async () => {
      const first = await createCategory(t, a.admin.token);
      const second = await createCategory(t, a.admin.token);
      expectError(
        await put(t, `/blog/categories/${second.id}`, {
          token: a.admin.token,
          body: { name: first.name },
        }),
        409,
        "A category with this name already exists",
      );
      expectError(
        await put(t, "/blog/categories/987654", { token: a.admin.token, body: { name: "Nope" } }),
        404,
      );
    });

    it("DELETE removes it; the post stays without it", async () => {
      const cat = await createCategory(t, a.admin.token);
      const p = await createPost(t, a.admin.token, { categories: [cat.name] });
      expectSuccess(await del(t, `/blog/categories/${cat.id}`, { token: a.admin.token }));
      expect((await categories()).map((c) => c.id)).not.toContain(cat.id);
      const read = await get(t, `/blog/posts/id/${p.id}`);
      expectOk(read);
      expect(read.body.data.categories).toEqual([]);
      expectError(await del(t, "/blog/categories/987654", { token: a.admin.token }), 404);
    });

    it("postCount counts live posts only", async () => {
      const cat = await createCategory(t, a.admin.token);
      await createPost(t, a.admin.token, { categories: [cat.name] });
      await createPost(t, a.admin.token, { categories: [cat.name] });
      await createPost(t, a.admin.token, { categories: [cat.name], status: "draft" });
      await createPost(t, a.admin.token, {
        categories: [cat.name],
        status: "scheduled",
        published_at: minutesFromNow(600),
      });
      expect((await categories()).find((c) => c.id === cat.id).postCount).toBe(2);
    });

    it("refuses authors (403) and anonymous callers (401)", async () => {
      expectError(
        await post(t, "/blog/categories", { token: a.author.token, body: { name: "Nope" } }),
        403,
        "You do not have permission to do this",
      );
      expectError(
        await post(t, "/blog/categories", { body: { name: "Nope" } }),
        401,
        "Authentication required",
      );
      expect((await categories()).map((c) => c.name)).not.toContain("Nope");
    });
  });

  describe("tags", () => {
    it("GET answers {success, tags, data}", async () => {
      await createTag(t, a.admin.token, { name: "Listed Tag" });
      const result = await get(t, "/blog/tags");
      expectOk(result);
      expect(result.body.data).toEqual(result.body.tags);
      expect(result.body.tags.find((tag: any) => tag.name === "Listed Tag")).toMatchObject({
        name: "Listed Tag",
        slug: "listed-tag",
      });
    });

    it("POST keeps a given slug and validates", async () => {
      const result = await post(t, "/blog/tags", {
        token: a.editor.token,
        body: { name: "Given", slug: "given-slug" },
      });
      expectSuccess(result);
      expect(result.body.data).toMatchObject({ name: "Given", slug: "given-slug" });
      expectFieldError(
        await post(t, "/blog/tags", { token: a.admin.token, body: { name: "  " } }),
        "name",
        "Name is required",
      );
      expectFieldError(
        await post(t, "/blog/tags", { token: a.admin.token, body: { name: "X", slug: "No Way" } }),
        "slug",
        "Slug can only contain lowercase letters, numbers, and hyphens",
      );
    });

    it("a name with no letter of a-z gets a slug of its own, the same from the API and from a post", async () => {
      const made = await post(t, "/blog/tags", { token: a.editor.token, body: { name: "日本語" } });
      expectSuccess(made);
      expect(made.body.data.slug).toMatch(/^tag-[a-z0-9]+$/);
      const other = await post(t, "/blog/tags", { token: a.editor.token, body: { name: "中文" } });
      expectSuccess(other);
      expect(other.body.data.slug).toMatch(/^tag-[a-z0-9]+$/);
      expect(other.body.data.slug).not.toBe(made.body.data.slug);
      // A post naming a new such tag makes the slug the API would have made.
      await del(t, `/blog/tags/${made.body.data.id}`, { token: a.admin.token });
      const p = await createPost(t, a.admin.token, { tags: ["日本語"] });
      expect(p.tags).toEqual([
        { id: expect.any(Number), name: "日本語", slug: made.body.data.slug },
      ]);
      // Categories too.
      const category = await post(t, "/blog/categories", {
        token: a.editor.token,
        body: { name: "Ελληνικά" },
      });
      expectSuccess(category);
      expect(category.body.data.slug).toMatch(/^category-[a-z0-9]+$/);
    });

    it("lists tags alphabetically whatever their case", async () => {
      const names = [unique("Zulu"), unique("alpha"), unique("Mike")];
      for (const name of names) await createTag(t, a.admin.token, { name });
      const listed = (await tags()).map((tag) => tag.name).filter((name) => names.includes(name));
      expect(listed).toEqual([names[1], names[2], names[0]]);
    });

    it("refuses a duplicate tag with 409", async () => {
      const tag = await createTag(t, a.admin.token);
      expectError(
        await post(t, "/blog/tags", { token: a.admin.token, body: { name: tag.name } }),
        409,
      );
    });

    it("PUT renames and DELETE removes", async () => {
      const tag = await createTag(t, a.admin.token);
      expectSuccess(
        await put(t, `/blog/tags/${tag.id}`, {
          token: a.admin.token,
          body: { name: "Renamed Tag", slug: "renamed-tag" },
        }),
      );
      expect((await tags()).find((x) => x.id === tag.id)).toMatchObject({
        name: "Renamed Tag",
        slug: "renamed-tag",
      });
      expectSuccess(await del(t, `/blog/tags/${tag.id}`, { token: a.editor.token }));
      expect((await tags()).map((x) => x.id)).not.toContain(tag.id);
      expectError(await del(t, `/blog/tags/${tag.id}`, { token: a.admin.token }), 404);
      expectError(
        await put(t, "/blog/tags/987654", { token: a.admin.token, body: { name: "x" } }),
        404,
      );
    });

    it("refuses authors (403) and anonymous callers (401)", async () => {
      expectError(
        await post(t, "/blog/tags", { token: a.author.token, body: { name: "nope" } }),
        403,
        "You do not have permission to do this",
      );
      expectError(await post(t, "/blog/tags", { body: { name: "nope" } }), 401);
    });
  });
});
