import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFeedsService } from "#server/modules/seo/feeds.service.ts";
import { SITE_OWNER } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

async function login(t: TestApp) {
  const { body } = await t.json("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
  });
  return body.token as string;
}

function locs(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

function jsonLd(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!),
  );
}

describe("search engines and feeds", () => {
  let t: TestApp;
  let token: string;
  const origin = "https://www.example.com";

  beforeAll(async () => {
    t = await createTestApp({ demoMode: true, env: { PUBLIC_URL: origin } });
    token = await login(t);
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

  it("the sitemap lists static pages, every live post with lastmod and every service", async () => {
    const response = await t.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(xml);
    for (const path of ["/", "/about", "/services", "/gallery", "/blog", "/contact"]) {
      expect(urls).toContain(`${origin}${path}`);
    }
    const live = await t.db
      .selectFrom("posts")
      .select("slug")
      .where("status", "!=", "draft")
      .where("published_at", "<=", new Date().toISOString())
      .execute();
    expect(live.length).toBeGreaterThanOrEqual(12);
    for (const { slug } of live) expect(urls).toContain(`${origin}/blog/${slug}`);
    const hidden = await t.db
      .selectFrom("posts")
      .select("slug")
      .where("status", "in", ["draft", "scheduled"])
      .execute();
    for (const { slug } of hidden) expect(urls).not.toContain(`${origin}/blog/${slug}`);
    const services = await t.db.selectFrom("services").select("slug").execute();
    for (const { slug } of services) expect(urls).toContain(`${origin}/services/${slug}`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it("a large site's sitemap is an index of files of at most a set number of posts", async () => {
    // The same service as the app's, with two posts per file instead of 10,000.
    const feeds = createFeedsService(t.db, t.services, { postsPerSitemap: 2 });
    const { count } = await t.services.posts.listPublicPosts({ limit: 1 });
    const files = Math.ceil(count / 2);
    const index = await feeds.buildSitemap(origin);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([
      `${origin}/sitemap-pages.xml`,
      ...Array.from({ length: files }, (_, i) => `${origin}/sitemap-posts-${i + 1}.xml`),
    ]);
    const pages = locs((await feeds.buildSitemapPart(origin, { kind: "pages" }))!);
    expect(pages).toContain(`${origin}/about`);
    expect(pages.some((url) => url.includes("/blog/"))).toBe(false);
    const posts = new Set<string>();
    for (let page = 1; page <= files; page++) {
      const part = locs((await feeds.buildSitemapPart(origin, { kind: "posts", page }))!);
      expect(part.length).toBeLessThanOrEqual(2);
      for (const url of part) posts.add(url);
    }
    expect(posts.size).toBe(count);
    const whole = locs(await (await t.request("/sitemap.xml")).text());
    expect([...posts].every((url) => whole.includes(url))).toBe(true);
    expect(await feeds.buildSitemapPart(origin, { kind: "posts", page: files + 1 })).toBeNull();
  });

  it("serves the files a sitemap index names", async () => {
    const pages = await t.request("/sitemap-pages.xml");
    expect(pages.status).toBe(200);
    expect(locs(await pages.text())).toContain(`${origin}/contact`);
    const posts = await t.request("/sitemap-posts-1.xml");
    expect(posts.status).toBe(200);
    expect(locs(await posts.text()).length).toBeGreaterThanOrEqual(12);
    expect((await t.request("/sitemap-posts-99.xml")).status).toBe(404);
    expect((await t.request("/sitemap-posts-0.xml")).status).toBe(404);
  });

  it("the feed addresses of WordPress and Ghost lead to the feed", async () => {
    for (const path of [
      "/feed/",
      "/feed",
      "/feed/rss2/",
      "/category/news/feed/",
      "/rss/",
      "/tag/news/rss/",
    ]) {
      const response = await t.request(path, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe("/rss.xml");
    }
    expect((await t.request("/feeds-and-more", { redirect: "manual" })).status).toBe(404);
  });

  it("robots.txt points at the sitemap", async () => {
    const text = await (await t.request("/robots.txt")).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain("Disallow: /admin");
  });

  it("the RSS feed has the latest 20 live posts with full content, and is advertised on pages", async () => {
    const response = await t.request("/rss.xml");
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    const list = await t.services.posts.listPublicPosts({ limit: 20 });
    expect(items).toHaveLength(Math.min(20, list.count));
    const first = items[0]!;
    const post = list.posts[0]!;
    expect(first).toContain(`<title>${post.title}</title>`);
    expect(first).toContain(`<link>${origin}/blog/${post.slug}</link>`);
    expect(first).toContain("<guid");
    expect(first).toContain(`<pubDate>${new Date(post.published_at!).toUTCString()}</pubDate>`);
    expect(first).toContain(`<dc:creator>${post.author.name}</dc:creator>`);
    for (const c of post.categories) expect(first).toContain(`<category>${c.name}</category>`);
    expect(first).toContain(`<content:encoded><![CDATA[${post.content}]]></content:encoded>`);
    expect(xml).not.toContain("Looking Ahead: Trends for Next Year");

    const html = await (await t.request("/about")).text();
    expect(html).toContain('<link rel="alternate" type="application/rss+xml"');
  });

  it("the feed's content links its pictures and pages by full address", async () => {
    const created = await t.json("/api/blog/posts", {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({
        title: "Addresses in a feed",
        slug: "addresses-in-a-feed",
        status: "published",
        content:
          '<p><a href="/about">About us</a> and <a href="https://example.org/x">elsewhere</a></p><p><img src="/uploads/feed-picture.png" alt="A picture"></p>',
      }),
    });
    expect(created.status).toBe(201);
    const xml = await (await t.request("/rss.xml")).text();
    const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)]
      .map((m) => m[1]!)
      .find((i) => i.includes("<title>Addresses in a feed</title>"))!;
    expect(item).toContain(`href="${origin}/about"`);
    expect(item).toContain('href="https://example.org/x"');
    expect(item).toContain(`src="${origin}/uploads/feed-picture.png"`);
    expect(item).not.toMatch(/(href|src)="\//);
  });

  it("a scheduled post enters the feed and sitemap once its time has come", async () => {
    const slug = "looking-ahead-trends-for-next-year";
    await t.db
      .updateTable("posts")
      .set({ published_at: new Date(Date.now() - 1000).toISOString() })
      .where("slug", "=", slug)
      .execute();
    expect(await (await t.request("/rss.xml")).text()).toContain(
      "Looking Ahead: Trends for Next Year",
    );
    expect(locs(await (await t.request("/sitemap.xml")).text())).toContain(
      `${origin}/blog/${slug}`,
    );
  });

  it("JSON-LD: Organization on the home page, BlogPosting and breadcrumbs on posts and services", async () => {
    await t.services.settings.updateSettingsSection(SITE_OWNER, "social", {
      linkedin: "https://www.linkedin.com/company/acme",
    });
    await t.services.settings.updateSettingsSection(SITE_OWNER, "general", {
      logoUrl: "/uploads/logo.png",
    });
    const home = jsonLd(await (await t.request("/")).text());
    // A LocalBusiness (a kind of Organization) once it has opening hours, as the demo has.
    const org = home.find((d) => ["Organization", "LocalBusiness"].includes(d["@type"]));
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      url: `${origin}/`,
      logo: `${origin}/uploads/logo.png`,
    });
    expect(org.sameAs).toContain("https://www.linkedin.com/company/acme");

    const post = await t.services.posts.getPublicPostBySlug(
      "five-signs-your-website-needs-a-redesign",
    );
    const data = jsonLd(await (await t.request(`/blog/${post!.slug}`)).text());
    const posting = data.find((d) => d["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: post!.title,
      datePublished: post!.published_at,
      author: { "@type": "Person", name: post!.author.name },
      image: `${origin}${post!.featured_image}`,
    });
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Blog",
      post!.title,
    ]);

    const service = jsonLd(await (await t.request("/services/consulting")).text());
    expect(service.find((d) => d["@type"] === "BreadcrumbList").itemListElement[2]).toMatchObject({
      name: "Consulting",
      item: `${origin}/services/consulting`,
    });
  });

  it("a renamed post keeps its old address with a 301, and the old slug can be taken later", async () => {
    const post = await t.services.posts.getPublicPostBySlug(
      "measuring-what-matters-with-web-analytics",
    );
    const renamed = await t.json(`/api/blog/posts/${post!.id}`, {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({ slug: "web-analytics-that-matters" }),
    });
    expect(renamed.status).toBe(200);
    const old = await t.request("/blog/measuring-what-matters-with-web-analytics");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/web-analytics-that-matters");
    expect((await t.request("/blog/web-analytics-that-matters")).status).toBe(200);

    // A new post may take the old slug: it wins over the redirect.
    const created = await t.json("/api/blog/posts", {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({
        title: "Measuring, again",
        slug: "measuring-what-matters-with-web-analytics",
        excerpt: "A new post on an old address.",
        content: "<p>New content.</p>",
        status: "published",
      }),
    });
    expect(created.status).toBe(201);
    const now = await t.request("/blog/measuring-what-matters-with-web-analytics");
    expect(now.status).toBe(200);
    expect(await now.text()).toContain("Measuring, again");
  });

  it("a renamed service keeps its old address with a 301", async () => {
    const service = await t.services.services.getService("ui-ux-design");
    const res = await t.json(`/api/services/${service!.id}`, {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({ ...service, slug: "product-design" }),
    });
    expect(res.status).toBe(200);
    const old = await t.request("/services/ui-ux-design");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/services/product-design");
  });

  it("per-post SEO overrides win over the title, excerpt and featured image", async () => {
    const post = await t.services.posts.getPublicPostBySlug(
      "cloud-hosting-explained-for-business-owners",
    );
    await t.json(`/api/blog/posts/${post!.id}`, {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({
        meta_title: "Cloud hosting, plainly",
        meta_description: "What cloud hosting costs and why.",
        og_image: "https://cdn.example.com/cloud.png",
      }),
    });
    const html = await (await t.request(`/blog/${post!.slug}`)).text();
    expect(html).toContain("<title>Cloud hosting, plainly | Company Profile</title>");
    expect(html).toContain(
      '<meta name="description" content="What cloud hosting costs and why."/>',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://cdn.example.com/cloud.png"/>',
    );
  });

  it("Discourage search engines: robots disallows all, the sitemap is empty, pages say noindex", async () => {
    await t.json("/api/settings/seo", {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({ disableIndexing: true }),
    });
    try {
      expect(await (await t.request("/robots.txt")).text()).toBe("User-agent: *\nDisallow: /\n");
      expect(locs(await (await t.request("/sitemap.xml")).text())).toEqual([]);
      for (const path of ["/", "/blog", "/services/consulting"]) {
        expect(await (await t.request(path)).text()).toContain(
          '<meta name="robots" content="noindex, nofollow"/>',
        );
      }
    } finally {
      await t.json("/api/settings/seo", {
        method: "PUT",
        headers: auth(),
        body: JSON.stringify({ disableIndexing: false }),
      });
    }
    expect(await (await t.request("/")).text()).not.toContain('name="robots"');
  });

  it("a blog filter by a category or tag the site does not have is kept out of search engines", async () => {
    const robots = '<meta name="robots" content="noindex, nofollow"/>';
    for (const path of ["/blog?tag=call-555-scam", "/blog?category=nope"]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain("No posts found matching your criteria");
      expect(html, path).toContain(robots);
      expect(html, path).toContain(`<link rel="canonical" href="${origin}/blog"/>`);
      expect(html, path).not.toMatch(/<meta name="description" content="[^"]*(scam|nope)/);
    }
    // Real ones stay listed, described by their names.
    const tagged = await (await t.request("/blog?tag=seo")).text();
    expect(tagged).not.toContain(robots);
    expect(tagged).toMatch(/<meta name="description" content="Posts tagged #[^"]+: /);
    expect(await (await t.request("/blog?category=marketing")).text()).not.toContain(robots);
  });

  it("the SEO tab's Meta Title is the home page's title; other pages keep theirs", async () => {
    const save = (metaTitle: string) =>
      t.json("/api/settings/seo", {
        method: "PUT",
        headers: auth(),
        body: JSON.stringify({ metaTitle }),
      });
    const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
    await save("Acme Builders – Homes since 1900");
    try {
      const home = await (await t.request("/")).text();
      expect(title(home)).toBe("Acme Builders – Homes since 1900");
      expect(home).toContain(
        '<meta property="og:title" content="Acme Builders – Homes since 1900"/>',
      );
      expect(title(await (await t.request("/about")).text())).toMatch(/^About \| /);
    } finally {
      await save("");
    }
    expect(title(await (await t.request("/")).text())).toMatch(/^Home \| /);
  });

  it("adds the analytics script only for a valid analytics ID", async () => {
    expect(await (await t.request("/")).text()).not.toContain("googletagmanager.com/gtag/js");
    const bad = await t.json("/api/settings/seo", {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({ googleAnalyticsId: "<script>" }),
    });
    expect(bad.status).toBe(400);
    await t.json("/api/settings/seo", {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({ googleAnalyticsId: "G-ABC1234" }),
    });
    const html = await (await t.request("/")).text();
    expect(html).toContain("https://www.googletagmanager.com/gtag/js?id=G-ABC1234");
    // The staff's own screens are not tracked (nor their drafts' titles sent to Google).
    for (const path of ["/admin", "/admin/posts", "/admin/settings"]) {
      const admin = await (await t.request(path)).text();
      expect(admin, path).not.toContain("googletagmanager.com/gtag/js");
    }
    await t.json("/api/settings/seo", {
      method: "PUT",
      headers: auth(),
      body: JSON.stringify({ googleAnalyticsId: "" }),
    });
  });
});
