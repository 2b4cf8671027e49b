import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  expectError,
  expectFieldError,
  expectOk,
  get,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("settings API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const save = (section: string, body: unknown, token = a.admin.token) =>
    put(t, `/settings/${section}`, { token, body });

  async function section(name: string) {
    const result = await get(t, `/settings/${name}`);
    expectOk(result);
    return result.body.data;
  }

  it("GET /settings answers every section to anyone", async () => {
    const result = await get(t, "/settings");
    expectOk(result);
    expect(Object.keys(result.body.data).sort()).toEqual([
      "about",
      "appearance",
      "contact",
      "general",
      "homepage",
      "navigation",
      "seo",
      "social",
    ]);
    // A new site shows its call to action.
    expect(result.body.data.homepage.showCta).toBe(true);
  });

  it("keeps the staff's notification addresses to those who manage settings", async () => {
    const staff = "office@staff.example, boss@staff.example";
    expectOk(await save("general", { notificationEmails: staff, contactEmail: "hi@example.com" }));
    // Anonymous, and an editor (no settings permission): what public pages show, no more.
    for (const token of [undefined, a.editor.token]) {
      const all = await get(t, "/settings", { token });
      const general = await get(t, "/settings/general", { token });
      for (const result of [all, general]) {
        expectOk(result);
        expect(JSON.stringify(result.body)).not.toContain("staff.example");
      }
      expect(all.body.data.general).not.toHaveProperty("notificationEmails");
      expect(all.body.data.general.contactEmail).toBe("hi@example.com");
      expect(general.body.data).not.toHaveProperty("notificationEmails");
      expect(general.body.data.contactEmail).toBe("hi@example.com");
    }
    // Nor is it in any page or its hydration data.
    for (const path of ["/", "/contact", "/about", "/blog", "/login", "/_.data", "/contact.data"]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain("staff.example");
    }
    // Admins get every field.
    const admin = await get(t, "/settings", { token: a.admin.token });
    expect(admin.body.data.general.notificationEmails).toBe(staff);
    const section = await get(t, "/settings/general", { token: a.admin.token });
    expect(section.body.data.notificationEmails).toBe(staff);
  });

  it("GET and PUT an unknown section answer 404", async () => {
    expectError(await get(t, "/settings/colours"), 404);
    expectError(await save("colours", { theme: "dark" }), 404);
  });

  it("PUT saves a subset and keeps the other fields", async () => {
    const before = await section("general");
    const result = await save("general", { siteTitle: "  Acme Ltd  ", postsPerPage: 12 });
    expectOk(result);
    const after = await section("general");
    expect(after).toEqual({ ...before, siteTitle: "Acme Ltd", postsPerPage: 12 });
    const all = await get(t, "/settings");
    expect(all.body.data.general.siteTitle).toBe("Acme Ltd");
  });

  it("PUT round-trips every field of every section", async () => {
    const sections: Record<string, Record<string, unknown>> = {
      general: {
        siteTitle: "Beranda Co",
        siteDescription: "We build things",
        logoUrl: "/uploads/logo.png",
        faviconUrl: "https://cdn.example.com/favicon.ico",
        postsPerPage: 7,
        contactEmail: "hello@example.com",
        phoneNumber: "+62 21 555 0100",
        address: "Jl. Merdeka 1, Jakarta",
      },
      appearance: {
        theme: "dark",
        primaryColor: "#ff8800",
        bannerImage: "/uploads/banner.jpg",
        showBanner: false,
        navbarStyle: "sticky",
        footerStyle: "minimal",
      },
      homepage: {
        heroTitle: "Hello there",
        heroSubtitle: "Sub",
        heroButtonText: "Go",
        heroSecondaryButtonText: "Talk",
        servicesTitle: "What we do",
        servicesSubtitle: "All of it",
        aboutTitle: "About",
        aboutContent: "Content",
        aboutSecondaryContent: "More content",
        aboutImage: "https://example.com/about.png",
        aboutButtonText: "More",
        ctaTitle: "Call",
        ctaSubtitle: "Now",
        ctaButtonText: "Contact",
        showCta: false,
      },
      social: {
        facebook: "https://facebook.com/acme",
        twitter: "https://twitter.com/acme",
        instagram: "https://instagram.com/acme",
        linkedin: "https://linkedin.com/company/acme",
        youtube: "https://youtube.com/@acme",
      },
      seo: {
        metaTitle: "Acme",
        metaDescription: "Acme site",
        ogImage: "/uploads/og.png",
        googleAnalyticsId: "G-ABC1234",
        disableIndexing: true,
      },
      about: {
        title: "Who We Are",
        intro: "A small studio.",
        missionTitle: "Why",
        mission: "To help.",
        visionTitle: "Where",
        vision: "Everywhere.",
        historyTitle: "When",
        history: "Since 2001.\n\nStill here.",
        valuesTitle: "What matters",
        values: [{ title: "Kindness", text: "Always." }],
        teamTitle: "Who",
        ctaText: "Write to us",
        ctaUrl: "https://example.com/contact",
      },
    };
    for (const [name, values] of Object.entries(sections)) {
      expectOk(await save(name, values));
      expect(await section(name)).toMatchObject(values);
    }
  });

  it("accepts the boundary values and both analytics formats", async () => {
    for (const postsPerPage of [1, 50]) {
      expectOk(await save("general", { postsPerPage }));
      expect((await section("general")).postsPerPage).toBe(postsPerPage);
    }
    for (const primaryColor of ["#abc", "#A1B2C3"]) {
      expectOk(await save("appearance", { primaryColor }));
      expect((await section("appearance")).primaryColor).toBe(primaryColor);
    }
    for (const googleAnalyticsId of ["UA-12345-1", "G-XXXXXXX", ""]) {
      expectOk(await save("seo", { googleAnalyticsId }));
      expect((await section("seo")).googleAnalyticsId).toBe(googleAnalyticsId);
    }
    expectOk(await save("social", { facebook: "" }));
    expect((await section("social")).facebook).toBe("");
  });

  it.each([
    ["general", { postsPerPage: 0 }, "postsPerPage", "Posts per page must be between 1 and 50"],
    ["general", { postsPerPage: 51 }, "postsPerPage", "Posts per page must be between 1 and 50"],
    ["general", { postsPerPage: -3 }, "postsPerPage", "Posts per page must be between 1 and 50"],
    ["general", { postsPerPage: 2.5 }, "postsPerPage", "Posts per page must be a whole number"],
    ["general", { postsPerPage: "many" }, "postsPerPage", "Posts per page must be a number"],
    ["general", { contactEmail: "not-an-email" }, "contactEmail", "Contact email is invalid"],
    [
      "general",
      { logoUrl: "javascript:alert(1)" },
      "logoUrl",
      "Logo must be an http(s) URL or an uploaded file",
    ],
    [
      "general",
      { faviconUrl: "ftp://x.example.com/f.ico" },
      "faviconUrl",
      "Favicon must be an http(s) URL or an uploaded file",
    ],
    ["appearance", { theme: "blue" }, "theme", "Theme must be light or dark"],
    [
      "appearance",
      { primaryColor: "red" },
      "primaryColor",
      "Primary color must be a hex colour such as #3b82f6",
    ],
    [
      "appearance",
      { primaryColor: "#12345" },
      "primaryColor",
      "Primary color must be a hex colour such as #3b82f6",
    ],
    [
      "appearance",
      { navbarStyle: "floating" },
      "navbarStyle",
      "Navbar style must be one of default, transparent, sticky, centered",
    ],
    [
      "appearance",
      { footerStyle: "huge" },
      "footerStyle",
      "Footer style must be one of default, simple, expanded, minimal",
    ],
    ["appearance", { showBanner: "no" }, "showBanner", "Show banner must be true or false"],
    [
      "appearance",
      { bannerImage: "data:image/png;base64,AAAA" },
      "bannerImage",
      "Banner image must be an http(s) URL or an uploaded file",
    ],
    [
      "homepage",
      { aboutImage: "javascript:alert(1)" },
      "aboutImage",
      "About image must be an http(s) URL or an uploaded file",
    ],
    [
      "social",
      { facebook: "facebook.com/acme" },
      "facebook",
      "Facebook URL must be an http(s) URL or a path on this site, such as /contact",
    ],
    [
      "social",
      { twitter: "javascript:alert(1)" },
      "twitter",
      "Twitter URL must be an http(s) URL or a path on this site, such as /contact",
    ],
    [
      "social",
      { instagram: "mailto:x@example.com" },
      "instagram",
      "Instagram URL must be an http(s) URL or a path on this site, such as /contact",
    ],
    [
      "social",
      { linkedin: "//evil.example.com" },
      "linkedin",
      "LinkedIn URL must be an http(s) URL or a path on this site, such as /contact",
    ],
    [
      "social",
      { youtube: "ftp://youtube.com" },
      "youtube",
      "YouTube URL must be an http(s) URL or a path on this site, such as /contact",
    ],
    [
      "seo",
      { ogImage: "not a url" },
      "ogImage",
      "OG image must be an http(s) URL or an uploaded file",
    ],
    [
      "seo",
      { googleAnalyticsId: "XYZ" },
      "googleAnalyticsId",
      "Analytics ID must look like G-XXXXXXX or UA-XXXXX-Y",
    ],
    [
      "seo",
      { googleAnalyticsId: "<script>" },
      "googleAnalyticsId",
      "Analytics ID must look like G-XXXXXXX or UA-XXXXX-Y",
    ],
    [
      "seo",
      { disableIndexing: "yes" },
      "disableIndexing",
      "Discourage search engines must be true or false",
    ],
  ])("PUT /settings/%s refuses %j", async (name, body, field, message) => {
    const before = await section(name);
    const result = await save(name, body);
    expectFieldError(result, field, message);
    expect(result.body.message).toBe(message);
    expect(await section(name)).toEqual(before);
  });

  it("refuses unknown fields with errors.body and saves nothing", async () => {
    const before = await section("appearance");
    const result = await save("appearance", { theme: "dark", colour: "red" });
    expectFieldError(result, "body", "Unknown field: colour");
    expect(await section("appearance")).toEqual(before);
    // A field of another section is unknown here too.
    expectFieldError(await save("general", { theme: "dark" }), "body", "Unknown field: theme");
  });

  it("the call to action is optional: off hides it from the home page, texts kept", async () => {
    // (The round trip above turned it off.)
    expectOk(await save("homepage", { showCta: true }));
    const shown = await (await t.request("/")).text();
    expect(shown).toContain('id="cta-title"');
    expectOk(await save("homepage", { ctaTitle: "Let us talk", showCta: false }));
    const hidden = await (await t.request("/")).text();
    expect(hidden).not.toContain('id="cta-title"');
    expect(hidden).not.toContain("Let us talk");
    expect(await section("homepage")).toMatchObject({ ctaTitle: "Let us talk", showCta: false });
    expectOk(await save("homepage", { showCta: true }));
    expect(await (await t.request("/")).text()).toContain("Let us talk");
    expectFieldError(
      await save("homepage", { showCta: "no" }),
      "showCta",
      "Show call to action must be true or false",
    );
  });

  it("refuses a body that is not an object", async () => {
    expectError(await save("general", ["siteTitle"]), 400);
    expectError(await save("general", "siteTitle"), 400);
  });

  it("only admins may save: editors and authors 403, anonymous 401", async () => {
    const before = await section("general");
    expectError(
      await save("general", { siteTitle: "Hijacked" }, a.editor.token),
      403,
      "You do not have permission to do this",
    );
    expectError(
      await save("general", { siteTitle: "Hijacked" }, a.author.token),
      403,
      "You do not have permission to do this",
    );
    expectError(
      await put(t, "/settings/general", { body: { siteTitle: "Hijacked" } }),
      401,
      "Authentication required",
    );
    expect(await section("general")).toEqual(before);
  });
});
