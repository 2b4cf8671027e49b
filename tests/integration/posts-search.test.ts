import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createPost,
  del,
  expectOk,
  get,
  minutesFromNow,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/**
 * A made-up word no stemmer changes (consonants only), so each test's posts
 * are told apart from every other post by one more search word.
 */
function word(): string {
  const letters = "bcfghjkmnpqrtvwxz";
  let out = "zq";
  for (let i = 0; i < 8; i++) out += letters[randomInt(letters.length)];
  return out;
}

const ids = (posts: any[]) => posts.map((p) => p.id);

describe("blog and admin search", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function search(query: string, options: { status?: string; token?: string } = {}) {
    const params = new URLSearchParams({ search: query, limit: "50" });
    if (options.status) params.set("status", options.status);
    const result = await get(t, `/blog/posts?${params}`, { token: options.token });
    expectOk(result);
    return result.body.data as { posts: any[]; count: number };
  }

  describe("words", () => {
    let tok: string;
    let inTitle: any;
    let inExcerpt: any;
    let inBody: any;
    let development: any;
    let draft: any;

    beforeAll(async () => {
      tok = word();
      inTitle = await createPost(t, a.admin.token, {
        title: `${tok} Designs that last`,
        content: "<p>Nothing else here.</p>",
        published_at: minutesFromNow(-3 * 24 * 60),
      });
      inExcerpt = await createPost(t, a.admin.token, {
        title: `${tok} Another story`,
        excerpt: "How a design came together.",
        content: "<p>Plain words.</p>",
        published_at: minutesFromNow(-2 * 24 * 60),
      });
      // The newest, so a list by date alone would put it first.
      inBody = await createPost(t, a.admin.token, {
        title: `${tok} Notes`,
        content: "<p>We talk about <em>design</em> every single day.</p>",
        published_at: minutesFromNow(-60),
      });
      development = await createPost(t, a.admin.token, {
        title: `${tok} Tips`,
        content: "<p>Web development for small teams.</p>",
      });
      draft = await createPost(t, a.admin.token, {
        title: `${tok} Draft about design`,
        status: "draft",
      });
    });

    it("finds whole words in title, excerpt and body, whatever their case", async () => {
      const found = await search(`${tok} DESIGN`);
      expect(ids(found.posts).sort()).toEqual([inTitle.id, inExcerpt.id, inBody.id].sort());
      expect(found.count).toBe(3);
    });

    it("finds other forms of a word (stemming)", async () => {
      for (const form of ["designs", "designing", "designed"]) {
        expect(ids((await search(`${tok} ${form}`)).posts).sort(), form).toEqual(
          [inTitle.id, inExcerpt.id, inBody.id].sort(),
        );
      }
    });

    it("takes every word as the start of a word (prefix)", async () => {
      expect(ids((await search(`${tok} deve`)).posts)).toEqual([development.id]);
      expect(ids((await search(`${tok.slice(0, 6)} develop`)).posts)).toEqual([development.id]);
    });

    it("ranks a title match above an excerpt match above a body-only match", async () => {
      expect(ids((await search(`${tok} design`)).posts)).toEqual([
        inTitle.id,
        inExcerpt.id,
        inBody.id,
      ]);
    });

    it("shows drafts only to staff who ask for them", async () => {
      expect(ids((await search(`${tok} design`)).posts)).not.toContain(draft.id);
      const drafts = await search(`${tok} design`, { status: "draft", token: a.admin.token });
      expect(ids(drafts.posts)).toEqual([draft.id]);
      const all = await search(`${tok} design`, { status: "all", token: a.editor.token });
      expect(ids(all.posts)).toContain(draft.id);
      expect(all.count).toBe(4);
    });

    it("pages through ranked results without repeats", async () => {
      const seen: number[] = [];
      for (const page of [1, 2, 3]) {
        const result = await get(t, `/blog/posts?search=${tok}%20design&limit=1&page=${page}`);
        expect(result.body.data).toMatchObject({ count: 3, totalPages: 3, page });
        seen.push(...ids(result.body.data.posts));
      }
      expect(seen).toEqual([inTitle.id, inExcerpt.id, inBody.id]);
      const past = await get(t, `/blog/posts?search=${tok}%20design&limit=1&page=9`);
      expect(past.body.data).toMatchObject({ posts: [], count: 3 });
    });
  });

  describe("markup", () => {
    let tok: string;
    let marked: any;

    beforeAll(async () => {
      tok = word();
      marked = await createPost(t, a.admin.token, {
        title: `${tok} Formatting`,
        content:
          '<p><strong>Bold</strong> and <em>emphasis</em> with a <a href="https://example.com/hrefpage">link</a>.</p>' +
          '<p><img src="/uploads/picture.png" alt="A picture"></p><h2>Heading</h2><ul><li>Item</li></ul>',
      });
    });

    it("finds the words of the text", async () => {
      for (const text of ["bold", "emphasis", "link", "heading", "item"]) {
        expect(ids((await search(`${tok} ${text}`)).posts), text).toEqual([marked.id]);
      }
    });

    it("never matches tag names, attributes or addresses", async () => {
      for (const text of [
        "strong",
        "href",
        "hrefpage",
        "uploads",
        "png",
        "src",
        "ul",
        "h2",
        "noopener",
      ]) {
        expect((await search(`${tok} ${text}`)).posts, text).toEqual([]);
      }
    });
  });

  describe("changes", () => {
    it("finds a post by its new words after an edit and forgets a deleted post", async () => {
      const tok = word();
      const created = await createPost(t, a.admin.token, {
        title: `${tok} Garden`,
        content: "<p>Roses in spring.</p>",
      });
      expect(ids((await search(`${tok} roses`)).posts)).toEqual([created.id]);
      expectOk(
        await put(t, `/blog/posts/${created.id}`, {
          token: a.admin.token,
          body: { content: "<p>Tulips in autumn.</p>" },
        }),
      );
      expect((await search(`${tok} roses`)).posts).toEqual([]);
      expect(ids((await search(`${tok} tulips`)).posts)).toEqual([created.id]);
      expectOk(await del(t, `/blog/posts/${created.id}`, { token: a.admin.token }));
      expect((await search(`${tok} tulips`)).posts).toEqual([]);
    });
  });

  describe("text inside a word", () => {
    it("falls back to titles and excerpts containing the text when no word matches", async () => {
      const tok = word();
      const created = await createPost(t, a.admin.token, {
        title: `Pre${tok}post launch`,
        excerpt: `Notes on ab${tok}cd.`,
      });
      const found = await search(tok);
      expect(ids(found.posts)).toEqual([created.id]);
      expect(found.count).toBe(1);
      expect((await search(`${tok}zzz`)).posts).toEqual([]);
    });
  });

  describe("hostile input", () => {
    const queries = [
      '"',
      "'",
      "*",
      "-",
      ":",
      "()",
      "(((",
      "NOT",
      "AND OR NOT",
      '"unterminated phrase',
      "title:design",
      "{title}: design",
      "design*",
      "-design",
      "design -web",
      "NEAR(design web)",
      "a & b | !c <-> d",
      "x:*A & y",
      "'); drop table posts; --",
      "%",
      "_",
      "\\",
      "^$.*+?[]{}|",
      "😀 🚀",
      "a".repeat(200),
      // More words than are searched for (the rest are ignored).
      Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "),
    ];

    it.each(queries)("answers %j with a list, public and staff", async (query) => {
      const asStaff: { status?: string; token?: string } = { status: "all", token: a.admin.token };
      for (const options of [{}, asStaff]) {
        const params = new URLSearchParams({ search: query });
        if (options.status) params.set("status", options.status);
        const result = await get(t, `/blog/posts?${params}`, { token: options.token });
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(Array.isArray(result.body.data.posts)).toBe(true);
      }
    });

    it("finds nothing for punctuation alone", async () => {
      for (const query of ['"', "*", "()", "-:", "%_\\", "&|!"]) {
        expect(await search(query), query).toMatchObject({ posts: [], count: 0 });
      }
    });

    it("takes control characters in the service without an error", async () => {
      for (const query of ["x\u0000", "abc\u0000def", "\u0000\u0000\u0000", "ab\u0007cd"]) {
        const list = await t.services.posts.listPublicPosts({ search: query });
        expect(Array.isArray(list.posts)).toBe(true);
      }
    });
  });
});
