import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_OWNER } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** A made-up link token, distinctive enough to look for in a page. */
const TOKEN = "Zq9xTok3nFromAMail_8vWm";

const PAGES = [
  `/reset-password?token=${TOKEN}`,
  `/accept-invite?token=${TOKEN}`,
  `/confirm-email?token=${TOKEN}`,
  `/setup?token=${TOKEN}`,
  `/reset-password/?utm_source=mail&token=${TOKEN}`,
];

describe("the pages a one-time link opens, on a site with an analytics ID", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.updateSettingsSection(SITE_OWNER, "seo", {
      googleAnalyticsId: "G-ABC123XYZ",
    });
  });
  afterAll(() => t.close());

  it("load analytics on other pages (the ID is in effect)", async () => {
    const home = await t.request("/");
    expect(await home.text()).toContain("https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ");
    expect(home.headers.get("content-security-policy")).toContain("googletagmanager");
  });

  it.each(PAGES)(
    "%s: no analytics script, no tag manager in the policy, nothing stored",
    async (path) => {
      // Twice: a stored copy would be served the second time.
      for (const attempt of [1, 2]) {
        const response = await t.request(path);
        expect(response.status, `${path} #${attempt}`).toBe(200);
        const html = await response.text();
        expect(html).not.toContain("googletagmanager");
        expect(html).not.toContain("gtag(");
        expect(html).not.toContain(TOKEN);
        const csp = response.headers.get("content-security-policy") ?? "";
        expect(csp).toContain("script-src");
        expect(csp).not.toContain("googletagmanager");
        expect(csp).not.toContain("google-analytics");
        expect(response.headers.get("cache-control")).toContain("no-store");
        expect(response.headers.get("x-cache")).toBeNull();
      }
    },
  );
});
