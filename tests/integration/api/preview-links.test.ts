// Preview links (issue 23, item 4): a secret link that shows a draft or
// scheduled post or page in its public design to someone signed out, marked
// "Preview", never indexed or kept (by the page cache either); revoked and
// expired links are the site's 404, a published document's link 301s to its
// public address, and only a hash of the secret is stored.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createPost,
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

const ORIGIN = "https://www.example.com";
const BANNER = "Preview — this draft is not public yet.";
const HOURS_MESSAGE = "expires_in_hours must be a whole number of hours from 1 to 720";
const URL_PATTERN = /^https:\/\/www\.example\.com\/preview\/([A-Za-z0-9_-]{43})$/;

describe("preview links", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function draftPost(token = a.author.token, overrides: Record<string, unknown> = {}) {
    return createPost(t, token, {
      status: "draft",
      content: "<p>The secret launch plan, still being written.</p>",
      ...overrides,
    });
  }

  async function createLink(base: string, token: string, body?: unknown) {
    const result = await post(t, `${base}/preview-links`, { token, body });
    expectOk(result, 201);
    const match = URL_PATTERN.exec(result.body.data.url);
    expect(match, result.body.data.url).not.toBeNull();
    return {
      ...result.body.data,
      secret: match![1]!,
      path: new URL(result.body.data.url).pathname,
    };
  }

  /** The preview as a signed-out visitor opens it. */
  async function open(path: string) {
    const response = await t.request(path, { redirect: "manual" });
    return { response, html: await response.text() };
  }

  async function auditActions(type: "post" | "page", id: number) {
    const result = await get(t, `/audit-log?entity_type=${type}&limit=200`, {
      token: a.admin.token,
    });
    expectOk(result);
    return (result.body.data.entries as { entity_id: string; action: string }[])
      .filter((entry) => entry.entity_id === String(id))
      .map((entry) => entry.action);
  }

  it("opens a draft post signed out: its title and text under the banner, noindex and no-store", async () => {
    const draft = await draftPost(a.author.token, { title: "Our launch plan" });
    const link = await createLink(`/blog/posts/${draft.id}`, a.author.token);
    const hours = (Date.parse(link.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(167.9);
    expect(hours).toBeLessThanOrEqual(168);

    const { response, html } = await open(link.path);
    expect(response.status).toBe(200);
    expect(html).toContain("Our launch plan");
    expect(html).toContain("The secret launch plan, still being written.");
    expect(html).toContain(BANNER);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    // The secret stays out of the page's own tags: the canonical is the public address.
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog/${draft.slug}"`);

    // The public address still does not show the draft.
    expect((await open(`/blog/${draft.slug}`)).response.status).toBe(404);
  });

  it("is never served from the page cache: a changed draft shows at once", async () => {
    const draft = await draftPost(a.author.token, { title: "First working title" });
    const link = await createLink(`/blog/posts/${draft.id}`, a.author.token);
    const first = await open(link.path);
    expect(first.html).toContain("First working title");
    const second = await open(link.path);
    expect(second.response.headers.get("x-cache")).toBeNull();

    expectOk(
      await put(t, `/blog/posts/${draft.id}`, {
        token: a.author.token,
        body: { title: "Second working title" },
      }),
    );
    const third = await open(link.path);
    expect(third.html).toContain("Second working title");
    expect(third.html).not.toContain("First working title");
  });

  it("stores only the SHA-256 of the secret", async () => {
    const draft = await draftPost();
    const link = await createLink(`/blog/posts/${draft.id}`, a.author.token);
    const rows = await t.db.selectFrom("preview_links").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(link.secret);
    const row = rows.find((r) => r.id === link.id)!;
    expect(row).toMatchObject({ document_type: "post", document_id: draft.id });
    expect(row.secret_hash).toBe(createHash("sha256").update(link.secret).digest("base64url"));
    expect(row.created_by).toBe(a.author.id);
  });

  it("lists a document's links with their status, never their secret, and revokes one (404 after)", async () => {
    const draft = await draftPost();
    const base = `/blog/posts/${draft.id}`;
    const older = await createLink(base, a.author.token, { expires_in_hours: 1 });
    const newer = await createLink(base, a.author.token, { expires_in_hours: 720 });
    expect(Date.parse(older.expires_at) - Date.now()).toBeLessThanOrEqual(3_600_000);

    const listed = await get(t, `${base}/preview-links`, { token: a.author.token });
    expectOk(listed);
    expect(listed.body.data.map((l: { id: number }) => l.id)).toEqual([newer.id, older.id]);
    expect(listed.body.data[0]).toMatchObject({
      status: "active",
      revoked_at: null,
      created_by: { id: a.author.id },
    });
    expect(JSON.stringify(listed.body)).not.toContain(newer.secret);
    expect(JSON.stringify(listed.body)).not.toContain("/preview/");

    const revoked = await del(t, `${base}/preview-links/${older.id}`, { token: a.author.token });
    expect(revoked.status).toBe(204);
    const gone = await open(older.path);
    expect(gone.response.status).toBe(404);
    expect(gone.html).toContain("Page Not Found");
    expect(gone.html).not.toContain(BANNER);
    expect(gone.response.headers.get("cache-control")).toBe("private, no-store");
    // The other link still works.
    expect((await open(newer.path)).response.status).toBe(200);
    // Revoking again changes nothing.
    expect(
      (await del(t, `${base}/preview-links/${older.id}`, { token: a.author.token })).status,
    ).toBe(204);

    const after = await get(t, `${base}/preview-links`, { token: a.author.token });
    expect(after.body.data.map((l: { status: string }) => l.status)).toEqual(["active", "revoked"]);
    expect(await auditActions("post", draft.id)).toEqual(
      expect.arrayContaining(["preview_link_created", "preview_link_revoked"]),
    );
    expect(
      (await auditActions("post", draft.id)).filter((x) => x === "preview_link_revoked"),
    ).toHaveLength(1);
  });

  it("answers 404 for an expired link, and lists it as expired", async () => {
    const draft = await draftPost();
    const link = await createLink(`/blog/posts/${draft.id}`, a.author.token);
    await t.db
      .updateTable("preview_links")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", link.id)
      .execute();
    const { response, html } = await open(link.path);
    expect(response.status).toBe(404);
    expect(html).toContain("Page Not Found");
    const listed = await get(t, `/blog/posts/${draft.id}/preview-links`, { token: a.author.token });
    expect(listed.body.data[0].status).toBe("expired");
  });

  it("answers 404 once the document is deleted", async () => {
    const draft = await draftPost();
    const link = await createLink(`/blog/posts/${draft.id}`, a.author.token);
    expectOk(await del(t, `/blog/posts/${draft.id}`, { token: a.author.token }));
    expect((await open(link.path)).response.status).toBe(404);
  });

  it("answers 404 for unknown and malformed secrets", async () => {
    for (const path of [
      `/preview/${"A".repeat(43)}`,
      "/preview/short",
      `/preview/${"A".repeat(42)}$`,
    ]) {
      const { response, html } = await open(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain("Page Not Found");
    }
  });

  it("shows a scheduled post, and 301s to the public address once the post is published", async () => {
    const scheduled = await draftPost(a.author.token, {
      status: "scheduled",
      published_at: minutesFromNow(60 * 24),
      title: "Coming tomorrow",
    });
    const link = await createLink(`/blog/posts/${scheduled.id}`, a.author.token);
    const before = await open(link.path);
    expect(before.response.status).toBe(200);
    expect(before.html).toContain("Coming tomorrow");

    expectOk(
      await put(t, `/blog/posts/${scheduled.id}`, {
        token: a.author.token,
        body: { status: "published", published_at: minutesFromNow(-1) },
      }),
    );
    const after = await open(link.path);
    expect(after.response.status).toBe(301);
    expect(after.response.headers.get("location")).toBe(`/blog/${scheduled.slug}`);
    expect(after.response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("allows a link for a published post: it 301s to the post", async () => {
    const live = await createPost(t, a.editor.token);
    const link = await createLink(`/blog/posts/${live.id}`, a.editor.token);
    const { response } = await open(link.path);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/blog/${live.slug}`);
  });

  it("previews a draft company page and 301s once it is published", async () => {
    const slug = unique("careers");
    const created = await post(t, "/pages", {
      token: a.editor.token,
      body: {
        title: "Careers draft",
        slug,
        content: "<p>We are hiring soon.</p>",
        status: "draft",
      },
    });
    expectOk(created, 201);
    const id = created.body.data.id;
    const link = await createLink(`/pages/${id}`, a.editor.token, { expires_in_hours: 24 });
    const { response, html } = await open(link.path);
    expect(response.status).toBe(200);
    expect(html).toContain("Careers draft");
    expect(html).toContain("We are hiring soon.");
    expect(html).toContain(BANNER);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const listed = await get(t, `/pages/${id}/preview-links`, { token: a.admin.token });
    expectOk(listed);
    expect(listed.body.data).toHaveLength(1);

    expectOk(
      await put(t, `/pages/${id}`, { token: a.editor.token, body: { status: "published" } }),
    );
    const after = await open(link.path);
    expect(after.response.status).toBe(301);
    expect(after.response.headers.get("location")).toBe(`/${slug}`);

    const other = await createLink(`/pages/${id}`, a.editor.token);
    expect(
      (await del(t, `/pages/${id}/preview-links/${other.id}`, { token: a.editor.token })).status,
    ).toBe(204);
    expect(await auditActions("page", id)).toEqual(
      expect.arrayContaining(["preview_link_created", "preview_link_revoked"]),
    );
  });

  it("refuses an expiry outside 1 to 720 whole hours, naming the field", async () => {
    const draft = await draftPost();
    const url = `/blog/posts/${draft.id}/preview-links`;
    for (const value of [0, 721, 1.5, -3, "24", null]) {
      const result = await post(t, url, {
        token: a.author.token,
        body: { expires_in_hours: value },
      });
      expectFieldError(result, "expires_in_hours", HOURS_MESSAGE);
    }
    // A misspelt field is refused, not read as "no expiry given" (a 7-day link).
    const misspelt = await post(t, url, { token: a.author.token, body: { expires_in_hour: 1 } });
    expectFieldError(misspelt, "body", "Unknown field: expires_in_hour");
    // No body at all: the default of 7 days.
    const bare = await post(t, url, { token: a.author.token });
    expectOk(bare, 201);
    const hours = (Date.parse(bare.body.data.expires_at) - Date.now()) / 3_600_000;
    expect(Math.round(hours)).toBe(168);
    expect(
      await t.db
        .selectFrom("preview_links")
        .where("document_id", "=", draft.id)
        .selectAll()
        .execute(),
    ).toHaveLength(1);
  });

  it("allows only those who may edit the document", async () => {
    const draft = await draftPost(a.author.token);
    const base = `/blog/posts/${draft.id}`;
    const link = await createLink(base, a.author.token);

    // Another author: not their post.
    expectError(
      await post(t, `${base}/preview-links`, { token: a.otherAuthor.token, body: {} }),
      403,
    );
    expectError(await get(t, `${base}/preview-links`, { token: a.otherAuthor.token }), 403);
    expectError(
      await del(t, `${base}/preview-links/${link.id}`, { token: a.otherAuthor.token }),
      403,
    );
    // Signed out.
    expectError(await post(t, `${base}/preview-links`, { body: {} }), 401);
    expectError(await get(t, `${base}/preview-links`), 401);
    expectError(await del(t, `${base}/preview-links/${link.id}`), 401);
    // Editors and admins manage anyone's post.
    await createLink(base, a.editor.token);
    expectOk(await get(t, `${base}/preview-links`, { token: a.admin.token }));
    // Pages are for pages:manage (not authors).
    expectError(await post(t, "/pages/1/preview-links", { token: a.author.token, body: {} }), 403);
    expectError(await post(t, "/pages/1/preview-links", { body: {} }), 401);

    // Unknown documents and links.
    expectError(
      await post(t, "/blog/posts/999999/preview-links", { token: a.editor.token, body: {} }),
      404,
    );
    expectError(await get(t, "/pages/999999/preview-links", { token: a.editor.token }), 404);
    const other = await draftPost(a.author.token);
    expectError(
      await del(t, `/blog/posts/${other.id}/preview-links/${link.id}`, { token: a.author.token }),
      404,
    );
    expectFieldError(
      await get(t, "/blog/posts/abc/preview-links", { token: a.editor.token }),
      "id",
      (await get(t, "/blog/posts/abc/preview-links", { token: a.editor.token })).body.errors.id,
    );
    // The link still works after all the refusals.
    expect((await open(link.path)).response.status).toBe(200);
  });

  it("keeps previews out of the sitemap", async () => {
    const draft = await draftPost();
    await createLink(`/blog/posts/${draft.id}`, a.author.token);
    const sitemap = await (await t.request("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/preview");
    expect(sitemap).not.toContain(draft.slug);
  });
});
