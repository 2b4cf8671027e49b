import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, tokenFor, unique } from "./helpers.ts";

/*
 * The menus and the services' order are site-wide: this spec runs with the
 * other global-state specs, and every test puts the menus back through the
 * API in a `finally`.
 */

const SAVED = "Settings saved successfully!";

async function withSavedMenus(page: Page, work: (token: string) => Promise<void>) {
  const { token } = await tokenFor(page, "admin");
  const before = (await apiAs(page, token, "GET", "/settings/navigation")).body.data;
  try {
    await work(token);
  } finally {
    await apiAs(page, token, "PUT", "/settings/navigation", before);
  }
}

async function openMenus(page: Page) {
  await loginAs(page, "admin");
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Menus" }).click();
  await expect(page.getByRole("heading", { name: "Header menu" })).toBeVisible();
}

/**
 * Opens `path` as a visitor until `shown` passes: right after a change the
 * page cache may answer the copy from before once while it renders the new
 * one (stale-while-revalidate, docs/decisions/020). Removals are never stale.
 */
async function openWhenShown(page: Page, path: string, shown: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await shown();
  }).toPass();
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("menus", () => {
  test("an admin adds a custom URL and a service link; both show in the header (wide and mobile) and the footer", async ({
    page,
  }) => {
    await withSavedMenus(page, async () => {
      await openMenus(page);
      const count = await page.getByRole("group", { name: /^Header item \d+$/ }).count();
      expect(count).toBeGreaterThan(0);

      // A custom URL.
      await page.getByRole("button", { name: "Add header item" }).click();
      const careers = page.getByRole("group", { name: `Header item ${count + 1}` });
      await expect(careers.getByLabel("Label")).toBeFocused();
      await careers.getByLabel("Label").fill("Careers");
      await careers.getByLabel("Links to").selectOption("url");
      await careers.getByLabel("URL").fill("/careers");

      // A service, chosen from the list: the label follows the service's title.
      await page.getByRole("button", { name: "Add header item" }).click();
      const service = page.getByRole("group", { name: `Header item ${count + 2}` });
      await service.getByLabel("Links to").selectOption("service");
      await service.getByLabel("Service", { exact: true }).selectOption({ label: "Consulting" });
      await expect(service.getByLabel("Label")).toHaveValue("Consulting");
      await expect(service.getByText("Links to /services/consulting")).toBeVisible();
      await service.getByLabel("Label").fill("Advice");

      // A footer link that opens a new tab.
      const column = page.getByRole("group", { name: "Footer column 1" });
      await column.getByRole("button", { name: /^Add link/ }).click();
      const partner = page.getByRole("group", { name: /^Link \d+ of Quick Links$/ }).last();
      await partner.getByLabel("Label").fill("Partner");
      await partner.getByLabel("Links to").selectOption("url");
      await partner.getByLabel("URL").fill("https://partner.example.com/");
      await partner.getByLabel("Open in a new tab").check();

      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();

      await page.goto("/");
      await expect(mainNav(page).getByRole("link", { name: "Careers" })).toHaveAttribute(
        "href",
        "/careers",
      );
      await expect(mainNav(page).getByRole("link", { name: "Advice" })).toHaveAttribute(
        "href",
        "/services/consulting",
      );
      const quick = page.getByRole("navigation", { name: "Quick links" });
      const link = quick.getByRole("link", { name: "Partner (opens in a new tab)" });
      await expect(link).toHaveAttribute("href", "https://partner.example.com/");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // Our own link works as a link of the site.
      await mainNav(page).getByRole("link", { name: "Advice" }).click();
      await expect(page).toHaveURL(/\/services\/consulting$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consulting");

      // In the mobile menu.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/");
      await expect(mainNav(page).getByRole("link", { name: "Careers" })).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(mainNav(page).getByRole("link", { name: "Careers" })).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Advice" })).toBeVisible();
    });
  });

  test("a company page is linked from a header item chosen in the admin, and listed in the sitemap", async ({
    page,
  }) => {
    await withSavedMenus(page, async (token) => {
      const slug = unique("our-jobs");
      const created = await apiAs(page, token, "POST", "/pages", {
        title: "Work With Us",
        slug,
        content: "<p>We are hiring engineers and designers.</p>",
        status: "published",
      });
      expect(created.status).toBe(201);
      try {
        await openMenus(page);
        const count = await page.getByRole("group", { name: /^Header item \d+$/ }).count();
        await page.getByRole("button", { name: "Add header item" }).click();
        const item = page.getByRole("group", { name: `Header item ${count + 1}` });
        await item.getByLabel("Links to").selectOption("page");
        await item.getByLabel("Page", { exact: true }).selectOption({ label: "Work With Us" });
        await expect(item.getByLabel("Label")).toHaveValue("Work With Us");
        await expect(item.getByText(`Links to /${slug}`)).toBeVisible();
        await item.getByLabel("Label").fill("Jobs");
        await page.getByRole("button", { name: "Save Settings" }).click();
        await expect(page.getByText(SAVED)).toBeVisible();

        await page.goto("/");
        await mainNav(page).getByRole("link", { name: "Jobs" }).click();
        await expect(page).toHaveURL(new RegExp(`/${slug}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work With Us");
        await expect(page.getByText("We are hiring engineers and designers.")).toBeVisible();
        const sitemap = await (await page.request.get("/sitemap.xml")).text();
        expect(sitemap).toContain(`/${slug}</loc>`);
      } finally {
        await apiAs(page, token, "DELETE", `/pages/${created.body.data.id}`);
      }
    });
  });

  test("a dropdown opens and closes with the keyboard, wide and inside the mobile menu", async ({
    page,
  }) => {
    await withSavedMenus(page, async (token) => {
      const saved = await apiAs(page, token, "PUT", "/settings/navigation", {
        header: [
          { label: "Home", url: "/" },
          {
            label: "Company",
            target: { type: "route", route: "about" },
            children: [
              { label: "Our story", url: "/about" },
              { label: "Write to us", target: { type: "route", route: "contact" } },
            ],
          },
        ],
      });
      expect(saved.status).toBe(200);
      await page.goto("/");
      const toggle = mainNav(page).getByRole("button", { name: "Company submenu" });
      const story = mainNav(page).getByRole("link", { name: "Our story" });
      await expect(
        mainNav(page).getByRole("link", { name: "Company", exact: true }),
      ).toHaveAttribute("href", "/about");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(story).toBeHidden();

      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(story).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(story).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(story).toBeHidden();
      await expect(toggle).toBeFocused();
      // Space opens it too; a click elsewhere closes it.
      await page.keyboard.press("Space");
      await expect(story).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(story).toBeHidden();
      // Tabbing past its links closes it.
      await toggle.focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(mainNav(page).getByRole("link", { name: "Write to us" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(story).toBeHidden();

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(toggle).toBeVisible();
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(story).toBeVisible();
      await story.click();
      await expect(page).toHaveURL(/\/about$/);
    });
  });

  test("unticking Show the Admin button hides it", async ({ page }) => {
    await withSavedMenus(page, async () => {
      await page.goto("/");
      await expect(mainNav(page).getByRole("link", { name: "Admin" })).toBeVisible();
      await openMenus(page);
      const box = page.getByLabel("Show the Admin button in the header");
      await expect(box).toBeChecked();
      await box.uncheck();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();
      await page.goto("/");
      await expect(mainNav(page).getByRole("link", { name: "Home" })).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    });
  });

  test("a link to deleted content shows as broken in the editor and is left out of the site", async ({
    page,
  }) => {
    await withSavedMenus(page, async (token) => {
      const slug = unique("gone");
      const created = await apiAs(page, token, "POST", "/services", {
        title: "Soon Gone",
        slug,
        description: "Leaves shortly.",
      });
      const id = created.body.data.id;
      const saved = await apiAs(page, token, "PUT", "/settings/navigation", {
        header: [
          { label: "Home", url: "/" },
          { label: "Soon Gone", target: { type: "service", id } },
        ],
      });
      expect(saved.status).toBe(200);
      await openWhenShown(page, "/", () =>
        expect(mainNav(page).getByRole("link", { name: "Soon Gone" })).toBeVisible({
          timeout: 1000,
        }),
      );
      expect((await apiAs(page, token, "DELETE", `/services/${id}`)).status).toBe(200);
      await page.goto("/");
      await expect(mainNav(page).getByRole("link", { name: "Home" })).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Soon Gone" })).toHaveCount(0);

      await openMenus(page);
      const item = page.getByRole("group", { name: "Header item 2" });
      await expect(item.getByText(/Broken link: this service no longer exists/)).toBeVisible();
      await item.getByRole("button", { name: "Remove Soon Gone" }).click();
      await expect(page.getByRole("group", { name: "Header item 2" })).toHaveCount(0);
      // The focus goes to the item before it.
      await expect(
        page.getByRole("group", { name: "Header item 1" }).getByLabel("Label"),
      ).toBeFocused();
    });
  });

  test.describe("refusals", () => {
    test.use({ allowedConsoleErrors: [/status of 400/] });
    test("a server refusal shows at the field it names", async ({ page }) => {
      await withSavedMenus(page, async () => {
        page.on("dialog", (dialog) => void dialog.accept());
        await openMenus(page);
        await page.getByRole("button", { name: "Add header item" }).click();
        const item = page.getByRole("group", { name: /^Header item \d+$/ }).last();
        await item.getByLabel("Label").fill("Bad");
        await item.getByLabel("Links to").selectOption("url");
        await item.getByLabel("URL").fill("javascript:alert(1)");
        await page.getByRole("button", { name: "Save Settings" }).click();
        const url = item.getByLabel("URL");
        await expect(url).toHaveAttribute("aria-invalid", "true");
        await expect(
          item.getByText("URL must be a path of this site starting with / or an http(s) URL"),
        ).toBeVisible();
        await expect(url).toBeFocused();
      });
    });
  });
});

test.describe("footer services", () => {
  test("a new service appears in the footer, moves with the admin's order, and leaves no link once deleted", async ({
    page,
  }) => {
    const { token } = await tokenFor(page, "admin");
    const order = (await apiAs(page, token, "GET", "/services")).body.data.map((s: any) => s.id);
    const slug = unique("svc");
    const title = `Footer ${slug}`;
    const created = await apiAs(page, token, "POST", "/services", {
      title,
      slug,
      description: "Shows in the footer.",
    });
    const id = created.body.data.id;
    const services = page.getByRole("navigation", { name: "Services" });
    const names = async () => services.getByRole("link").allTextContents();
    try {
      // Other specs may have left services behind: the new one goes sixth, the
      // last place the footer shows (a new service on a fresh site is the sixth).
      await apiAs(page, token, "PUT", "/services/reorder", { ids: [...order.slice(0, 5), id] });
      await openWhenShown(page, "/about", () =>
        expect(services.getByRole("link", { name: title })).toHaveAttribute(
          "href",
          `/services/${slug}`,
          { timeout: 1000 },
        ),
      );
      const before = await names();
      expect(before.indexOf(title)).toBe(5);

      // Up one place in the admin: up one place in the footer.
      await loginAs(page, "admin");
      await page.goto("/admin/services");
      const up = page.getByRole("button", { name: `Move ${title} up` });
      await up.click();
      await expect(page.getByText(`${title} moved to position 5 of`)).toBeAttached();
      await expect(up).toBeFocused();
      await page.goto("/about");
      const after = await names();
      expect(after.indexOf(title)).toBe(4);
      expect(after[5]).toBe(before[4]);
    } finally {
      await apiAs(page, token, "DELETE", `/services/${id}`);
      await apiAs(page, token, "PUT", "/services/reorder", { ids: order });
    }
    await page.goto("/about");
    await expect(services.getByRole("link").first()).toBeVisible();
    await expect(page.locator(`a[href="/services/${slug}"]`)).toHaveCount(0);
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

test.describe("menus: accessibility", () => {
  test("the Menus tab fits a 375px screen and passes axe in light and dark", async ({ page }) => {
    await withSavedMenus(page, async (token) => {
      const { body } = await apiAs(page, token, "GET", "/services");
      await apiAs(page, token, "PUT", "/settings/navigation", {
        header: [
          { label: "Home", url: "/" },
          {
            label: "Services",
            target: { type: "route", route: "services" },
            children: [
              { label: body.data[0].title, target: { type: "service", id: body.data[0].id } },
            ],
          },
        ],
      });
      await page.setViewportSize({ width: 375, height: 800 });
      await openMenus(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => {
          document.documentElement.classList.toggle("dark", t === "dark");
        }, theme);
        expect(await axeViolations(page, { include: "main" }), theme).toEqual([]);
      }
      // The public header with its dropdown open, in both themes.
      for (const theme of ["light", "dark"] as const) {
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await page.goto("/");
        await mainNav(page).getByRole("button", { name: "Services submenu" }).click();
        expect(await axeViolations(page, { include: "header" }), `header ${theme}`).toEqual([]);
      }
    });
  });
});
