import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_OWNER } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

function canonical(html: string) {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

describe("the site's address without PUBLIC_URL (not demo mode)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTS: "www.example.com" } });
  });
  afterAll(() => t.close());

  it("never puts a forged Host into pages, feeds, the sitemap or robots.txt", async () => {
    const page = await (await t.request("http://evil.example/about")).text();
    expect(canonical(page)).toBe("http://localhost/about");
    expect(page).not.toContain("evil.example");
    for (const path of ["/rss.xml", "/sitemap.xml", "/robots.txt"]) {
      const text = await (await t.request(`http://evil.example${path}`)).text();
      expect(text, path).not.toContain("evil.example");
      expect(text, path).toContain("http://localhost/");
    }
  });

  it("cannot plant a copy for others in the page cache with a forged Host", async () => {
    await t.request("http://evil.example/services");
    const honest = await t.request("http://localhost/services");
    expect(honest.headers.get("x-cache")).toBe("HIT");
    expect(await honest.text()).not.toContain("evil.example");
  });

  it("takes the Host of an allowed name as it comes", async () => {
    const page = await (await t.request("http://www.example.com/about")).text();
    expect(canonical(page)).toBe("http://www.example.com/about");
  });
});

describe("security headers", () => {
  it("send HSTS when the site is served over https (PUBLIC_URL), not otherwise", async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: "https://www.example.com" } });
    const http = await createTestApp();
    try {
      for (const path of ["/", "/api/settings", "/healthz"]) {
        expect((await https.request(path)).headers.get("strict-transport-security"), path).toBe(
          "max-age=31536000; includeSubDomains",
        );
        expect(
          (await http.request(path)).headers.get("strict-transport-security"),
          path,
        ).toBeNull();
      }
    } finally {
      await https.close();
      await http.close();
    }
  });

  it("allow Google's tag manager only once the site has an analytics ID", async () => {
    const t = await createTestApp({ env: { PAGE_CACHE: "off" } });
    try {
      for (const path of ["/", "/api/settings"]) {
        const csp = (await t.request(path)).headers.get("content-security-policy") ?? "";
        expect(csp, path).not.toContain("googletagmanager");
        expect(csp, path).not.toContain("google-analytics");
      }
      await t.services.settings.updateSettingsSection(SITE_OWNER, "seo", {
        googleAnalyticsId: "G-ABC123XYZ",
      });
      const csp = (await t.request("/")).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(csp).toMatch(/connect-src [^;]*google-analytics\.com/);
    } finally {
      await t.close();
    }
  });

  it("keep the analytics hosts in a cached page's policy", async () => {
    const t = await createTestApp();
    try {
      await t.services.settings.updateSettingsSection(SITE_OWNER, "seo", {
        googleAnalyticsId: "G-ABC123XYZ",
      });
      await t.request("/");
      const cached = await t.request("/");
      expect(cached.headers.get("x-cache")).toBe("HIT");
      const csp = cached.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("https://www.googletagmanager.com");
      expect(csp).toContain("'sha256-");
      expect(csp).not.toContain("'nonce-");
    } finally {
      await t.close();
    }
  });
});
