import type { Page } from "@playwright/test";
import { slugify } from "#common/text.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, unique } from "./helpers.ts";

type ApiPage = { id: number; title: string; slug: string; content: string; status: string };

const rows = (page: Page) => page.getByRole("region", { name: "Pages table" }).locator("tbody tr");

async function findPage(page: Page, token: string, slug: string): Promise<ApiPage> {
  const { body } = await apiAs(page, token, "GET", `/pages?search=${slug}&limit=100`);
  const found = (body.data.pages as ApiPage[]).find((p) => p.slug === slug);
  if (!found) throw new Error(`no page ${slug}`);
  const full = await apiAs(page, token, "GET", `/pages/${found.id}`);
  return full.body.data as ApiPage;
}

test.describe("admin pages", () => {
  test.describe("publishing", () => {
    // Moved back to draft, the page's address answers the site's 404 (a document the browser reports).
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test("an editor creates a page, publishes it, and it is served at its slug", async ({
      page,
    }) => {
      const token = await loginAs(page, "editor");
      const title = unique("Careers In UI");
      const slug = slugify(title);
      await page.goto("/admin/dashboard");
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Pages" })
        .click();
      await expect(page).toHaveURL("/admin/pages");
      await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
      await page.getByRole("link", { name: "New Page" }).click();
      await expect(page).toHaveURL("/admin/pages/new");
      await expect(page.getByRole("heading", { level: 1, name: "Create Page" })).toBeVisible();

      // The slug follows the title until it is edited.
      await page.getByLabel("Page Title").fill(title);
      await expect(page.getByLabel("Slug")).toHaveValue(slug);
      await expect(page.getByText(`/${slug}`, { exact: true })).toBeVisible();

      const editor = page.getByRole("textbox", { name: "Content" });
      await editor.click();
      await page.keyboard.type("We are hiring. ");
      await page.getByRole("button", { name: "Bold" }).click();
      await page.keyboard.type("Join the team");
      await page.getByRole("button", { name: "HTML Editor" }).click();
      const html = page.getByRole("textbox", { name: "Content" });
      await expect(html).toHaveValue(/<strong>Join the team<\/strong>/);
      await html.fill(`${await html.inputValue()}<h2>Open roles</h2><p>Engineers</p>`);
      await page.getByRole("button", { name: "Rich Text Editor" }).click();
      await expect(editor.locator("h2")).toHaveText("Open roles");

      await page.getByLabel("Status").selectOption("published");
      await expect(page.getByRole("switch", { name: "Hide from search engines" })).toHaveAttribute(
        "aria-checked",
        "false",
      );
      await page.getByLabel("Meta Description").fill("Work with us.");
      await expect(page.getByText("13 characters (150-160 recommended).")).toBeVisible();

      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("article", { name: "Preview" });
      await expect(preview.getByRole("heading", { name: title })).toBeVisible();
      await expect(preview.locator("strong")).toHaveText("Join the team");
      await page.getByRole("button", { name: "Edit Mode" }).click();

      await page.getByRole("button", { name: "Create Page" }).click();
      await expect(page).toHaveURL("/admin/pages");
      await expect(page.getByText("Page created successfully!")).toBeVisible();
      await page.getByPlaceholder("Search pages...").fill(slug);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page)).toContainText(title);
      await expect(rows(page)).toContainText(`/${slug}`);
      await expect(rows(page)).toContainText("published");
      await expect(rows(page).getByRole("link", { name: "View" })).toHaveAttribute(
        "href",
        `/${slug}`,
      );

      await page.goto(`/${slug}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.locator(".prose-content strong")).toHaveText("Join the team");
      await expect(page.locator(".prose-content h2")).toHaveText("Open roles");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        "Work with us.",
      );
      const sitemap = await (await page.request.get("/sitemap.xml")).text();
      expect(sitemap).toContain(`/${slug}</loc>`);

      // Moved to draft from the list: the address is the site's 404 again.
      await page.goto(`/admin/pages?search=${slug}`);
      await page.getByRole("checkbox", { name: `Select ${title}` }).check();
      await expect(page.getByText("1 page(s) selected")).toBeVisible();
      await page.getByRole("button", { name: "Move to Draft" }).click();
      await expect(page.getByText("1 page(s) moved to draft.")).toBeVisible();
      await expect(rows(page)).toContainText("draft");
      const gone = await page.goto(`/${slug}`);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

      const saved = await findPage(page, token, slug);
      expect(saved.status).toBe("draft");
    });
  });

  test("/terms and /privacy show the text edited in the admin", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const terms = await findPage(page, token, "terms");
    const privacy = await findPage(page, token, "privacy");
    const termsText = unique("Our own terms");
    const privacyText = unique("Our own privacy policy");
    try {
      await page.goto("/admin/pages?search=terms");
      await page.getByRole("link", { name: "Terms and Conditions" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit Page" })).toBeVisible();
      await expect(page.getByLabel("Page Title")).toHaveValue("Terms and Conditions");
      await page.getByRole("button", { name: "HTML Editor" }).click();
      await page.getByRole("textbox", { name: "Content" }).fill(`<p>${termsText}</p>`);
      await page.getByRole("button", { name: "Update Page" }).click();
      await expect(page).toHaveURL(/\/admin\/pages/);
      await expect(page.getByText("Page updated successfully!")).toBeVisible();

      await page.goto(`/admin/pages/${privacy.id}/edit`);
      const editor = page.getByRole("textbox", { name: "Content" });
      await editor.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.press("Enter");
      await page.keyboard.type(privacyText);
      await page.getByRole("button", { name: "Update Page" }).click();
      await expect(page.getByText("Page updated successfully!")).toBeVisible();

      await page.goto("/terms");
      await expect(
        page.getByRole("heading", { level: 1, name: "Terms and Conditions" }),
      ).toBeVisible();
      await expect(page.getByText(termsText)).toBeVisible();
      await expect(page.getByText("starter text")).toHaveCount(0);
      await page.goto("/privacy");
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      await expect(page.getByText(privacyText)).toBeVisible();
    } finally {
      // Leave the starter text for the other specs.
      await apiAs(page, token, "PUT", `/pages/${terms.id}`, { content: terms.content });
      await apiAs(page, token, "PUT", `/pages/${privacy.id}`, { content: privacy.content });
    }
  });

  test("the register page's terms link opens the Terms page, and its note the Privacy page", async ({
    page,
  }) => {
    await page.goto("/register");
    await page.getByRole("link", { name: "terms and conditions" }).click();
    await expect(page).toHaveURL("/terms");
    await expect(
      page.getByRole("heading", { level: 1, name: "Terms and Conditions" }),
    ).toBeVisible();
    await page.goto("/register");
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });

  test.describe("the form", () => {
    // The taken slug is the server's 409, which the browser reports.
    test.use({ allowedConsoleErrors: [/status of 409/] });
    test("the form names what is wrong, refuses the site's own addresses and asks before leaving", async ({
      page,
    }) => {
      await loginAs(page, "editor");
      await page.goto("/admin/pages/new");
      await page.getByRole("button", { name: "Create Page" }).click();
      await expect(page.getByText("Title is required")).toBeVisible();
      await expect(page.getByText("Slug is required")).toBeVisible();
      await expect(page.getByText("Content is required")).toBeVisible();
      await expect(page.getByLabel("Page Title")).toBeFocused();

      await page.getByLabel("Page Title").fill("Admin");
      await expect(page.getByText("Title is required")).toHaveCount(0);
      await page.getByRole("textbox", { name: "Content" }).click();
      await page.keyboard.type("Not our admin area.");
      await page.getByRole("button", { name: "Create Page" }).click();
      await expect(
        page.getByText("Slug is an address the site uses itself; choose another"),
      ).toBeVisible();

      // A slug another page has: the server's 409 is shown next to the slug.
      await page.getByLabel("Slug").fill("terms");
      await page.getByRole("button", { name: "Create Page" }).click();
      await expect(
        page.getByText("Failed to save page: A page with this slug already exists"),
      ).toBeVisible();
      await expect(page.locator("#field-slug-error")).toHaveText(
        "A page with this slug already exists",
      );

      // Unsaved changes: leaving asks first.
      // (The click may return before the dialog comes: wait for it, as the posts spec does.)
      const asked: string[] = [];
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page?"]);
      await expect(page).toHaveURL("/admin/pages/new");
    });
  });

  test.describe("failures and empty lists", () => {
    // The failed responses below are reported by the browser.
    test.use({ allowedConsoleErrors: [/status of \d{3}/] });
    const NOT_JSON = {
      status: 502,
      contentType: "text/html",
      body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
    };

    test("the list, the editor's load and its save say what went wrong", async ({ page }) => {
      await loginAs(page, "editor");
      await page.route(/\/api\/pages\?/, (route) => route.fulfill(NOT_JSON));
      await page.goto("/admin/pages");
      await expect(page.getByRole("alert")).toContainText(
        "Failed to load pages. Please try again.",
      );
      await page.unroute(/\/api\/pages\?/);
      await page.getByRole("button", { name: "Try Again" }).click();
      await expect(rows(page).first()).toBeVisible();

      await page.getByPlaceholder("Search pages...").fill(unique("nothing-like-this"));
      await expect(
        page.getByText(
          "No pages found matching your criteria. Try adjusting your filters or create a new page.",
        ),
      ).toBeVisible();

      await page.goto("/admin/pages/987654/edit");
      await expect(page.getByText("Page with ID 987654 not found.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Pages" })).toHaveAttribute(
        "href",
        "/admin/pages",
      );

      await page.goto("/admin/pages/new");
      await page.getByLabel("Page Title").fill(unique("Will Not Save"));
      await page.getByRole("textbox", { name: "Content" }).click();
      await page.keyboard.type("Some text.");
      await page.route(/\/api\/pages$/, (route) => route.fulfill(NOT_JSON));
      await page.getByRole("button", { name: "Create Page" }).click();
      await expect(page.getByText("Failed to save page: Please try again.")).toBeVisible();
      await expect(page).toHaveURL("/admin/pages/new");
      await expect(page.getByRole("button", { name: "Create Page" })).toBeEnabled();
    });
  });

  test("an author neither sees nor opens the pages screens", async ({ page }) => {
    await loginAs(page, "author");
    await page.goto("/admin/pages");
    await expect(page).toHaveURL(/\/unauthorized$/);
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Posts" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pages" })).toHaveCount(0);
  });

  test("list, editor and a page have no WCAG A/AA violations in light and dark", async ({
    page,
  }) => {
    const token = await loginAs(page, "admin");
    const terms = await findPage(page, token, "terms");
    for (const theme of ["light", "dark"]) {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await page.goto("/admin/pages");
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(rows(page).first()).toBeVisible();
      await page.getByRole("checkbox", { name: "Select all pages on this page" }).check();
      expect(await axeViolations(page), `${theme} list`).toEqual([]);

      await page.goto("/admin/pages/new");
      await page.getByRole("button", { name: "Create Page" }).click();
      await expect(page.getByText("Title is required")).toBeVisible();
      expect(await axeViolations(page), `${theme} new page`).toEqual([]);

      await page.goto(`/admin/pages/${terms.id}/edit`);
      await expect(page.getByLabel("Page Title")).toHaveValue("Terms and Conditions");
      expect(await axeViolations(page), `${theme} edit page`).toEqual([]);

      await page.goto("/privacy");
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      expect(await axeViolations(page), `${theme} /privacy`).toEqual([]);
    }
  });
});
