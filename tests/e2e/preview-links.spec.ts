import { slugify } from "#common/text.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, unique } from "./helpers.ts";

const BANNER = "Preview — this draft is not public yet.";

test.describe("preview links", () => {
  test("an author shares a draft: the link opens signed out in a fresh browser, and stops once revoked", async ({
    page,
    browser,
  }) => {
    const token = await loginAs(page, "author");
    const title = unique("Draft To Share");
    const created = await apiAs(page, token, "POST", "/blog/posts", {
      title,
      slug: slugify(title),
      excerpt: "Not public yet.",
      content: "<p>The words only reviewers may read.</p>",
      status: "draft",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.data.id as number;

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/admin/posts/${postId}/edit`);
    const card = page.getByRole("region", { name: "Share preview" });
    await expect(card).toBeVisible();
    await expect(card.getByText("No preview links yet.")).toBeVisible();
    await expect(card.getByLabel("Link expires after")).toHaveValue("168");
    await card.getByLabel("Link expires after").selectOption({ label: "1 day" });
    await card.getByRole("button", { name: "Create link" }).click();

    const urlBox = card.getByLabel("Preview link (shown only now: copy it)");
    await expect(urlBox).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const url = await urlBox.inputValue();
    await card.getByRole("button", { name: "Copy" }).click();
    await expect(card.getByText("Link copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const links = card.getByRole("list", { name: "Preview links" }).getByRole("listitem");
    await expect(links).toHaveCount(1);
    await expect(links.first()).toContainText("Active");
    await expect(links.first()).toContainText("Expires");

    // A visitor without an account, in a browser of their own.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    const errors: string[] = [];
    guest.on("pageerror", (error) => errors.push(error.message));
    const response = await guest.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(guest.getByText(BANNER)).toBeVisible();
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(guest.getByText("The words only reviewers may read.")).toBeVisible();
    expect(await guest.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // Revoked in the editor: the same link is the site's 404.
    await links
      .first()
      .getByRole("button", { name: /Revoke/ })
      .click();
    await expect(card.getByText("Preview link revoked.")).toBeVisible();
    await expect(links.first()).toContainText("Revoked");
    // Who made it, not who revoked it: the line says which.
    await expect(links.first()).toContainText(/ · made by \S/);
    await expect(links.first().getByRole("button", { name: /Revoke/ })).toHaveCount(0);
    const gone = await guest.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(guest.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(guest.getByText(BANNER)).toHaveCount(0);
    expect(errors).toEqual([]);
    await visitor.close();
  });

  test("an editor shares a draft company page; a published page offers no link", async ({
    page,
    browser,
  }) => {
    const token = await loginAs(page, "editor");
    const title = unique("Careers Draft");
    const draft = await apiAs(page, token, "POST", "/pages", {
      title,
      slug: slugify(title),
      content: "<p>Roles we will open next month.</p>",
      status: "draft",
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);

    await page.goto(`/admin/pages/${draft.body.data.id}/edit`);
    const card = page.getByRole("region", { name: "Share preview" });
    await card.getByRole("button", { name: "Create link" }).click();
    const urlBox = card.getByLabel("Preview link (shown only now: copy it)");
    await expect(urlBox).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const url = await urlBox.inputValue();
    // The card, with its new link and the list, has no WCAG A/AA violations.
    await expect(card.getByRole("list", { name: "Preview links" })).toBeVisible();
    expect(await axeViolations(page, { include: '[data-testid="share-preview"]' })).toEqual([]);

    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await guest.goto(url);
    await expect(guest.getByText(BANNER)).toBeVisible();
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(guest.getByText("Roles we will open next month.")).toBeVisible();
    await visitor.close();

    const livePage = unique("Live Page");
    const live = await apiAs(page, token, "POST", "/pages", {
      title: livePage,
      slug: slugify(livePage),
      content: "<p>Already public.</p>",
      status: "published",
    });
    await page.goto(`/admin/pages/${live.body.data.id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Page" })).toBeVisible();
    await expect(page.getByLabel("Page Title")).toHaveValue(livePage);
    await expect(page.getByRole("region", { name: "Share preview" })).toHaveCount(0);
  });

  test.describe("failures", () => {
    // The browser reports the failed responses as console errors.
    test.use({ allowedConsoleErrors: [/status of 5\d\d/] });
    test("the card says when the links cannot be listed or a link cannot be made", async ({
      page,
    }) => {
      const token = await loginAs(page, "editor");
      const title = unique("Failing Draft");
      const draft = await apiAs(page, token, "POST", "/blog/posts", {
        title,
        slug: slugify(title),
        excerpt: "Draft.",
        content: "<p>Draft.</p>",
        status: "draft",
      });
      expect(draft.status).toBe(201);
      const links = `**/api/blog/posts/${draft.body.data.id}/preview-links`;
      await page.route(links, (route) =>
        route.request().method() === "GET"
          ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" })
          : route.fallback(),
      );
      await page.goto(`/admin/posts/${draft.body.data.id}/edit`);
      const card = page.getByRole("region", { name: "Share preview" });
      await expect(card.getByText("Failed to load preview links. Please try again.")).toBeVisible();

      await page.unroute(links);
      await page.route(links, (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ success: false, message: "Database unavailable." }),
            })
          : route.fallback(),
      );
      await card.getByRole("button", { name: "Create link" }).click();
      await expect(card.getByRole("alert")).toContainText(
        "Failed to create preview link. Database unavailable.",
      );
      await expect(card.getByLabel("Preview link (shown only now: copy it)")).toHaveCount(0);
    });
  });
});
