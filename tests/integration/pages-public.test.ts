// Company pages as visitors and search engines see them: served at /{slug}
// in the public layout, with their SEO tags, in the sitemap (unless hidden
// from search engines), never in the blog, its feed or its search; a draft or
// a page still scheduled is the site's 404; a renamed page answers 301 from
// its old address; a staff edit shows at once through the page cache.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Accounts,
  createAccounts,
  del,
  expectOk,
  get,
  minutesFromNow,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const ORIGIN = "https://www.example.com";

function jsonLd(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!),
  );
}

function locs(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

const meta = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("company pages on the public site", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function createPage(overrides: Record<string, unknown> = {}) {
    const slug = unique("page");
    const result = await post(t, "/pages", {
      token: a.editor.token,
      body: {
        title: `Page ${slug}`,
        slug,
        content: "<p>Who we are and what we do.</p>",
        status: "published",
        ...overrides,
      },
    });
    expectOk(result, 201);
    return result.body.data;
  }

  async function page(path: string) {
    const response = await t.request(path);
    return { response, status: response.status, html: await response.text() };
  }

  it("serves a published page at its slug, in the public layout, with its SEO tags", async () => {
    const created = await createPage({
      title: "Careers at Acme",
      content: "<h2>Open roles</h2><p>We are hiring engineers.</p>",
      meta_description: "Work with us.",
      featured_image: "/uploads/careers.png",
      featured_image_alt: "The office",
    });
    const { status, html } = await page(`/${created.slug}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="mt-6 text-4xl font-bold">Careers at Acme</h1>');
    expect(html).toContain("<h2>Open roles</h2><p>We are hiring engineers.</p>");
    // The public layout: navigation and footer around it.
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("<footer");
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/${created.slug}"/>`);
    expect(meta(html, "property", "og:title")).toMatch(/^Careers at Acme \| /);
    expect(meta(html, "property", "og:url")).toBe(`${ORIGIN}/${created.slug}`);
    expect(meta(html, "property", "og:image")).toBe(`${ORIGIN}/uploads/careers.png`);
    expect(meta(html, "name", "description")).toBe("Work with us.");
    expect(meta(html, "name", "robots")).toBeNull();
    const webPage = jsonLd(html).find((data) => data["@type"] === "WebPage");
    expect(webPage).toMatchObject({
      "@context": "https://schema.org",
      name: "Careers at Acme",
      description: "Work with us.",
      url: `${ORIGIN}/${created.slug}`,
      datePublished: created.published_at,
      dateModified: created.updated_at,
    });
    const crumbs = jsonLd(html).find((data) => data["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      "Careers at Acme",
    ]);
  });

  it("describes a page without a meta description by the start of its content", async () => {
    const created = await createPage({ content: "<p>A short text about the team.</p>" });
    const { html } = await page(`/${created.slug}`);
    expect(meta(html, "name", "description")).toBe("A short text about the team.");
  });

  it("a page hidden from search engines says noindex and is not in the sitemap", async () => {
    const hidden = await createPage({ noindex: true });
    const shown = await createPage();
    const { status, html } = await page(`/${hidden.slug}`);
    expect(status).toBe(200);
    expect(meta(html, "name", "robots")).toBe("noindex, nofollow");
    const urls = locs(await (await t.request("/sitemap.xml")).text());
    expect(urls).toContain(`${ORIGIN}/${shown.slug}`);
    expect(urls).not.toContain(`${ORIGIN}/${hidden.slug}`);
  });

  it("lists the Terms and Privacy pages in the sitemap", async () => {
    const urls = locs(await (await t.request("/sitemap.xml")).text());
    expect(urls).toContain(`${ORIGIN}/terms`);
    expect(urls).toContain(`${ORIGIN}/privacy`);
  });

  it("a draft, and an address no page has, are the site's Page Not Found with a 404", async () => {
    const draft = await createPage({ status: "draft" });
    for (const path of [`/${draft.slug}`, "/no-such-page"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain("Page Not Found");
      expect(meta(html, "name", "robots"), path).toBe("noindex, nofollow");
    }
    const urls = locs(await (await t.request("/sitemap.xml")).text());
    expect(urls).not.toContain(`${ORIGIN}/${draft.slug}`);
  });

  it("is never in the blog, its RSS feed or the post search", async () => {
    const word = unique("zebraword");
    const created = await createPage({ title: `Page about ${word}`, content: `<p>${word}</p>` });
    expect((await page(`/${created.slug}`)).status).toBe(200);
    const search = await get(t, `/blog/posts?search=${word}`);
    expectOk(search);
    expect(search.body.data.posts).toEqual([]);
    expect((await page(`/blog?search=${word}`)).html).not.toContain(`Page about ${word}`);
    expect((await page("/blog")).html).not.toContain(`Page about ${word}`);
    expect(await (await t.request("/rss.xml")).text()).not.toContain(word);
    expect((await page(`/blog/${created.slug}`)).status).toBe(404);
  });

  it("a renamed page answers 301 from its old address; a new page there ends the redirect", async () => {
    const created = await createPage();
    const oldSlug = created.slug;
    const newSlug = unique("renamed");
    expectOk(
      await put(t, `/pages/${created.id}`, { token: a.editor.token, body: { slug: newSlug } }),
    );
    const moved = await t.request(`/${oldSlug}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/${newSlug}`);
    expect((await page(`/${newSlug}`)).status).toBe(200);

    const taker = await createPage({ slug: oldSlug, title: "The new owner of the address" });
    const now = await page(`/${oldSlug}`);
    expect(now.status).toBe(200);
    expect(now.html).toContain("The new owner of the address");
    const redirects = await t.db
      .selectFrom("slug_redirects")
      .select("target_id")
      .where("kind", "=", "page")
      .where("old_slug", "=", oldSlug)
      .execute();
    expect(redirects).toEqual([]);
    expect(taker.slug).toBe(oldSlug);
  });

  it("a draft renamed leaves no redirect; a deleted page's old addresses stop", async () => {
    const draft = await createPage({ status: "draft" });
    await put(t, `/pages/${draft.id}`, { token: a.editor.token, body: { slug: unique("d") } });
    expect((await t.request(`/${draft.slug}`, { redirect: "manual" })).status).toBe(404);

    const live = await createPage();
    await put(t, `/pages/${live.id}`, { token: a.editor.token, body: { slug: unique("r") } });
    expect((await t.request(`/${live.slug}`, { redirect: "manual" })).status).toBe(301);
    await del(t, `/pages/${live.id}`, { token: a.editor.token });
    expect((await t.request(`/${live.slug}`, { redirect: "manual" })).status).toBe(404);
  });

  it("shows a staff edit at once, through the page cache", async () => {
    const created = await createPage({ content: "<p>Before the edit.</p>" });
    const path = `/${created.slug}`;
    expect((await page(path)).html).toContain("Before the edit.");
    const again = await t.request(path);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expectOk(
      await put(t, `/pages/${created.id}`, {
        token: a.admin.token,
        body: { content: "<p>After the edit.</p>" },
      }),
    );
    const after = await page(path);
    expect(after.html).toContain("After the edit.");
    expect(after.html).not.toContain("Before the edit.");
    // Moved to draft: gone at once, also from the stored copy.
    await put(t, `/pages/${created.id}`, { token: a.admin.token, body: { status: "draft" } });
    expect((await page(path)).status).toBe(404);
  });

  it("shows a scheduled page when its time comes, with no request in between", async () => {
    const scheduled = await createPage({
      title: "Opening Soon",
      status: "scheduled",
      published_at: minutesFromNow(2),
    });
    expect(scheduled.status).toBe("scheduled");
    expect((await page(`/${scheduled.slug}`)).status).toBe(404);
    const before = await t.request("/sitemap.xml");
    expect(locs(await before.text())).not.toContain(`${ORIGIN}/${scheduled.slug}`);
    expect((await t.request("/sitemap.xml")).headers.get("x-cache")).toBe("HIT");

    // Past the publish time, well within the time a stored copy is otherwise kept.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3 * 60_000);
    const after = await t.request("/sitemap.xml");
    // Rendered again: not the copy of before (re-rendered ahead of the visitor by the cache).
    expect(after.headers.get("x-cache")).not.toBe("STALE");
    expect(locs(await after.text())).toContain(`${ORIGIN}/${scheduled.slug}`);
    const live = await page(`/${scheduled.slug}`);
    expect(live.status).toBe(200);
    expect(live.html).toContain("Opening Soon");
  });

  it("serves /terms and /privacy from pages, with the text edited in the admin", async () => {
    const terms = await page("/terms");
    expect(terms.status).toBe(200);
    expect(terms.html).toContain("Terms and Conditions");
    expect(terms.html).toContain("starter text");
    const privacy = await page("/privacy");
    expect(privacy.status).toBe(200);
    expect(privacy.html).toContain("Privacy Policy");

    const list = await get(t, "/pages?search=privacy", { token: a.admin.token });
    const id = list.body.data.pages.find((p: { slug: string }) => p.slug === "privacy").id;
    expectOk(
      await put(t, `/pages/${id}`, {
        token: a.editor.token,
        body: { content: "<p>We keep nothing about you. Edited by our lawyer.</p>" },
      }),
    );
    const edited = await page("/privacy");
    expect(edited.html).toContain("We keep nothing about you. Edited by our lawyer.");
    expect(edited.html).not.toContain("starter text");
  });

  it("the register page links its terms checkbox to /terms and its note to /privacy", async () => {
    const { html } = await page("/register");
    expect(html).toMatch(/<a[^>]* href="\/terms"[^>]*>terms and conditions<\/a>/);
    expect(html).toMatch(/<a[^>]* href="\/privacy"[^>]*>Privacy Policy<\/a>/);
  });
});
