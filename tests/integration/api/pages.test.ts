import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  del,
  expectError,
  expectFieldError,
  expectOk,
  get,
  minutesFromNow,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const RESERVED = "Slug is an address the site uses itself; choose another";
const TAKEN = "A page with this slug already exists";

function pageBody(overrides: Record<string, unknown> = {}) {
  const slug = unique("page");
  return {
    title: `Page ${slug}`,
    slug,
    content: "<p>About our company.</p>",
    status: "published",
    ...overrides,
  };
}

describe("pages API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function createPage(overrides: Record<string, unknown> = {}, token = a.editor.token) {
    const result = await post(t, "/pages", { token, body: pageBody(overrides) });
    expectOk(result, 201);
    return result.body.data;
  }

  async function auditFor(id: number) {
    const result = await get(t, "/audit-log?entity_type=page&limit=200", { token: a.admin.token });
    expectOk(result);
    return (result.body.data.entries as { entity_id: string; action: string; details: unknown }[])
      .filter((entry) => entry.entity_id === String(id))
      .reverse();
  }

  it("a fresh site has the Terms and Privacy pages, published", async () => {
    const result = await get(t, "/pages?status=published&limit=100", { token: a.admin.token });
    expectOk(result);
    const bySlug = new Map(result.body.data.pages.map((p: any) => [p.slug, p]));
    expect(bySlug.get("terms")).toMatchObject({ title: "Terms and Conditions", noindex: false });
    expect(bySlug.get("privacy")).toMatchObject({ title: "Privacy Policy" });
  });

  it("creates a page with every field and stores it as sent (HTML sanitised)", async () => {
    const slug = unique("careers");
    const result = await post(t, "/pages", {
      token: a.editor.token,
      body: {
        title: "  Careers  ",
        slug,
        content: '<h2>Join us</h2><p onclick="x()">We hire.</p><script>alert(1)</script>',
        meta_title: "Jobs at our company",
        meta_description: "Open positions.",
        featured_image: "/uploads/team.png",
        featured_image_alt: "Our team",
        status: "published",
        noindex: true,
      },
    });
    expectOk(result, 201);
    expect(result.body.message).toBe("Page created successfully!");
    const page = result.body.data;
    expect(page).toMatchObject({
      title: "Careers",
      slug,
      content: "<h2>Join us</h2><p>We hire.</p>",
      meta_title: "Jobs at our company",
      meta_description: "Open positions.",
      featured_image: "/uploads/team.png",
      featured_image_alt: "Our team",
      status: "published",
      noindex: true,
      author_id: a.editor.id,
    });
    expect(Date.parse(page.published_at)).toBeLessThanOrEqual(Date.now());
    const read = await get(t, `/pages/${page.id}`, { token: a.admin.token });
    expectOk(read);
    expect(read.body.data).toEqual(page);
    const row = await t.db
      .selectFrom("pages")
      .select(["content", "status"])
      .where("id", "=", page.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ content: "<h2>Join us</h2><p>We hire.</p>", status: "published" });
  });

  it("a new page is a draft unless told otherwise", async () => {
    const page = await createPage({ status: undefined });
    expect(page).toMatchObject({ status: "draft", published_at: null, noindex: false });
  });

  it("lists pages with a status filter, search and paging", async () => {
    const tag = unique("listing");
    const live = await createPage({ title: `Live ${tag}` });
    const draft = await createPage({ title: `Draft ${tag}`, status: "draft" });
    const later = await createPage({ title: `Later ${tag}`, published_at: minutesFromNow(60) });
    const list = async (query: string) => {
      const result = await get(t, `/pages?search=${encodeURIComponent(tag)}${query}`, {
        token: a.editor.token,
      });
      expectOk(result);
      return result.body.data;
    };
    const all = await list("");
    expect(all.pages.map((p: any) => p.id).sort()).toEqual([live.id, draft.id, later.id].sort());
    expect(all.pages[0]).not.toHaveProperty("content");
    expect((await list("&status=published")).pages.map((p: any) => p.id)).toEqual([live.id]);
    expect((await list("&status=draft")).pages.map((p: any) => p.id)).toEqual([draft.id]);
    expect((await list("&status=scheduled")).pages.map((p: any) => p.id)).toEqual([later.id]);
    const first = await list("&limit=2&page=1");
    expect(first).toMatchObject({ count: 3, totalPages: 2, page: 1, limit: 2 });
    expect(first.pages).toHaveLength(2);
    expect((await list("&limit=2&page=2")).pages).toHaveLength(1);
    // Search by the address too, any case.
    const bySlug = await get(t, `/pages?search=${live.slug.toUpperCase()}`, {
      token: a.editor.token,
    });
    expect(bySlug.body.data.pages.map((p: any) => p.id)).toEqual([live.id]);
  });

  it("searches for % and _ as the characters they are, not as wildcards", async () => {
    const tag = unique("pct");
    const percent = await createPage({ title: `Save 50% ${tag}` });
    await createPage({ title: `Save 500 ${tag}` });
    const underscore = await createPage({ title: `Plan a_b ${tag}` });
    await createPage({ title: `Plan axb ${tag}` });
    const search = async (text: string) => {
      const result = await get(t, `/pages?search=${encodeURIComponent(text)}`, {
        token: a.editor.token,
      });
      expectOk(result);
      return result.body.data.pages.map((p: any) => p.id);
    };
    expect(await search(`50% ${tag}`)).toEqual([percent.id]);
    expect(await search(`a_b ${tag}`)).toEqual([underscore.id]);
  });

  it("refuses a bad status filter naming it", async () => {
    expectFieldError(
      await get(t, "/pages?status=live", { token: a.editor.token }),
      "status",
      "Status must be all, published, draft or scheduled",
    );
  });

  it("updates only the fields sent", async () => {
    const page = await createPage({ meta_description: "Before." });
    const result = await put(t, `/pages/${page.id}`, {
      token: a.admin.token,
      body: { title: "Renamed title", noindex: true },
    });
    expectOk(result);
    expect(result.body.message).toBe("Page updated successfully!");
    expect(result.body.data).toMatchObject({
      title: "Renamed title",
      slug: page.slug,
      content: page.content,
      meta_description: "Before.",
      noindex: true,
      status: "published",
      published_at: page.published_at,
    });
  });

  it("accepts the page it answered back (round trip), but not another id", async () => {
    const page = await createPage();
    expectOk(await put(t, `/pages/${page.id}`, { token: a.editor.token, body: page }));
    expectFieldError(
      await put(t, `/pages/${page.id}`, { token: a.editor.token, body: { ...page, id: 999 } }),
      "id",
      "id cannot be changed",
    );
  });

  it.each([
    ["title", { title: "" }, "Title is required"],
    ["slug", { slug: "" }, "Slug is required"],
    [
      "slug",
      { slug: "Not A Slug" },
      "Slug can only contain lowercase letters, numbers, and hyphens",
    ],
    ["content", { content: "" }, "Content is required"],
    ["content", { content: "<p> </p>" }, "Content is required"],
    ["status", { status: "live" }, "Status must be draft, published or scheduled"],
    ["published_at", { published_at: "tomorrow" }, "Publish date must be a date and time"],
    [
      "published_at",
      { status: "scheduled", published_at: null },
      "A scheduled page needs a publish date",
    ],
    ["noindex", { noindex: "yes" }, "noindex must be true or false"],
    [
      "featured_image",
      { featured_image: "javascript:alert(1)" },
      "Featured image must be an http(s) URL or an uploaded file",
    ],
    ["meta_title", { meta_title: "x".repeat(201) }, "Meta title must be 200 characters or less"],
    // An unknown field is named in the message of the body.
    ["body", { colour: "red" }, "Unknown field: colour"],
  ])("refuses a bad %s with a message naming it", async (field, overrides, message) => {
    const result = await post(t, "/pages", { token: a.editor.token, body: pageBody(overrides) });
    expectFieldError(result, field, message);
  });

  it("refuses content that is only markup the sanitiser removes", async () => {
    expectFieldError(
      await post(t, "/pages", {
        token: a.editor.token,
        body: pageBody({ content: "<script>alert(1)</script>" }),
      }),
      "content",
      "Content is required",
    );
  });

  it.each([
    "about",
    "contact",
    "blog",
    "services",
    "gallery",
    "login",
    "register",
    "forgot-password",
    "reset-password",
    "accept-invite",
    "confirm-email",
    "setup",
    "unauthorized",
    "admin",
    "api",
    "uploads",
    "assets",
    "healthz",
    "readyz",
  ])("refuses the site's own address /%s as a slug, on create and on rename", async (slug) => {
    expectFieldError(
      await post(t, "/pages", { token: a.editor.token, body: pageBody({ slug }) }),
      "slug",
      RESERVED,
    );
    const page = await createPage();
    expectFieldError(
      await put(t, `/pages/${page.id}`, { token: a.editor.token, body: { slug } }),
      "slug",
      RESERVED,
    );
  });

  it("answers 409 naming slug for a slug another page has", async () => {
    const first = await createPage();
    const second = await createPage();
    const create = await post(t, "/pages", {
      token: a.editor.token,
      body: pageBody({ slug: first.slug }),
    });
    expectError(create, 409, TAKEN);
    expect(create.body.errors).toEqual({ slug: TAKEN });
    const rename = await put(t, `/pages/${second.id}`, {
      token: a.editor.token,
      body: { slug: first.slug },
    });
    expectError(rename, 409, TAKEN);
    expect(rename.body.errors).toEqual({ slug: TAKEN });
    const count = await t.db
      .selectFrom("pages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("slug", "=", first.slug)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("takes terms and privacy as ordinary page slugs (409 only because they exist)", async () => {
    expectError(
      await post(t, "/pages", { token: a.editor.token, body: pageBody({ slug: "terms" }) }),
      409,
      TAKEN,
    );
  });

  it("answers 404 for a page that is not there", async () => {
    expectError(await get(t, "/pages/987654", { token: a.admin.token }), 404);
    expectError(
      await put(t, "/pages/987654", { token: a.admin.token, body: { title: "X" } }),
      404,
      "Page with ID 987654 not found.",
    );
    expectError(await del(t, "/pages/987654", { token: a.admin.token }), 404);
  });

  it("deletes a page: gone from the list, the table and its address", async () => {
    const page = await createPage();
    const result = await del(t, `/pages/${page.id}`, { token: a.editor.token });
    expectOk(result);
    expect(result.body.message).toBe("Page deleted successfully");
    expectError(await get(t, `/pages/${page.id}`, { token: a.editor.token }), 404);
    expect(
      await t.db.selectFrom("pages").select("id").where("id", "=", page.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.request(`/${page.slug}`)).status).toBe(404);
  });

  describe("roles", () => {
    it("anonymous callers get 401 on every call", async () => {
      const page = await createPage();
      expectError(await get(t, "/pages"), 401);
      expectError(await get(t, `/pages/${page.id}`), 401);
      expectError(await post(t, "/pages", { body: pageBody() }), 401);
      expectError(await put(t, `/pages/${page.id}`, { body: { title: "X" } }), 401);
      expectError(await del(t, `/pages/${page.id}`), 401);
      expectError(await post(t, "/pages/bulk", { body: { action: "draft", ids: [page.id] } }), 401);
    });

    it("an author gets 403 on every call, and nothing changes", async () => {
      const page = await createPage();
      const token = a.author.token;
      expectError(await get(t, "/pages", { token }), 403);
      expectError(await get(t, `/pages/${page.id}`, { token }), 403);
      expectError(await post(t, "/pages", { token, body: pageBody() }), 403);
      expectError(await put(t, `/pages/${page.id}`, { token, body: { title: "Mine now" } }), 403);
      expectError(await del(t, `/pages/${page.id}`, { token }), 403);
      expectError(
        await post(t, "/pages/bulk", { token, body: { action: "draft", ids: [page.id] } }),
        403,
      );
      const read = await get(t, `/pages/${page.id}`, { token: a.admin.token });
      expect(read.body.data).toMatchObject({ title: page.title, status: "published" });
    });

    it("an author's 403 comes before the body is read (a bad body is still 403)", async () => {
      expectError(await post(t, "/pages", { token: a.author.token, body: { nonsense: 1 } }), 403);
    });

    it("editors and admins may manage every page", async () => {
      const byEditor = await createPage({}, a.editor.token);
      const byAdmin = await createPage({}, a.admin.token);
      expectOk(
        await put(t, `/pages/${byEditor.id}`, { token: a.admin.token, body: { title: "A" } }),
      );
      expectOk(
        await put(t, `/pages/${byAdmin.id}`, { token: a.editor.token, body: { title: "E" } }),
      );
      expectOk(await del(t, `/pages/${byAdmin.id}`, { token: a.editor.token }));
    });
  });

  describe("bulk actions", () => {
    it("publishes, moves to draft and deletes several pages at once", async () => {
      const one = await createPage({ status: "draft" });
      const two = await createPage({ published_at: minutesFromNow(120) });
      const ids = [one.id, two.id];
      expectOk(
        await post(t, "/pages/bulk", { token: a.editor.token, body: { action: "publish", ids } }),
      );
      for (const id of ids) {
        const read = await get(t, `/pages/${id}`, { token: a.editor.token });
        expect(read.body.data.status).toBe("published");
      }
      const draft = await post(t, "/pages/bulk", {
        token: a.editor.token,
        body: { action: "draft", ids },
      });
      expectOk(draft);
      expect(draft.body.data).toEqual({ updated: 2 });
      for (const id of ids) {
        const read = await get(t, `/pages/${id}`, { token: a.editor.token });
        expect(read.body.data.status).toBe("draft");
      }
      const gone = await post(t, "/pages/bulk", {
        token: a.editor.token,
        body: { action: "delete", ids },
      });
      expect(gone.body.data).toEqual({ deleted: 2 });
      expectError(await get(t, `/pages/${one.id}`, { token: a.editor.token }), 404);
    });

    it("changes nothing when one of the pages does not exist", async () => {
      const page = await createPage();
      expectError(
        await post(t, "/pages/bulk", {
          token: a.editor.token,
          body: { action: "delete", ids: [page.id, 987654] },
        }),
        404,
        "Some of the selected pages do not exist",
      );
      expectOk(await get(t, `/pages/${page.id}`, { token: a.editor.token }));
    });

    it("refuses an empty selection and an unknown action naming the field", async () => {
      expectFieldError(
        await post(t, "/pages/bulk", { token: a.editor.token, body: { action: "draft", ids: [] } }),
        "ids",
        "Please select pages first",
      );
      expectFieldError(
        await post(t, "/pages/bulk", { token: a.editor.token, body: { action: "hide", ids: [1] } }),
        "action",
        "Action must be publish, draft or delete",
      );
    });
  });

  it("records a page's life in the audit log: created, published, changed, unpublished, deleted", async () => {
    const page = await createPage({ status: "draft", title: "Audited page" });
    await put(t, `/pages/${page.id}`, { token: a.editor.token, body: { status: "published" } });
    await put(t, `/pages/${page.id}`, { token: a.editor.token, body: { content: "<p>New.</p>" } });
    await put(t, `/pages/${page.id}`, { token: a.admin.token, body: { status: "draft" } });
    await del(t, `/pages/${page.id}`, { token: a.admin.token });
    const entries = await auditFor(page.id);
    expect(entries.map((e) => e.action)).toEqual([
      "created",
      "updated",
      "published",
      "updated",
      "updated",
      "unpublished",
      "deleted",
    ]);
    expect(entries[3]!.details).toEqual({ changed: ["content"] });
  });
});
