import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createPost,
  createTag,
  expectError,
  expectFieldError,
  expectOk,
  get,
  post,
  postBody,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const FEATURE_REFUSED = "Only editors and admins can feature posts";
const SLUG_REDIRECTS =
  "This slug is the old address of another author's post and still leads to it";

/** Roles as documented (decision 005): what an author may not do with a post. */
describe("author limits: featuring, new tags, another post's old address", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function postBySlug(slug: string) {
    return t.db.selectFrom("posts").select(["id"]).where("slug", "=", slug).executeTakeFirst();
  }

  async function tagNames(): Promise<string[]> {
    return (await get(t, "/blog/tags")).body.tags.map((tag: { name: string }) => tag.name);
  }

  describe("featuring a post", () => {
    it("an author cannot create a featured post: 403 naming the field, nothing stored", async () => {
      for (const field of ["isFeatured", "featured"]) {
        const body = postBody({ [field]: true });
        const result = await post(t, "/blog/posts", { token: a.author.token, body });
        expectError(result, 403, FEATURE_REFUSED);
        expect(result.body.errors).toEqual({ [field]: FEATURE_REFUSED });
        expect(await postBySlug(body.slug as string)).toBeUndefined();
      }
    });

    it("an author may send the flag as it is (false on a new post)", async () => {
      const created = await createPost(t, a.author.token, { isFeatured: false });
      expect(created.isFeatured).toBe(false);
    });

    it("an author cannot feature or unfeature their own post; an editor can", async () => {
      const own = await createPost(t, a.author.token);
      const refused = await put(t, `/blog/posts/${own.id}`, {
        token: a.author.token,
        body: { isFeatured: true },
      });
      expectError(refused, 403, FEATURE_REFUSED);
      expect(refused.body.errors.isFeatured).toBe(FEATURE_REFUSED);

      const featured = await put(t, `/blog/posts/${own.id}`, {
        token: a.editor.token,
        body: { featured: true },
      });
      expectOk(featured);
      expect(featured.body.data.isFeatured).toBe(true);

      // The editor form sends the loaded value back: an unchanged flag is fine.
      const edited = await put(t, `/blog/posts/${own.id}`, {
        token: a.author.token,
        body: { title: "Edited by its author", isFeatured: true },
      });
      expectOk(edited);
      expect(edited.body.data).toMatchObject({ title: "Edited by its author", isFeatured: true });

      const unfeature = await put(t, `/blog/posts/${own.id}`, {
        token: a.author.token,
        body: { featured: false },
      });
      expectError(unfeature, 403, FEATURE_REFUSED);
      expect(unfeature.body.errors.featured).toBe(FEATURE_REFUSED);
      const stored = await get(t, `/blog/posts/id/${own.id}`, { token: a.author.token });
      expect(stored.body.data.isFeatured).toBe(true);

      // Leaving the flag out keeps it.
      const untouched = await put(t, `/blog/posts/${own.id}`, {
        token: a.author.token,
        body: { excerpt: "New excerpt." },
      });
      expectOk(untouched);
      expect(untouched.body.data.isFeatured).toBe(true);
    });

    it("editors and admins create featured posts", async () => {
      for (const token of [a.editor.token, a.admin.token]) {
        expect((await createPost(t, token, { isFeatured: true })).isFeatured).toBe(true);
      }
    });
  });

  describe("tags", () => {
    it("an author uses existing tags (any case) but cannot create one: 400 naming tags", async () => {
      const existing = await createTag(t, a.editor.token, { name: unique("Known") });
      const created = await createPost(t, a.author.token, {
        tags: [existing.name.toUpperCase()],
      });
      expect(created.tags.map((tag: { id: number }) => tag.id)).toEqual([existing.id]);

      const fresh = unique("brand-new");
      const body = postBody({ tags: `${existing.name}, ${fresh}` });
      const refused = await post(t, "/blog/posts", { token: a.author.token, body });
      expectFieldError(
        refused,
        "tags",
        `Unknown tag: ${fresh}. Only editors and admins can create new tags`,
      );
      expect(await postBySlug(body.slug as string)).toBeUndefined();
      expect(await tagNames()).not.toContain(fresh);

      const update = await put(t, `/blog/posts/${created.id}`, {
        token: a.author.token,
        body: { tags: [fresh, existing.name] },
      });
      expectFieldError(
        update,
        "tags",
        `Unknown tag: ${fresh}. Only editors and admins can create new tags`,
      );
      expect(await tagNames()).not.toContain(fresh);
    });

    it("editors and admins create tags by naming them on a post", async () => {
      for (const token of [a.editor.token, a.admin.token]) {
        const fresh = unique("editor-tag");
        const created = await createPost(t, token, { tags: [fresh] });
        expect(created.tags.map((tag: { name: string }) => tag.name)).toEqual([fresh]);
        expect(await tagNames()).toContain(fresh);
      }
    });

    it("an author cannot create a tag through POST /blog/tags either", async () => {
      expectError(
        await post(t, "/blog/tags", { token: a.author.token, body: { name: unique("tag") } }),
        403,
      );
    });
  });

  describe("a renamed post's old address", () => {
    async function renamedPost(token: string) {
      const original = await createPost(t, token);
      const newSlug = unique("renamed");
      expectOk(await put(t, `/blog/posts/${original.id}`, { token, body: { slug: newSlug } }));
      const old = await t.request(`/blog/${original.slug}`);
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe(`/blog/${newSlug}`);
      return { id: original.id as number, oldSlug: original.slug as string, newSlug };
    }

    async function expectStillRedirects(oldSlug: string, newSlug: string) {
      const old = await t.request(`/blog/${oldSlug}`);
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe(`/blog/${newSlug}`);
    }

    it("another author cannot take it, published or draft, new or renamed: 409 naming slug", async () => {
      const victim = await renamedPost(a.author.token);
      for (const status of ["published", "draft"]) {
        const result = await post(t, "/blog/posts", {
          token: a.otherAuthor.token,
          body: postBody({ slug: victim.oldSlug, status }),
        });
        expectError(result, 409, SLUG_REDIRECTS);
        expect(result.body.errors).toEqual({ slug: SLUG_REDIRECTS });
      }
      const own = await createPost(t, a.otherAuthor.token);
      const rename = await put(t, `/blog/posts/${own.id}`, {
        token: a.otherAuthor.token,
        body: { slug: victim.oldSlug },
      });
      expectError(rename, 409, SLUG_REDIRECTS);
      await expectStillRedirects(victim.oldSlug, victim.newSlug);
    });

    it("also when the redirect points to an editor's post", async () => {
      const victim = await renamedPost(a.editor.token);
      expectError(
        await post(t, "/blog/posts", {
          token: a.author.token,
          body: postBody({ slug: victim.oldSlug }),
        }),
        409,
        SLUG_REDIRECTS,
      );
      await expectStillRedirects(victim.oldSlug, victim.newSlug);
    });

    it("the post's own author may take it back or reuse it", async () => {
      const mine = await renamedPost(a.author.token);
      const created = await createPost(t, a.author.token, { slug: mine.oldSlug });
      expect(created.slug).toBe(mine.oldSlug);
      expect((await t.request(`/blog/${mine.oldSlug}`)).status).toBe(200);

      const again = await renamedPost(a.author.token);
      const back = await put(t, `/blog/posts/${again.id}`, {
        token: a.author.token,
        body: { slug: again.oldSlug },
      });
      expectOk(back);
      expect((await t.request(`/blog/${again.oldSlug}`)).status).toBe(200);
    });

    it("editors and admins (who may manage every post) may take it", async () => {
      for (const token of [a.editor.token, a.admin.token]) {
        const victim = await renamedPost(a.author.token);
        const created = await createPost(t, token, { slug: victim.oldSlug });
        expect(created.slug).toBe(victim.oldSlug);
        expect((await t.request(`/blog/${victim.oldSlug}`)).status).toBe(200);
      }
    });
  });
});
