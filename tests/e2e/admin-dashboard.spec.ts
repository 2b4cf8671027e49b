import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, unique } from "./helpers.ts";

test.describe("admin dashboard and layout", () => {
  test("the dashboard shows counts, 4 recent posts and 3 recent messages from the server", async ({
    page,
  }) => {
    const token = await loginAs(page, "admin");
    const subject = unique("Dashboard message");
    await page.request.post("/api/contact", {
      data: { name: "Dash", email: "dash@example.com", subject, message: "Hello dashboard" },
    });
    const { body } = await apiAs(page, token, "GET", "/dashboard");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const total = page.getByText("Total Posts").locator("..");
    await expect(total).toContainText(String(body.data.counts.posts));
    const recent = page.getByRole("region", { name: "Recent Posts" });
    await expect(recent.getByRole("listitem")).toHaveCount(4);
    const first = body.data.recentPosts[0];
    await expect(recent.getByRole("link", { name: first.title })).toHaveAttribute(
      "href",
      `/admin/posts/edit/${first.id}`,
    );
    const messages = page.getByRole("region", { name: "Recent Messages" });
    await expect(messages.getByRole("listitem")).toHaveCount(3);
    await expect(messages).toContainText(subject);
    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page).toHaveURL("/admin/posts/new");
  });

  test("the sidebar shows each role only what it may use", async ({ page, login }) => {
    await login("author");
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Posts" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Media" })).toBeVisible();
    for (const hidden of [
      "Categories",
      "Services",
      "Pages",
      "Gallery",
      "Messages",
      "Settings",
      "Users",
    ]) {
      await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
    }
    await expect(page.getByText("Recent Messages")).toHaveCount(0);
  });

  test("the sidebar collapses on a narrow screen", async ({ page, login }) => {
    await login("editor");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/dashboard");
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await toggle.click();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Services" }),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }),
    ).toHaveCount(0);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Long post titles are cut in the recent lists, not pushing the page sideways.
    const recent = page.getByRole("region", { name: "Recent Posts" });
    await expect(recent.getByRole("listitem").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("logout clears the session and protected pages send you to sign in", async ({
    page,
    login,
  }) => {
    await login("editor");
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.goto("/admin/posts");
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fposts/);
  });

  test("dashboard and media library have no serious accessibility violations in either theme", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    for (const theme of ["light", "dark"]) {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      for (const path of ["/admin/dashboard", "/admin/media"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await axeViolations(page, { seriousOnly: true }), `${path} ${theme}`).toEqual([]);
      }
    }
  });
});

test.describe("media library", () => {
  // Deleting an image in use is a 409 answer, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("uploads, sets alt text, refuses to delete an image in use and deletes an unused one", async ({
    page,
  }) => {
    const token = await loginAs(page, "admin");
    page.on("dialog", (dialog) => dialog.accept());
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { name: "Media Library" })).toBeVisible();

    const color = { r: 20 + Math.floor(Math.random() * 200), g: 90, b: 160 };
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: color } })
      .png()
      .toBuffer();
    const name = `${unique("media")}.png`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: "image/png", buffer: png });
    const card = page.getByRole("listitem").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Not used anywhere");
    await card.getByLabel("Alt text").fill("A blue rectangle");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByRole("listitem").filter({ hasText: name }).getByLabel("Alt text"),
    ).toHaveValue("A blue rectangle");

    // An image used by a gallery item cannot be deleted.
    const { body: items } = await apiAs(page, token, "GET", "/media");
    const used = items.data.find((m: { usedIn: { kind: string }[] }) =>
      m.usedIn.some((u) => u.kind === "gallery"),
    );
    const usedCard = page
      .getByRole("listitem")
      .filter({ has: page.locator(`a[href="${used.url}"]`) });
    await usedCard.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByRole("alert")).toContainText("This image is in use: Gallery image");

    await page
      .getByRole("listitem")
      .filter({ hasText: name })
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  });
});
