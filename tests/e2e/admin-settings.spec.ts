import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, tokenFor, unique } from "./helpers.ts";

/*
 * Settings are global on the shared e2e server: every test that saves a
 * setting puts the old value back through the API in a `finally`.
 */

const SAVED = "Settings saved successfully!";
const SAVE_FAILED = "Failed to save settings. Please try again.";

/** Collects window.alert/confirm messages and accepts them. */
function collectDialogs(page: Page) {
  const messages: string[] = [];
  page.on("dialog", async (dialog) => {
    messages.push(dialog.message());
    await dialog.accept();
  });
  return messages;
}

async function adminToken(page: Page) {
  return (await tokenFor(page, "admin")).token;
}

async function openSettings(page: Page) {
  await loginAs(page, "admin");
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Site Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
}

test.describe("site settings: access", () => {
  for (const role of ["editor", "author"] as const) {
    test(`an ${role} is sent to /unauthorized`, async ({ page }) => {
      await loginAs(page, role);
      await page.goto("/admin/settings");
      await expect(page).toHaveURL(/\/unauthorized$/);
      // The sidebar does not offer the screen either.
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeAttached();
      await expect(page.getByRole("link", { name: "Settings" })).toHaveCount(0);
    });
  }
});

test.describe("site settings", () => {
  test("tabs form an accessible tablist that follows the arrow keys", async ({ page }) => {
    await openSettings(page);
    await expect(page).toHaveTitle(/^Site Settings \| /);
    const tabs = page.getByRole("tablist", { name: "Settings sections" }).getByRole("tab");
    await expect(tabs).toHaveText([
      "General",
      "Appearance",
      "Homepage",
      "About",
      "Social Media",
      "SEO",
      "Menus",
      "Contact",
    ]);
    const general = page.getByRole("tab", { name: "General" });
    await expect(general).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "General" })).toBeVisible();

    await general.focus();
    await page.keyboard.press("ArrowRight");
    const appearance = page.getByRole("tab", { name: "Appearance" });
    await expect(appearance).toBeFocused();
    await expect(appearance).toHaveAttribute("aria-selected", "true");
    await expect(general).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel", { name: "Appearance" })).toBeVisible();
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Contact", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(general).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Contact", exact: true })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("Home");
    await expect(general).toHaveAttribute("aria-selected", "true");

    // Every field of the General tab is there and labelled.
    for (const label of [
      "Site Title",
      "Contact Email",
      "Site Description",
      "Phone Number",
      "Posts Per Page",
      "Address",
      "Logo",
      "Favicon",
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Favicon", { exact: true })).toHaveAttribute(
      "accept",
      /\.ico.*\.png.*\.jpg/,
    );
  });

  test("a homepage hero title change shows on the home page", async ({ page }) => {
    const token = await adminToken(page);
    const before = (await apiAs(page, token, "GET", "/settings/homepage")).body.data;
    const title = `Hero ${unique()}`;
    try {
      await openSettings(page);
      await page.getByRole("tab", { name: "Homepage" }).click();
      for (const label of [
        "Hero Title",
        "Hero Subtitle",
        "Primary Button Text",
        "Secondary Button Text",
        "Services Title",
        "Services Subtitle",
        "About Title",
        "Main Content",
        "Secondary Content",
        "About Image",
        "About Button Text",
        "CTA Title",
        "CTA Subtitle",
        "CTA Button Text",
      ]) {
        await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByLabel("Hero Title")).toHaveValue(before.heroTitle);
      await page.getByLabel("Hero Title").fill(`  ${title}  `);
      const request = page.waitForRequest(
        (r) => r.method() === "PUT" && r.url().includes("/api/settings/"),
      );
      await page.getByRole("button", { name: "Save Settings" }).click();
      // Each tab saves only its own section.
      expect(new URL((await request).url()).pathname).toBe("/api/settings/homepage");
      await expect(page.getByText(SAVED)).toBeVisible();
      // The saved (trimmed) value comes back from the server.
      await expect(page.getByLabel("Hero Title")).toHaveValue(title);

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    } finally {
      await apiAs(page, token, "PUT", "/settings/homepage", { heroTitle: before.heroTitle });
    }
  });

  test("the call to action is optional: its switch hides it from the home page", async ({
    page,
  }) => {
    const token = await adminToken(page);
    try {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Ready to work with us?" })).toBeVisible();
      await openSettings(page);
      await page.getByRole("tab", { name: "Homepage" }).click();
      const toggle = page.getByRole("switch", { name: "Show Call to Action" });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Latest Blog Posts" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ready to work with us?" })).toHaveCount(0);
    } finally {
      await apiAs(page, token, "PUT", "/settings/homepage", { showCta: true });
    }
  });

  test("the general site title shows in page titles", async ({ page }) => {
    const token = await adminToken(page);
    const before = (await apiAs(page, token, "GET", "/settings/general")).body.data;
    const siteTitle = `Site ${unique()}`;
    try {
      await openSettings(page);
      await expect(page.getByLabel("Site Title")).toHaveValue(before.siteTitle);
      await page.getByLabel("Site Title").fill(siteTitle);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();
      await page.goto("/about");
      await expect(page).toHaveTitle(`About | ${siteTitle}`);
    } finally {
      await apiAs(page, token, "PUT", "/settings/general", { siteTitle: before.siteTitle });
    }
  });

  test("a change on another tab is marked, named when saving, and leaving asks first", async ({
    page,
  }) => {
    const token = await adminToken(page);
    const before = (await apiAs(page, token, "GET", "/settings/general")).body.data;
    let leave = false;
    const asked: string[] = [];
    page.on("dialog", async (dialog) => {
      asked.push(dialog.message());
      if (leave) await dialog.accept();
      else await dialog.dismiss();
    });
    await openSettings(page);
    await page.getByLabel("Site Title").fill(`${before.siteTitle} (draft)`);
    await expect(page.getByRole("tab", { name: "General (unsaved changes)" })).toBeVisible();
    await page.getByRole("tab", { name: "About" }).click();
    await expect(
      page.getByText("Not saved yet on General: each tab saves its own section."),
    ).toBeVisible();

    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Posts" })
      .click();
    await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page?"]);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    leave = true;
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Posts" })
      .click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    // Nothing was saved.
    expect((await apiAs(page, token, "GET", "/settings/general")).body.data.siteTitle).toBe(
      before.siteTitle,
    );
  });

  test("the saved message appears, then disappears after 3 seconds", async ({ page }) => {
    await openSettings(page);
    await page.getByRole("tab", { name: "Social Media" }).click();
    for (const label of [
      "Facebook URL",
      "Twitter URL",
      "Instagram URL",
      "LinkedIn URL",
      "YouTube URL",
    ]) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    // Saving the section unchanged keeps the shared server as it was.
    const request = page.waitForRequest(
      (r) => r.method() === "PUT" && r.url().includes("/api/settings/"),
    );
    const save = page.getByRole("button", { name: "Save Settings" });
    await save.click();
    const sent = await request;
    expect(new URL(sent.url()).pathname).toBe("/api/settings/social");
    expect(Object.keys(sent.postDataJSON()).sort()).toEqual(
      ["facebook", "instagram", "linkedin", "twitter", "youtube"].sort(),
    );
    await expect(page.getByRole("status").filter({ hasText: SAVED })).toBeVisible();
    await expect(save).toHaveText("Save Settings");
    await expect(page.getByText(SAVED)).toBeHidden({ timeout: 5000 });
  });

  test("Save Settings reads Saving... while busy", async ({ page }) => {
    await openSettings(page);
    await page.getByRole("tab", { name: "Social Media" }).click();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/settings/social", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Settings" })).toBeEnabled();
  });

  test("theme buttons apply at once", async ({ page }) => {
    await openSettings(page);
    await page.getByRole("tab", { name: "Appearance" }).click();
    const html = page.locator("html");
    const dark = page.getByRole("button", { name: "Dark", exact: true });
    const light = page.getByRole("button", { name: "Light", exact: true });
    await dark.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(dark).toHaveAttribute("aria-pressed", "true");
    await expect(light).toHaveAttribute("aria-pressed", "false");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await light.click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(light).toHaveAttribute("aria-pressed", "true");
    // Nothing is saved for everyone until Save Settings.
  });

  test("appearance: colour picker and text stay in sync; Show Banner is a switch", async ({
    page,
  }) => {
    await openSettings(page);
    await page.getByRole("tab", { name: "Appearance" }).click();
    const text = page.getByLabel("Primary Color", { exact: true });
    const picker = page.getByLabel("Primary Color picker");
    await text.fill("#ff0000");
    await expect(picker).toHaveValue("#ff0000");
    await picker.fill("#00aa11");
    await expect(text).toHaveValue("#00aa11");
    await text.fill("#abc");
    await expect(picker).toHaveValue("#aabbcc");

    const toggle = page.getByRole("switch", { name: "Show Banner" });
    const was = await toggle.getAttribute("aria-checked");
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", was === "true" ? "false" : "true");

    const navbar = page.getByLabel("Navbar Style");
    await expect(navbar.locator("option")).toHaveText([
      "Default",
      "Transparent",
      "Sticky",
      "Centered",
    ]);
    const footer = page.getByLabel("Footer Style");
    await expect(footer.locator("option")).toHaveText(["Default", "Simple", "Expanded", "Minimal"]);
    await expect(page.getByLabel("Banner Image")).toBeVisible();
  });

  test("SEO: hints and live character counts", async ({ page }) => {
    await openSettings(page);
    await page.getByRole("tab", { name: "SEO" }).click();
    const panel = page.getByRole("tabpanel", { name: "SEO" });
    await expect(panel.getByText("Recommended: 50-60 characters")).toBeVisible();
    await expect(panel.getByText("Recommended: 150-160 characters")).toBeVisible();
    await expect(panel.getByText("Recommended size: 1200x630 pixels")).toBeVisible();
    await expect(page.getByLabel("Google Analytics ID")).toHaveAttribute(
      "placeholder",
      "G-XXXXXXXXXX or UA-XXXXXXXX-X",
    );
    await expect(
      page.getByRole("checkbox", { name: "Discourage search engines from indexing this site" }),
    ).toBeVisible();

    await page.getByLabel("Meta Title").fill("Hello world");
    await expect(page.getByTestId("meta-title-count")).toHaveText("11 characters");
    await page.getByLabel("Meta Title").fill("A");
    await expect(page.getByTestId("meta-title-count")).toHaveText("1 character");
    await page.getByLabel("Meta Description").fill("x".repeat(155));
    await expect(page.getByTestId("meta-description-count")).toHaveText("155 characters");
    // The count is part of the field's description.
    await expect(page.getByLabel("Meta Description")).toHaveAccessibleDescription(
      /Recommended: 150-160 characters.*155 characters/,
    );
  });
});

test.describe("site settings: failures", () => {
  test.use({ allowedConsoleErrors: [/status of (400|415|500)/] });

  test("server validation errors show next to the fields", async ({ page }) => {
    const dialogs = collectDialogs(page);
    const token = await adminToken(page);
    const before = (await apiAs(page, token, "GET", "/settings")).body.data;
    await openSettings(page);

    await page.getByLabel("Posts Per Page").fill("99");
    await page.getByRole("button", { name: "Save Settings" }).click();
    const postsError = page.getByText("Posts per page must be between 1 and 50");
    await expect(postsError).toBeVisible();
    await expect(page.getByLabel("Posts Per Page")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Posts Per Page")).toBeFocused();
    expect(dialogs).toEqual([SAVE_FAILED]);
    // Editing the field clears its error.
    await page.getByLabel("Posts Per Page").fill("12");
    await expect(postsError).toBeHidden();

    await page.getByRole("tab", { name: "SEO" }).click();
    await page.getByLabel("Google Analytics ID").fill("not-an-id");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(
      page.getByText("Analytics ID must look like G-XXXXXXX or UA-XXXXX-Y"),
    ).toBeVisible();
    expect(dialogs).toEqual([SAVE_FAILED, SAVE_FAILED]);

    // Nothing was stored.
    const after = (await apiAs(page, token, "GET", "/settings")).body.data;
    expect(after.general.postsPerPage).toBe(before.general.postsPerPage);
    expect(after.seo.googleAnalyticsId).toBe(before.seo.googleAnalyticsId);
  });

  test("a load failure keeps the defaults", async ({ page }) => {
    await page.route("**/api/settings", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "boom" }),
      }),
    );
    await openSettings(page);
    await expect(page.getByLabel("Site Title")).toHaveValue("Company Profile");
    await expect(page.getByLabel("Posts Per Page")).toHaveValue("10");
  });

  test("uploads show a preview; a refused file alerts", async ({ page }) => {
    const dialogs = collectDialogs(page);
    await openSettings(page);
    // A 1x1 PNG.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.getByLabel("Logo", { exact: true }).setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: png,
    });
    const preview = page.getByRole("img", { name: "Logo preview" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /\/uploads\//);
    await page.getByRole("button", { name: "Remove logo" }).click();
    await expect(preview).toHaveCount(0);

    await page.getByLabel("Favicon", { exact: true }).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not an image"),
    });
    await expect(page.getByText(/Only PNG, JPEG/)).toBeVisible();
    expect(dialogs).toEqual(["Failed to upload file. Please try again."]);
  });
});

test.describe("site settings: layout and accessibility", () => {
  test("fits a 375px screen and passes axe in light and dark", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettings(page);
    for (const tab of ["General", "Appearance", "Homepage", "About", "Social Media", "SEO"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tabpanel", { name: tab })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `page width on ${tab}`).toBeLessThanOrEqual(375);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.toggle("dark", t === "dark");
      }, theme);
      for (const tab of ["General", "Appearance", "About", "SEO"]) {
        await page.getByRole("tab", { name: tab }).click();
        expect(await axeViolations(page, { include: "main" }), `${theme} ${tab}`).toEqual([]);
      }
    }
  });
});
