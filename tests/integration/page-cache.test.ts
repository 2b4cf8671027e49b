import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { purgeUnapprovedRegistrations } from "#server/modules/users/users.repository.ts";
import {
  type Accounts,
  createAccounts,
  createPost,
  createService,
  del,
  expectOk,
  login,
  minutesFromNow,
  post,
  put,
  sendContactMessage,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const cacheState = (response: Response) => response.headers.get("x-cache");

/** The text of every inline script of a page, as the browser runs it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/ld\+json/.test(attributes!))
    .map(([, , body]) => body!);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("page cache", () => {
  let t: TestApp;
  let a: Accounts;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    a = await createAccounts(t);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a repeated anonymous request from memory with the same page", async () => {
    const first = await t.request("/about");
    const second = await t.request("/about");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(cacheState(second)).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("keeps its pages when a write changes no row (the start-up purge of registrations finding none)", async () => {
    await t.request("/blog");
    expect(cacheState(await t.request("/blog"))).toBe("HIT");
    // What every start runs: nobody's registration is that old.
    expect(await purgeUnapprovedRegistrations(t.db, "2000-01-01T00:00:00.000Z")).toEqual([]);
    await t.db.updateTable("users").set({ first_name: "Nobody" }).where("id", "=", -1).execute();
    expect(cacheState(await t.request("/blog"))).toBe("HIT");
    // (A write that changes a row still reaches the pages: the edit tests below.)
  });

  it("sends the stored bytes as brotli, gzip or plain, as the client accepts", async () => {
    const plain = await (await t.request("/services")).text();
    const br = await t.request("/services", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(cacheState(br)).toBe("HIT");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gzip = await t.request("/services", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("answers 304 Not Modified to a matching ETag", async () => {
    const first = await t.request("/blog");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.request("/blog", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    // Browsers update the kept copy's headers from a 304: same policy as the page.
    expect(again.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy"),
    );
    expect(again.headers.get("content-security-policy")).toContain("'sha256-");
    const other = await t.request("/blog", { headers: { "if-none-match": 'W/"other"' } });
    expect(other.status).toBe(200);
  });

  it("shows an edited post at once on its page, the blog list and the home page", async () => {
    const created = await createPost(t, a.admin.token, { title: "Before the edit" });
    const pagePath = `/blog/${created.slug}`;
    expect(await (await t.request(pagePath)).text()).toContain("Before the edit");
    expect(cacheState(await t.request(pagePath))).toBe("HIT");
    expect(await (await t.request("/")).text()).toContain("Before the edit");
    expect(await (await t.request("/blog")).text()).toContain("Before the edit");

    expectOk(
      await put(t, `/blog/posts/${created.id}`, {
        token: a.editor.token,
        body: { title: "After the edit" },
      }),
    );
    for (const path of [pagePath, "/", "/blog"]) {
      const html = await (await t.request(path)).text();
      expect(html, path).toContain("After the edit");
      expect(html, path).not.toContain("Before the edit");
    }
  });

  it("shows changed settings at once, also in the read API", async () => {
    await t.request("/");
    await t.request("/api/settings/general");
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { siteTitle: "Freshly Renamed Company" },
      }),
    );
    expect(await (await t.request("/")).text()).toContain("Freshly Renamed Company");
    const api = await t.json("/api/settings/general");
    expect(api.body.data.siteTitle).toBe("Freshly Renamed Company");
  });

  it("sees changes made through the services, not only through the API", async () => {
    await t.request("/services");
    const [first] = await t.services.services.listServices();
    await t.services.services.updateService({ id: a.admin.id, role: "admin" }, first!.id, {
      ...first,
      title: "Renamed Behind The API",
    });
    expect(await (await t.request("/services")).text()).toContain("Renamed Behind The API");
  });

  it("shows a scheduled post when its time comes, with no request in between", async () => {
    const scheduled = await createPost(t, a.admin.token, {
      title: "Scheduled For Later",
      status: "published",
      published_at: minutesFromNow(30),
    });
    expect(await (await t.request("/blog")).text()).not.toContain("Scheduled For Later");
    expect(cacheState(await t.request("/blog"))).toBe("HIT");
    expect((await t.request(`/blog/${scheduled.slug}`)).status).toBe(404);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    // Its time came: the list was rendered again, ahead of this visitor.
    const later = await t.request("/blog");
    expect(cacheState(later)).not.toBe("STALE");
    expect(await later.text()).toContain("Scheduled For Later");
    expect((await t.request(`/blog/${scheduled.slug}`)).status).toBe(200);
  });

  it("counts every view of a post, also those answered from memory", async () => {
    const created = await createPost(t, a.admin.token, { title: "Counted Post" });
    const page = `/blog/${created.slug}`;
    const states: (string | null)[] = [];
    for (const path of [page, page, page, `${page}.data`, `${page}.data`]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-beranda-post-view"), path).toBeNull();
      states.push(cacheState(response));
    }
    expect(states).toEqual(["MISS", "HIT", "HIT", "MISS", "HIT"]);
    await t.services.posts.flushViews();
    const row = await t.db
      .selectFrom("posts")
      .select("views")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(5);
  });

  it("answers a post's live view count for cached copies of its page", async () => {
    const created = await createPost(t, a.admin.token, { title: "Live Count" });
    await t.request(`/blog/${created.slug}`);
    await t.request(`/blog/${created.slug}`);
    const first = await t.json(`/api/blog/posts/views/${created.id}`);
    expect(first.status).toBe(200);
    expect(first.body.data.views).toBe(2);
    expect(first.response.headers.get("cache-control")).toBe("no-store");
    await t.request(`/blog/${created.slug}`);
    const second = await t.json(`/api/blog/posts/views/${created.id}`);
    expect(second.body.data.views).toBe(3);
    expect(cacheState(second.response)).toBeNull();
    const draft = await createPost(t, a.admin.token, { status: "draft" });
    expect((await t.json(`/api/blog/posts/views/${draft.id}`)).status).toBe(404);
    expect((await t.json("/api/blog/posts/views/99999999")).status).toBe(404);
  });

  it("never answers staff from the cache and never stores what staff get", async () => {
    const staff = await t.request("/api/blog/posts?status=draft", {
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(staff.status).toBe(200);
    expect(cacheState(staff)).toBeNull();
    // An address with a query is stored once asked for twice.
    expect(cacheState(await t.request("/api/blog/posts?status=draft"))).toBeNull();
    const anonymous = await t.request("/api/blog/posts?status=draft");
    expect(cacheState(anonymous)).toBe("MISS");
    const drafts = await createPost(t, a.admin.token, {
      status: "draft",
      title: "Staff Only Draft",
    });
    const list = await t.request("/api/blog/posts?status=draft", {
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(await list.text()).toContain(drafts.title);
    expect(await (await t.request("/api/blog/posts?status=draft")).text()).not.toContain(
      "Staff Only Draft",
    );
  });

  it("never stores error pages or answers to other methods", async () => {
    await t.request("/no-such-page");
    const again = await t.request("/no-such-page");
    expect(again.status).toBe(404);
    expect(cacheState(again)).toBeNull();
    const head = await t.request("/gallery", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(cacheState(await t.request("/gallery"))).toBe("MISS");
    expect(cacheState(await t.request("/gallery", { method: "HEAD" }))).toBe("HIT");
  });

  it("keeps its pages when a visitor or staff write what no page shows (messages, sign-ins, their audit entries, reset mails)", async () => {
    await t.request("/contact");
    expect(cacheState(await t.request("/contact"))).toBe("HIT");
    await sendContactMessage(t);
    const post = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    // A failed and a successful sign-in (each audited), a reset link mailed (outbox, token, audit).
    await t.request(
      "/api/auth/login",
      post({ email: "nobody@example.com", password: "wrong-password" }),
    );
    await login(t, a.editor.email, a.editor.password);
    expect(
      (await t.request("/api/auth/forgot-password", post({ email: a.editor.email }))).status,
    ).toBe(200);
    const { count } = await t.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("to", "=", a.editor.email)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
    expect(cacheState(await t.request("/contact"))).toBe("HIT");
  });

  it("allows exactly a stored page's own inline scripts, by hash, with no nonce", async () => {
    await t.request("/");
    const cached = await t.request("/");
    expect(cacheState(cached)).toBe("HIT");
    const csp = cached.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const scripts = inlineScripts(await cached.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(csp).toContain(`'sha256-${sha256(script)}'`);
  });

  it("never allows a script that reached the page from stored content", async () => {
    const planted = `alert("planted ${Date.now()}")`;
    const created = await createPost(t, a.admin.token, { title: "Carries a planted script" });
    // As an HTML-injection bug would store it: past the API's sanitiser.
    await t.db
      .updateTable("posts")
      .set({ content: `<p>Hello</p><script>${planted}</script>` })
      .where("id", "=", created.id)
      .execute();
    await t.request(`/blog/${created.slug}`);
    const cached = await t.request(`/blog/${created.slug}`);
    expect(cacheState(cached)).toBe("HIT");
    const html = await cached.text();
    expect(html).toContain(planted);
    const csp = cached.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain(`'sha256-${sha256(planted)}'`);
    // The page's own scripts still run.
    const own = inlineScripts(html).filter((script) => script !== planted);
    expect(own.length).toBeGreaterThan(0);
    for (const script of own) expect(csp).toContain(`'sha256-${sha256(script)}'`);
  });
});

describe("without the page cache (PAGE_CACHE=off)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAGE_CACHE: "off" } });
  });
  afterAll(() => t.close());

  it("renders every request, with a fresh CSP nonce on every inline script", async () => {
    const first = await t.request("/");
    const second = await t.request("/");
    expect(cacheState(second)).toBeNull();
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const html = await first.text();
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe("what the page cache keys a page by", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const entries = () => t.cache!.stats().entries;

  it("serves /?utm_source=… and other parameters no page reads from the page's own entry", async () => {
    const home = await t.request("/");
    await t.request("/contact?utm_source=Planted123");
    const stored = entries();
    const tracked = await t.request("/?utm_source=newsletter&fbclid=x1&gclid=y2");
    expect(cacheState(tracked)).toBe("HIT");
    expect(tracked.headers.get("etag")).toBe(home.headers.get("etag"));
    // The contact page stored for everyone carries no visitor's query.
    const contact = await t.request("/contact?ref=other");
    expect(cacheState(contact)).toBe("HIT");
    expect(await contact.text()).not.toContain("Planted123");
    expect(entries()).toBe(stored);
  });

  it("shares one entry for the same parameters in any order", async () => {
    const posts = "/api/blog/posts?limit=2&page=1";
    for (const path of ["/blog?category=technology&page=1", posts]) {
      expect(cacheState(await t.request(path)), path).toBeNull(); // asked once: not stored
      expect(cacheState(await t.request(path)), path).toBe("MISS"); // twice: stored
    }
    const stored = entries();
    const blog = await t.request("/blog?page=1&utm_source=x&category=technology");
    expect(cacheState(blog)).toBe("HIT");
    const api = await t.request("/api/blog/posts?ref=x&page=1&limit=2");
    expect(cacheState(api)).toBe("HIT");
    expect(entries()).toBe(stored);
    // A parameter the page reads still makes its own page.
    const other = await t.request("/blog?category=business&page=1");
    expect(cacheState(other)).toBeNull();
    // (Its search keeps the category; this site has no such category, so no canonical of its own.)
    expect(await other.text()).toContain('<input type="hidden" name="category" value="business"/>');
  });

  it("keys a page by the site's address, not by the Host's port", async () => {
    await t.request("http://localhost:4001/services");
    const other = await t.request("http://localhost:4002/services");
    expect(cacheState(other)).toBe("HIT");
    expect(await other.text()).not.toMatch(/localhost:400[12]/);
  });
});

describe("the page cache under made-up addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    // 1 MB: a few dozen list pages fill it.
    t = await createTestApp({ env: { PAGE_CACHE_MAX_MB: "1" } });
  });
  afterAll(() => t.close());

  it("neither stores one-off searches nor lets asked-again ones push out the home page", async () => {
    await t.request("/");
    expect(cacheState(await t.request("/"))).toBe("HIT");
    const random = () => Math.random().toString(36).slice(2);
    for (let i = 0; i < 400; i++) {
      const response = await t.request(`/blog?search=${random()}`);
      expect(response.status).toBe(200);
      expect(cacheState(response)).toBeNull();
    }
    expect(t.cache!.stats().entries).toBe(1);
    // Asked twice each, more of them than the whole cache holds: they take
    // turns in their own share and leave the home page where it is.
    for (let i = 0; i < 150; i++) {
      const path = `/blog?search=${random()}`;
      await t.request(path);
      expect(cacheState(await t.request(path))).toBe("MISS");
    }
    const { bytes, variantBytes } = t.cache!.stats();
    expect(variantBytes).toBeLessThanOrEqual(512 * 1024);
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cacheState(await t.request("/"))).toBe("HIT");
    // A path in another form than its own is such a variant too.
    expect(cacheState(await t.request("/About/"))).toBeNull();
    // 700 renders of a search page: minutes on a slow day beside the other suites.
  }, 300_000);
});

describe("stale-while-revalidate and tags", () => {
  let t: TestApp;
  let a: Accounts;
  beforeAll(async () => {
    // Requests come at once, with nothing re-rendered ahead of them.
    t = await createTestApp({ demoMode: true, settle: false });
    a = await createAccounts(t);
  });
  afterAll(() => t.close());

  /** Stores `path` (asked twice, the second a hit) and answers the stored answer. */
  async function stored(path: string) {
    await t.request(path);
    const hit = await t.request(path);
    expect(cacheState(hit), path).toBe("HIT");
    return hit;
  }

  it("serves an edited post's page stale once, with its age, while one render replaces it", async () => {
    const created = await createPost(t, a.admin.token, { title: "Stale Before" });
    const pagePath = `/blog/${created.slug}`;
    await stored(pagePath);
    expectOk(
      await put(t, `/blog/posts/${created.id}`, {
        token: a.editor.token,
        body: { title: "Fresh After" },
      }),
    );
    const stale = await t.request(pagePath);
    expect(cacheState(stale)).toBe("STALE");
    expect(stale.headers.get("age")).toMatch(/^\d+$/);
    expect(await stale.text()).toContain("Stale Before");
    // Staff meanwhile get a fresh render.
    const staff = await t.request(pagePath, {
      headers: { authorization: `Bearer ${a.editor.token}` },
    });
    expect(cacheState(staff)).toBeNull();
    expect(await staff.text()).toContain("Fresh After");
    // So does a browser the admin client marked as signed in.
    const browser = await t.request(pagePath, {
      headers: { cookie: "theme=dark; beranda_staff=1" },
    });
    expect(cacheState(browser)).toBeNull();
    expect(await browser.text()).toContain("Fresh After");
    await t.cache!.idle();
    const fresh = await t.request(pagePath);
    expect(cacheState(fresh)).toBe("HIT");
    const html = await fresh.text();
    expect(html).toContain("Fresh After");
    expect(html).not.toContain("Stale Before");
  });

  it("counts no view for the background render of a stale post page", async () => {
    const created = await createPost(t, a.admin.token, { title: "Views Stay" });
    const pagePath = `/blog/${created.slug}`;
    await stored(pagePath); // two views
    await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "Views Still Stay" },
    });
    await t.request(pagePath); // stale: a third view
    await t.cache!.idle();
    await t.services.posts.flushViews();
    const row = await t.db
      .selectFrom("posts")
      .select("views")
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(3);
  });

  it("never serves a deleted or unpublished post's page again, nor lists it", async () => {
    const deleted = await createPost(t, a.admin.token, { title: "Soon Deleted" });
    const hidden = await createPost(t, a.admin.token, { title: "Soon Unpublished" });
    for (const created of [deleted, hidden]) await stored(`/blog/${created.slug}`);
    await stored("/blog");
    expectOk(await del(t, `/blog/posts/${deleted.id}`, { token: a.admin.token }));
    expectOk(
      await put(t, `/blog/posts/${hidden.id}`, {
        token: a.admin.token,
        body: { status: "draft" },
      }),
    );
    for (const created of [deleted, hidden]) {
      const response = await t.request(`/blog/${created.slug}`);
      expect(response.status, created.title).toBe(404);
      expect(await response.text()).not.toContain(created.title);
    }
    const list = await (await t.request("/blog")).text();
    expect(list).not.toContain("Soon Deleted");
    expect(list).not.toContain("Soon Unpublished");
  });

  it("a renamed post's, page's or service's old address answers its 301 at once, not its cached page", async () => {
    const moved = async (path: string, rename: () => Promise<unknown>, to: string) => {
      await stored(path);
      await rename();
      const old = await t.request(path, { redirect: "manual" });
      expect(old.status, path).toBe(301);
      expect(old.headers.get("location"), path).toBe(to);
    };
    const token = a.admin.token;
    const story = await createPost(t, token, { title: "Moving Post" });
    const newSlug = `${story.slug}-moved`;
    await moved(
      `/blog/${story.slug}`,
      async () =>
        expectOk(await put(t, `/blog/posts/${story.id}`, { token, body: { slug: newSlug } })),
      `/blog/${newSlug}`,
    );
    const made = await post(t, "/pages", {
      token,
      body: {
        title: "Moving Page",
        slug: "moving-page",
        content: "<p>Here.</p>",
        status: "published",
      },
    });
    expectOk(made, 201);
    const page = made.body.data as { id: number; slug: string };
    await moved(
      `/${page.slug}`,
      async () =>
        expectOk(
          await put(t, `/pages/${page.id}`, { token, body: { slug: `${page.slug}-moved` } }),
        ),
      `/${page.slug}-moved`,
    );
    const service = await createService(t, token, { title: "Moving Service" });
    await moved(
      `/services/${service.slug}`,
      async () =>
        expectOk(
          await put(t, `/services/${service.id}`, {
            token,
            body: { ...service, slug: `${service.slug}-moved` },
          }),
        ),
      `/services/${service.slug}-moved`,
    );
  });

  it("does not touch an unrelated post's page when a post is edited", async () => {
    const edited = await createPost(t, a.admin.token, { title: "Edited One" });
    const other = await createPost(t, a.admin.token, { title: "Unrelated One" });
    const before = await stored(`/blog/${other.slug}`);
    await stored(`/blog/${edited.slug}`);
    await put(t, `/blog/posts/${edited.id}`, {
      token: a.editor.token,
      body: { title: "Edited One, Again" },
    });
    const after = await t.request(`/blog/${other.slug}`);
    expect(cacheState(after)).toBe("HIT");
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    expect(cacheState(await t.request(`/blog/${edited.slug}`))).toBe("STALE");
  });

  it("stales, for an edit of a post's text, the pages that show it and the searches, not every list", async () => {
    const edited = await createPost(t, a.admin.token, { title: "Plain Newest Title" });
    // Pages stored by earlier tests, staled by this new post, rendered again
    // first; a search is stored when asked for a second time.
    for (const path of ["/blog", "/blog?page=2", "/sitemap.xml", "/blog?search=zebra"]) {
      await t.request(path);
    }
    await t.cache!.idle();
    // The newest post is on the blog's first page; the second page does not show it.
    for (const path of ["/blog", "/blog?page=2", "/sitemap.xml", "/blog?search=zebra"]) {
      await stored(path);
    }
    expect(await (await t.request("/blog?page=2")).text()).not.toContain("Plain Newest Title");
    expectOk(
      await put(t, `/blog/posts/${edited.id}`, {
        token: a.editor.token,
        body: { title: "Zebra Newest Title" },
      }),
    );
    expect(cacheState(await t.request("/blog?page=2")), "page 2").toBe("HIT");
    for (const path of ["/blog", "/sitemap.xml", "/blog?search=zebra"]) {
      expect(cacheState(await t.request(path)), path).toBe("STALE");
    }
    await t.cache!.idle();
    expect(await (await t.request("/blog?search=zebra")).text()).toContain("Zebra Newest Title");
    // Taken off the front page by a featured flag or a date: every list again.
    expectOk(
      await put(t, `/blog/posts/${edited.id}`, {
        token: a.editor.token,
        body: { published_at: "2020-01-01T00:00:00.000Z" },
      }),
    );
    expect(cacheState(await t.request("/blog?page=2")), "page 2").toBe("STALE");
  });

  it("keeps its pages when an admin changes an account's password, e-mail address or role; a new name stales them", async () => {
    const written = await createPost(t, a.admin.token, { title: "Shown With Its Author" });
    const pagePath = `/blog/${written.slug}`;
    const before = await stored(pagePath);
    const user = a.otherAuthor;
    const changed = await put(t, `/users/${user.id}`, {
      token: a.admin.token,
      body: {
        role: "editor",
        email: `renamed-${user.id}@example.com`,
        password: "An0ther-Passw0rd!",
      },
    });
    expectOk(changed);
    expect(changed.body.data).toMatchObject({ role: "editor" });
    const after = await t.request(pagePath);
    expect(cacheState(after)).toBe("HIT");
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));

    // An author's name shows on posts, lists and feeds: every stored page is staled.
    expectOk(
      await put(t, `/users/${user.id}`, { token: a.admin.token, body: { first_name: "Renamed" } }),
    );
    expect(cacheState(await t.request(pagePath))).toBe("STALE");
  });

  it("never serves stale what a settings change took out of view (the contact map off); other changes once", async () => {
    const contact = (body: Record<string, unknown>) =>
      put(t, "/settings/contact", { token: a.admin.token, body });
    expectOk(await contact({ map: "coordinates", latitude: 52.37, longitude: 4.89 }));
    await t.cache!.idle();
    expect(await (await stored("/contact")).text()).toContain("<iframe");
    expectOk(await contact({ map: "off" }));
    const after = await t.request("/contact");
    expect(cacheState(after)).not.toBe("STALE");
    expect(after.headers.get("content-security-policy")).toContain("frame-src 'none'");
    expect(await after.text()).not.toContain("<iframe");

    await t.cache!.idle();
    await stored("/contact");
    expectOk(await contact({ introduction: "Write to us any time." }));
    expect(cacheState(await t.request("/contact"))).toBe("STALE");
  });

  it("tells shared caches how long to keep a public answer, with its tags", async () => {
    const created = await createPost(t, a.admin.token, { title: "Tagged Post" });
    for (const state of ["MISS", "HIT"]) {
      const response = await t.request(`/blog/${created.slug}`);
      expect(cacheState(response)).toBe(state);
      expect(response.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400",
      );
      const keys = (response.headers.get("surrogate-key") ?? "").split(" ");
      expect(keys).toEqual(expect.arrayContaining([`post:${created.id}`, "site", "menus"]));
      expect(response.headers.get("cache-tag")).toBe(keys.join(","));
    }
    const list = await t.request("/api/blog/posts");
    expect(list.headers.get("surrogate-key")).toContain("posts");
    // Staff answers and uncacheable ones carry none.
    const staff = await t.request(`/blog/${created.slug}`, {
      headers: { authorization: `Bearer ${a.editor.token}` },
    });
    expect(staff.headers.get("surrogate-key")).toBeNull();
    expect(staff.headers.get("cache-control") ?? "").not.toContain("public");
    const views = await t.request(`/api/blog/posts/views/${created.id}`);
    expect(views.headers.get("surrogate-key")).toBeNull();
  });
});
