import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_OWNER } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("settings API and envelopes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("GET /api/settings answers every section in the envelope", async () => {
    const { status, body } = await t.json("/api/settings");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([
      "about",
      "appearance",
      "contact",
      "general",
      "homepage",
      "navigation",
      "seo",
      "social",
    ]);
    expect(body.data.general.postsPerPage).toBe(10);
    expect(body.data.appearance).toMatchObject({
      theme: "light",
      primaryColor: "#3b82f6",
      showBanner: true,
      navbarStyle: "default",
      footerStyle: "default",
    });
    expect(body.data.seo.disableIndexing).toBe(false);
  });

  it("GET /api/settings/{section} answers one section", async () => {
    const { status, body } = await t.json("/api/settings/homepage");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, data: { heroButtonText: "Learn More" } });
  });

  it("an unknown section is a JSON 404", async () => {
    const { status, body } = await t.json("/api/settings/colours");
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: 'Settings section "colours" does not exist' });
  });

  it("an unknown /api path is a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const { status, body } = await t.json("/api/no-such-thing", { method });
      expect(status).toBe(404);
      expect(body.success).toBe(false);
      expect(body.message).toContain("/api/no-such-thing");
    }
  });

  it("publishes a generated OpenAPI 3.1 document", async () => {
    const { status, body } = await t.json("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(body.servers).toEqual([{ url: "/api" }]);
    expect(Object.keys(body.paths)).toContain("/settings/{section}");
  });
});

describe("pages and HTTP behaviour", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("renders the home page on the server from homepage settings", async () => {
    await t.services.settings.updateSettingsSection(SITE_OWNER, "homepage", {
      heroTitle: "Build with Beranda",
      ctaTitle: "",
    });
    const response = await t.request("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Build with Beranda");
    // Empty texts fall back to the spec's defaults.
    expect(html).toContain("Ready to work with us?");
    expect(html).toContain("Our Services");
    expect(html).toContain("Web Development");
    // No posts yet in a non-demo database.
    expect(html).toContain("No blog posts available at the moment.");
    expect(html).toContain("<title>Home | Company Profile</title>");
  });

  it("shows the nav, the footer service links and the copyright year", async () => {
    const html = await (await t.request("/")).text();
    for (const href of ["/about", "/services", "/gallery", "/blog", "/contact", "/admin"]) {
      expect(html).toContain(`href="${href}"`);
    }
    for (const slug of [
      "web-development",
      "app-development",
      "ui-ux-design",
      "digital-marketing",
      "consulting",
    ]) {
      expect(html).toContain(`href="/services/${slug}"`);
    }
    expect(html).toContain(String(new Date().getFullYear()));
  });

  it("answers unknown pages with the Page Not Found page and status 404", async () => {
    const response = await t.request("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain('href="/"');
  });

  it("sends security headers with every response", async () => {
    for (const path of ["/", "/api/settings", "/healthz"]) {
      const response = await t.request(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("gives every response a request id, keeping a valid incoming one", async () => {
    const generated = await t.request("/api/settings");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.request("/api/settings", { headers: { "x-request-id": "abc-123" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123");
  });

  it("compresses with brotli or gzip as the client accepts", async () => {
    const br = await t.request("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await t.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const plain = await t.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("serves built assets with long-lived immutable caching", async () => {
    const html = await (await t.request("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await t.request(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
