// The server-rendered public pages: a description for search engines on every
// one, short link texts completed with where they go, and the page's largest
// image fetched first while every other image waits until it is needed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const POST = "/blog/five-signs-your-website-needs-a-redesign";
const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/consulting",
  "/gallery",
  "/blog",
  "/blog?category=marketing",
  POST,
  "/contact",
  "/login",
  "/register",
  "/terms",
  "/unauthorized",
  "/no-such-page",
  "/blog/no-such-post",
];

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "gi"))].map((m) => m[0]);
const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** Links as [visible text, hidden completion] (the .sr-only part), tags dropped. */
function links(html: string) {
  return [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/gi)].map((m) => {
    const inner = m[1]!;
    const hidden = /<span class="sr-only">([\s\S]*?)<\/span>/.exec(inner)?.[1] ?? "";
    const strip = (s: string) =>
      decode(s.replace(/<[^>]*>/g, "").replace(/<!-- -->/g, ""))
        .replace(/\s+/g, " ")
        .trim();
    return {
      visible: strip(inner.replace(/<span class="sr-only">[\s\S]*?<\/span>/, "")),
      hidden: strip(hidden),
    };
  });
}

describe("lean public pages", () => {
  let t: TestApp;
  const html = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    for (const page of PAGES) html.set(page, await (await t.request(page)).text());
  });
  afterAll(() => t?.close());

  it.each(PAGES)("%s has a meta description", (page) => {
    const meta = tags(html.get(page)!, "meta").find((m) => attr(m, "name") === "description");
    expect(meta, `${page}: no <meta name="description">`).toBeDefined();
    expect(attr(meta!, "content")!.trim().length).toBeGreaterThan(20);
  });

  it("descriptions say what the page holds", () => {
    const description = (page: string) =>
      decode(
        attr(
          tags(html.get(page)!, "meta").find((m) => attr(m, "name") === "description")!,
          "content",
        )!,
      );
    // No SEO setting or site description in a fresh install: built from the site title.
    expect(description("/")).toMatch(/^Company Profile: /);
    expect(description(POST)).toBe(
      "Slow pages, a dated look and falling enquiries are all clues. Here is what to look for.",
    );
    expect(description("/services/consulting")).toBe(
      "Technology advice that helps you choose well and spend wisely.",
    );
    expect(description("/blog")).toBe("News, insights and stories from our team");
    expect(description("/blog?category=marketing")).toBe(
      "Posts in Marketing: News, insights and stories from our team",
    );
  });

  it.each(["/", "/blog", POST, "/services"])(
    "%s: short link texts keep their words and say where they go",
    (page) => {
      const generic = /^(read more|learn more|more|view all|see more|click here|here)$/i;
      const found = links(html.get(page)!).filter((l) => generic.test(l.visible));
      if (page !== POST) expect(found.length).toBeGreaterThan(0);
      for (const link of found) {
        expect(link.hidden, `"${link.visible}" says nothing about its target`).not.toBe("");
      }
    },
  );

  it("the post cards name their post and the hero names its page", () => {
    const home = links(html.get("/")!);
    expect(home).toContainEqual({ visible: "Learn More", hidden: "– About Us" });
    expect(home).toContainEqual({
      visible: "Read More",
      hidden: "about Five Signs Your Website Needs a Redesign",
    });
    expect(links(html.get("/services")!)).toContainEqual({
      visible: "Learn More",
      hidden: "about Consulting",
    });
  });

  it("a post's featured image comes first; every other image is lazy and sized", () => {
    const page = html.get(POST)!;
    const images = tags(page, "img");
    const featured = images.filter((img) => attr(img, "fetchpriority") === "high");
    expect(featured).toHaveLength(1);
    expect(attr(featured[0]!, "alt")).toBe("Five Signs Your Website Needs a Redesign");
    expect(attr(featured[0]!, "loading")).toBeNull();
    // Preloaded in <head>, with no script preload to queue behind (a static page has none).
    const head = page.slice(0, page.indexOf("</head>"));
    const preload = tags(head, "link").find(
      (l) => attr(l, "rel") === "preload" && attr(l, "as") === "image",
    );
    expect(preload).toBeDefined();
    expect(attr(preload!, "fetchpriority")).toBe("high");
    expect(head).not.toContain('rel="modulepreload"');
    const others = images.filter((img) => img !== featured[0]);
    expect(others.length).toBeGreaterThan(0);
    for (const img of others) {
      expect(attr(img, "loading"), img).toBe("lazy");
      expect(attr(img, "width"), img).toMatch(/^\d+$/);
      expect(attr(img, "height"), img).toMatch(/^\d+$/);
    }
  });

  it("the blog list fetches its first card's image first (the largest paint on phones)", () => {
    const images = tags(html.get("/blog")!, "img");
    expect(images.length).toBeGreaterThan(1);
    expect(attr(images[0]!, "fetchpriority")).toBe("high");
    for (const img of images.slice(1)) expect(attr(img, "loading"), img).toBe("lazy");
  });

  const STATIC = PAGES.filter((page) => !["/login", "/register"].includes(page));
  it.each(STATIC)("%s loads one small script and no React (a static page)", (page) => {
    const text = html.get(page)!;
    const scripts = tags(text, "script").filter((tag) => attr(tag, "src"));
    expect(scripts.map((tag) => attr(tag, "src"))).toEqual([
      expect.stringMatching(/^\/assets\/static-page-[\w-]+\.js$/),
    ]);
    expect(attr(scripts[0]!, "type")).toBe("module");
    expect(text).not.toContain('rel="modulepreload"');
    // No router state or loader data for a hydration that never comes.
    expect(text).not.toContain("__reactRouterContext");
  });

  it.each(["/login", "/register"])("%s hydrates: it is the way into the admin app", (page) => {
    const text = html.get(page)!;
    expect(text).toContain('rel="modulepreload"');
    expect(text).toContain("__reactRouterContext");
    expect(text).not.toMatch(/static-page-[\w-]+\.js/);
  });

  it("the static pages' script is served, compressed and cached for good", async () => {
    const src = /src="(\/assets\/static-page-[\w-]+\.js)"/.exec(html.get("/")!)![1]!;
    const response = await t.request(src, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
  });
});
