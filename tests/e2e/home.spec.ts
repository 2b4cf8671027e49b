import { expect, test } from "./fixtures.ts";

test.describe("not found", () => {
  // The browser reports the 404 document itself as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("unknown pages show Page Not Found with a link home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("home page", () => {
  test("shows the hero, services, latest posts and call to action", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Home | Company Profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Our Company");
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Web Development" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest Blog Posts" })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="blog-title"] article')).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Ready to work with us?" })).toBeVisible();
    await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
  });

  test("the menu collapses below the md breakpoint and opens with aria-expanded", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Blog" })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(nav.getByRole("link", { name: "Blog" })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Blog" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("the theme choice persists across reloads without a flash", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Switch to dark theme" })
      .click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });
});
