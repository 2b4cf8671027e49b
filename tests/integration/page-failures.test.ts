import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SITE_OWNER } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** A page as a reader sees it: the text without tags, entities decoded. */
function visibleText(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function page(t: TestApp, path: string) {
  const response = await t.request(path);
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html), response };
}

const down = () => Promise.reject(new Error("database unavailable"));

describe("public pages when the data layer fails", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The loaders log the failure; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it("home: Error Loading Content with its text, and a 500", async () => {
    vi.spyOn(t.services.services, "listServices").mockImplementation(down);
    const { status, text } = await page(t, "/");
    expect(status).toBe(500);
    expect(text).toContain("Error Loading Content");
    expect(text).toContain(
      "Failed to load data from the database. Please ensure the server is running and try again.",
    );
  });

  it("blog: the failure text with a Try Again link to the same list, and a 500", async () => {
    vi.spyOn(t.services.posts, "listPublicPosts").mockImplementation(down);
    const { status, text, html } = await page(t, "/blog?search=cloud");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load blog posts. Please try again later.");
    expect(html).toMatch(/<a href="\/blog\?search=cloud"[^>]*>Try Again<\/a>/);
  });

  it("blog post: the failure text with Return to Blog, and a 500", async () => {
    vi.spyOn(t.services.posts, "getPublicPostBySlug").mockImplementation(down);
    const { status, text, html } = await page(t, "/blog/any-post");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load blog post. Please try again later.");
    expect(html).toMatch(/<a [^>]*href="\/blog"[^>]*>Return to Blog<\/a>/);
  });

  it("services: the failure text and a 500", async () => {
    vi.spyOn(t.services.services, "listServices").mockImplementation(down);
    const { status, text } = await page(t, "/services");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load services. Please try again later.");
    expect(text).not.toContain("No Services Available");
  });

  it("service detail: Could not load service details with Back to Services, and a 500", async () => {
    vi.spyOn(t.services.services, "getService").mockImplementation(down);
    const { status, text, html } = await page(t, "/services/web-development");
    expect(status).toBe(500);
    expect(text).toContain(
      "Could not load service details. The service may not exist or there was an error connecting to the server.",
    );
    expect(html).toMatch(/<a [^>]*href="\/services"[^>]*>[^<]*Back to Services/);
  });

  it("gallery: the failure text and a 500", async () => {
    vi.spyOn(t.services.gallery, "listGalleryImages").mockImplementation(down);
    const { status, text } = await page(t, "/gallery");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load gallery data. Please try again later.");
  });

  it("company page: the failure text with Go to Homepage, and a 500 (not a 404)", async () => {
    vi.spyOn(t.services.pages, "getPublicPageBySlug").mockImplementation(down);
    const { status, text, html } = await page(t, "/terms");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load this page. Please try again later.");
    expect(text).not.toContain("Page Not Found");
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go to Homepage<\/a>/);
  });

  it("about: the texts without the team, its failure text, and a 500", async () => {
    vi.spyOn(t.services.team, "listPublicTeamMembers").mockImplementation(down);
    const { status, text } = await page(t, "/about");
    expect(status).toBe(500);
    expect(text).toContain("Our Mission");
    expect(text).toContain("Our Team");
    expect(text).toContain("Failed to load the team. Please try again later.");
    expect(text).not.toContain("Alya Pratama");
  });

  it("a failure is never stored: the next visitor gets the page once the data is back", async () => {
    vi.spyOn(t.services.gallery, "listGalleryImages").mockImplementation(down);
    expect((await page(t, "/gallery")).status).toBe(500);
    vi.restoreAllMocks();
    const again = await page(t, "/gallery");
    expect(again.status).toBe(200);
    expect(again.text).not.toContain("Failed to load gallery data");
  });
});

describe("public pages when there is nothing to show", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAGE_CACHE: "off" } });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t?.close());

  const noPosts = () => Promise.resolve({ posts: [], count: 0, totalPages: 1, page: 1 });

  it("home: the empty texts of both sections and of the page", async () => {
    vi.spyOn(t.services.services, "listServices").mockResolvedValue([]);
    vi.spyOn(t.services.posts, "listPublicPosts").mockImplementation(noPosts as never);
    const { status, text } = await page(t, "/");
    expect(status).toBe(200);
    expect(text).toContain("No content available from database.");
    expect(text).toContain("No services available at the moment.");
    expect(text).toContain("No blog posts available at the moment.");
  });

  it("blog: No posts found matching your criteria.", async () => {
    vi.spyOn(t.services.posts, "listPublicPosts").mockImplementation(noPosts as never);
    const { status, text } = await page(t, "/blog");
    expect(status).toBe(200);
    expect(text).toContain("No posts found matching your criteria.");
  });

  it("services: No Services Available with its text", async () => {
    vi.spyOn(t.services.services, "listServices").mockResolvedValue([]);
    const { status, text } = await page(t, "/services");
    expect(status).toBe(200);
    expect(text).toContain("No Services Available");
    expect(text).toContain("We're currently updating our services. Please check back later.");
  });

  it("gallery: an empty gallery says so", async () => {
    vi.spyOn(t.services.gallery, "listGalleryImages").mockResolvedValue([]);
    const { status, text } = await page(t, "/gallery");
    expect(status).toBe(200);
    expect(text).toContain("No images in the gallery yet.");
  });

  it("a missing post and a missing service: 404 with their texts and links", async () => {
    const post = await page(t, "/blog/no-such-post");
    expect(post.status).toBe(404);
    expect(post.text).toContain("The post you are looking for does not exist.");
    expect(post.html).toMatch(/<a [^>]*href="\/blog"[^>]*>Return to Blog<\/a>/);

    const service = await page(t, "/services/no-such-service");
    expect(service.status).toBe(404);
    expect(service.text).toContain("Service Not Found");
    expect(service.html).toMatch(/<a [^>]*href="\/"[^>]*>[^<]*Back to Homepage/);
  });
});

describe("public pages when the settings cannot be read", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.updateSettingsSection(SITE_OWNER, "general", {
      siteTitle: "Acme Works",
    });
  });
  afterAll(() => t?.close());

  it("render with the defaults (title, navigation, footer), are not stored, and recover", async () => {
    await sql`alter table settings rename to settings_unreadable`.execute(t.db);
    try {
      for (const path of ["/", "/about", "/blog", "/services", "/contact"]) {
        const { status, html, text, response } = await page(t, path);
        // The About page falls back to its starter texts, like the others to their defaults.
        if (path === "/about") expect(text).toContain("Our Mission");
        expect(status, path).toBe(200);
        expect(html, path).toMatch(/<title>[^<]*Company Profile<\/title>/);
        expect(text, path).not.toContain("Acme Works");
        expect(text, path).not.toContain("Something went wrong");
        for (const link of ["/about", "/services", "/blog", "/contact"]) {
          expect(html, `${path} links ${link}`).toContain(`href="${link}"`);
        }
        expect(html, path).toContain("<footer");
        expect(response.headers.get("cache-control"), path).toBe("no-store");
      }
    } finally {
      await sql`alter table settings_unreadable rename to settings`.execute(t.db);
    }
    const back = await page(t, "/about");
    expect(back.status).toBe(200);
    expect(back.html).toMatch(/<title>[^<]*Acme Works<\/title>/);
  });
});
