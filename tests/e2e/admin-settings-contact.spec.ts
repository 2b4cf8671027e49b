import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, tokenFor } from "./helpers.ts";

/*
 * Contact details are site-wide: this spec runs with the other global-state
 * specs and puts every section it changes back in a `finally`.
 */

const SAVED = "Settings saved successfully!";

async function withSaved(page: Page, sections: string[], work: (token: string) => Promise<void>) {
  const { token } = await tokenFor(page, "admin");
  const before = await Promise.all(
    sections.map(async (s) => (await apiAs(page, token, "GET", `/settings/${s}`)).body.data),
  );
  try {
    await work(token);
  } finally {
    for (const [i, section] of sections.entries()) {
      await apiAs(page, token, "PUT", `/settings/${section}`, before[i]);
    }
  }
}

/**
 * /contact as a visitor sees it, in a browser context of its own (no signed-in
 * staff): the sandbox has no internet, so OpenStreetMap's embed is answered by
 * a stand-in page. Its console errors (a frame the policy refused would log
 * one) are collected for the test to check.
 */
async function visitContact(browser: Browser, theme: "light" | "dark" = "light") {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const errors: string[] = [];
  visitor.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  visitor.on("pageerror", (e) => errors.push(e.message));
  await visitor.addInitScript((t) => {
    try {
      localStorage.setItem("theme", t);
    } catch {
      // The stand-in map's frame has no storage.
    }
  }, theme);
  await visitor.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><html lang=en><title>Map</title><p>A map</p></html>",
    }),
  );
  // Right after a change the page cache may answer the page from before once
  // (marked STALE) while it renders the new one (docs/decisions/020): a visitor
  // who comes back a moment later sees the new page, as this one does.
  let response = await visitor.goto("/contact");
  for (let i = 0; i < 50 && response?.headers()["x-cache"] === "STALE"; i++) {
    await visitor.waitForTimeout(100);
    errors.length = 0;
    response = await visitor.goto("/contact");
  }
  return { visitor, response, errors, close: () => context.close() };
}

test.describe("contact details", () => {
  test("opening hours, the introduction and a map set in the admin appear on /contact", async ({
    page,
    browser,
  }) => {
    await withSaved(page, ["contact"], async (token) => {
      // Start from a week without hours.
      await apiAs(page, token, "PUT", "/settings/contact", {
        openingHours: {
          monday: [],
          tuesday: [],
          wednesday: [],
          thursday: [],
          friday: [],
          saturday: [],
          sunday: [],
        },
        map: "off",
      });
      await loginAs(page, "admin");
      await page.goto("/admin/settings");
      await page.getByRole("tab", { name: "Contact", exact: true }).click();
      const panel = page.getByRole("tabpanel", { name: "Contact" });
      await panel
        .getByLabel("Contact page introduction")
        .fill("Call us or drop by.\n\nWe answer within a day.");

      const monday = panel.getByRole("group", { name: "Monday" });
      await expect(monday.getByText("Closed")).toBeVisible();
      await monday.getByRole("button", { name: "Add opening period on Monday" }).click();
      await expect(monday.getByLabel("Opens on Monday, period 1")).toBeFocused();
      await monday.getByLabel("Opens on Monday, period 1").fill("08:30");
      await monday.getByLabel("Closes on Monday, period 1").fill("16:30");
      await monday.getByRole("button", { name: "Copy Monday to Tuesday–Friday" }).click();
      await expect(
        panel.getByRole("group", { name: "Friday" }).getByLabel("Opens on Friday, period 1"),
      ).toHaveValue("08:30");

      await panel.getByLabel("Map on the contact page").selectOption("coordinates");
      await panel.getByLabel("Latitude").fill("-6.175392");
      await panel.getByLabel("Longitude").fill("106.827153");
      await expect(
        panel.getByRole("link", { name: /Check the map on OpenStreetMap/ }),
      ).toHaveAttribute("href", /mlat=-6\.175392&mlon=106\.827153/);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();

      const { visitor, response, errors, close } = await visitContact(browser);
      try {
        expect(response?.headers()["content-security-policy"]).toContain(
          "frame-src https://www.openstreetmap.org;",
        );
        const main = visitor.getByRole("main");
        await expect(main.getByText("Call us or drop by.")).toBeVisible();
        await expect(main.getByText("We answer within a day.")).toBeVisible();
        await expect(main.getByRole("heading", { name: "Opening Hours" })).toBeVisible();
        await expect(main.getByRole("term")).toHaveText([
          "Monday",
          "Tuesday",
          "Wednesday",
          "Thursday",
          "Friday",
          "Saturday",
          "Sunday",
        ]);
        await expect(main.getByRole("definition")).toHaveText([
          "08:30–16:30",
          "08:30–16:30",
          "08:30–16:30",
          "08:30–16:30",
          "08:30–16:30",
          "Closed",
          "Closed",
        ]);
        const map = main.locator("iframe");
        await expect(map).toHaveAttribute("title", /^Map: /);
        await expect(map).toHaveAttribute("loading", "lazy");
        await expect(map).toHaveAttribute("src", /openstreetmap\.org\/export\/embed\.html\?bbox=/);
        // The framed page loaded: the policy allowed it (a refusal logs an error).
        await expect(visitor.frameLocator("iframe").getByText("A map")).toBeVisible();
        await expect(
          main.getByRole("link", { name: "View on OpenStreetMap (opens in a new tab)" }),
        ).toHaveAttribute("target", "_blank");
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  test("with the map off, the contact page frames nothing and links to OpenStreetMap", async ({
    page,
  }) => {
    await withSaved(page, ["contact"], async (token) => {
      await apiAs(page, token, "PUT", "/settings/contact", { map: "off" });
      const response = await page.goto("/contact");
      expect(response?.headers()["content-security-policy"]).toContain("frame-src 'none'");
      await expect(page.locator("iframe")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Open in OpenStreetMap" })).toBeVisible();
    });
  });

  test.describe("refusals", () => {
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test("a closing time before the opening time is refused at its field", async ({ page }) => {
      await withSaved(page, ["contact"], async () => {
        page.on("dialog", (dialog) => void dialog.accept());
        await loginAs(page, "admin");
        await page.goto("/admin/settings");
        await page.getByRole("tab", { name: "Contact", exact: true }).click();
        const sunday = page.getByRole("group", { name: "Sunday" });
        await sunday.getByRole("button", { name: "Add opening period on Sunday" }).click();
        await sunday.getByLabel("Opens on Sunday, period 1").fill("15:00");
        await sunday.getByLabel("Closes on Sunday, period 1").fill("11:00");
        await page.getByRole("button", { name: "Save Settings" }).click();
        const closes = sunday.getByLabel("Closes on Sunday, period 1");
        await expect(closes).toHaveAttribute("aria-invalid", "true");
        await expect(
          sunday.getByText("Closing time must be later than the opening time"),
        ).toBeVisible();
      });
    });
  });
});

test.describe("contact e-mail notice", () => {
  test("admins and editors are told that contact messages reach nobody until an address is set", async ({
    page,
  }) => {
    await withSaved(page, ["general"], async (token) => {
      await apiAs(page, token, "PUT", "/settings/general", {
        contactEmail: "",
        notificationEmails: "",
      });
      await loginAs(page, "admin");
      await page.goto("/admin/dashboard");
      const notice = page.getByRole("note");
      await expect(notice).toContainText(
        "Contact messages are not e-mailed to anyone: set a contact e-mail in Site Settings → General.",
      );
      await notice.getByRole("link", { name: "Site Settings → General" }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await expect(page.getByLabel("Contact Email")).toBeVisible();
      await page.goto("/admin/messages");
      await expect(page.getByRole("note")).toContainText(
        "Contact messages are not e-mailed to anyone",
      );

      await apiAs(page, token, "PUT", "/settings/general", { contactEmail: "office@example.com" });
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await expect(page.getByText("Total Posts")).toBeVisible();
      await expect(page.getByRole("note")).toHaveCount(0);
      await page.goto("/admin/messages");
      await expect(page.getByRole("list", { name: "Messages" })).toBeVisible();
      await expect(page.getByRole("note")).toHaveCount(0);
    });
  });

  test("an editor is asked to tell an administrator", async ({ page }) => {
    await withSaved(page, ["general"], async (token) => {
      await apiAs(page, token, "PUT", "/settings/general", {
        contactEmail: "",
        notificationEmails: "",
      });
      await loginAs(page, "editor");
      await page.goto("/admin/messages");
      await expect(page.getByRole("note")).toHaveText(
        "Contact messages are not e-mailed to anyone: ask an administrator to set a contact e-mail in Site Settings → General.",
      );
    });
  });
});

test.describe("contact details: accessibility", () => {
  test("the Contact tab fits 375px, and it and the contact page with its map pass axe in light and dark", async ({
    page,
    browser,
  }) => {
    await withSaved(page, ["contact"], async (token) => {
      await apiAs(page, token, "PUT", "/settings/contact", {
        map: "coordinates",
        latitude: 51.5007,
        longitude: -0.1246,
        openingHours: {
          monday: [{ opens: "09:00", closes: "17:00" }],
          tuesday: [],
          wednesday: [],
          thursday: [],
          friday: [],
          saturday: [],
          sunday: [],
        },
      });
      await loginAs(page, "admin");
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/admin/settings");
      await page.getByRole("tab", { name: "Contact", exact: true }).click();
      await expect(page.getByLabel("Latitude")).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => {
          document.documentElement.classList.toggle("dark", t === "dark");
        }, theme);
        expect(await axeViolations(page, { include: "main" }), `Contact tab ${theme}`).toEqual([]);
      }
      for (const theme of ["light", "dark"] as const) {
        const { visitor, errors, close } = await visitContact(browser, theme);
        try {
          await expect(visitor.locator("html")).toHaveClass(
            theme === "dark" ? /dark/ : /^(?!.*dark)/,
          );
          await expect(visitor.frameLocator("iframe").getByText("A map")).toBeVisible();
          expect(
            await axeViolations(visitor, { exclude: "iframe", seriousOnly: true }),
            `/contact ${theme}`,
          ).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      }
    });
  });
});
