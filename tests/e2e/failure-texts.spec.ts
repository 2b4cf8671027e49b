import type { Locator, Page } from "@playwright/test";
import { slugify } from "#common/text.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, loginAs, unique } from "./helpers.ts";

/*
 * The spec's failure texts (section 8) when the server answers without a
 * message: an empty JSON object, or a body that is not JSON at all (a proxy's
 * error page). A message from the server, when there is one, is still shown
 * where the screen shows a reason.
 */

type Answer = { status: number; contentType: string; body: string };
const NO_MESSAGE: Answer = { status: 500, contentType: "application/json", body: "{}" };
const NOT_JSON: Answer = {
  status: 502,
  contentType: "text/html",
  body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
};
const withMessage = (message: string, status = 500): Answer => ({
  status,
  contentType: "application/json",
  body: JSON.stringify({ success: false, message }),
});

/** Answers the calls to `url` (only those with `method`, when given) with `answer`. */
async function fail(page: Page, url: string | RegExp, answer: Answer, method?: string) {
  await page.unroute(url);
  await page.route(url, (route) =>
    method && route.request().method() !== method ? route.fallback() : route.fulfill(answer),
  );
}

/** Accepts every window.alert/confirm and keeps the alerts' texts. */
function collectAlerts(page: Page) {
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    if (dialog.type() === "alert") alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

/** The alert says exactly `text` (a dismissable one also holds its × button). */
async function says(alert: Locator, text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(alert).toHaveText(new RegExp(`^${escaped}×?$`));
}

/** A 1x1 PNG. */
const PNG = {
  name: "pixel.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
};

// The browser reports the failed responses (and a missing picture) as console errors.
test.use({ allowedConsoleErrors: [/status of \d{3}/] });

test.describe("admin posts", () => {
  async function createPost(page: Page, token: string) {
    const title = unique("Failure texts");
    const { status, body } = await apiAs(page, token, "POST", "/blog/posts", {
      title,
      slug: slugify(title),
      excerpt: `Excerpt of ${title}`,
      content: `<p>Body of ${title}</p>`,
      status: "draft",
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return { id: body.data.id as number, title };
  }

  test("the list: load, delete and bulk actions", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const { title } = await createPost(page, token);
    const list = /\/api\/blog\/posts\?/;
    const alert = page.getByRole("alert");

    await fail(page, list, NO_MESSAGE);
    await page.goto(`/admin/posts?search=${encodeURIComponent(title)}`);
    await expect(alert).toContainText("Failed to load posts. Please try again.");
    await fail(page, list, NOT_JSON);
    await page.reload();
    await expect(alert).toContainText("Failed to load posts. Please try again.");
    await page.unroute(list);
    await page.getByRole("button", { name: "Try Again" }).click();
    const rows = page.getByRole("region", { name: "Posts table" }).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    collectAlerts(page);

    // Each text differs from the one before, so no assertion passes on the last one.
    const one = /\/api\/blog\/posts\/\d+$/;
    const deleteButton = rows.getByRole("button", { name: "Delete", exact: true });
    await fail(page, one, NO_MESSAGE, "DELETE");
    await deleteButton.click();
    await says(alert, "Failed to delete post: Unknown error.");
    // The server's message is the reason when it gives one.
    await fail(page, one, withMessage("Database unavailable."), "DELETE");
    await deleteButton.click();
    await says(alert, "Failed to delete post: Database unavailable.");
    await fail(page, one, NOT_JSON, "DELETE");
    await deleteButton.click();
    await says(alert, "Failed to delete post: Unknown error.");

    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await fail(page, "**/api/blog/posts/bulk", NO_MESSAGE);
    await page.getByRole("checkbox", { name: "Select all posts on this page" }).check();
    await bulk.getByRole("button", { name: "Delete" }).click();
    await says(alert, "Failed to delete 1 posts. Please try again.");
    await bulk.getByRole("button", { name: "Publish" }).click();
    await says(alert, "Failed to publish 1 post(s). Please try again.");
    await fail(page, "**/api/blog/posts/bulk", withMessage("Database unavailable."));
    await bulk.getByRole("button", { name: "Publish" }).click();
    await says(alert, "Failed to publish 1 post(s): Database unavailable. Please try again.");
    await fail(page, "**/api/blog/posts/bulk", NOT_JSON);
    await bulk.getByRole("button", { name: "Move to Draft" }).click();
    await says(alert, "Failed to move to draft 1 post(s). Please try again.");
    await expect(rows).toHaveCount(1);
  });

  test("the editor's load failure names the status, the server's reason or a 404", async ({
    page,
  }) => {
    const token = await loginAs(page, "admin");
    const { id } = await createPost(page, token);
    const load = "**/api/blog/posts/id/*";
    const alert = page.getByRole("alert");

    await fail(page, load, NO_MESSAGE);
    await page.goto(`/admin/posts/${id}/edit`);
    await expect(alert).toHaveText("Failed to load post. Server responded with status 500.");
    await fail(page, load, NOT_JSON);
    await page.reload();
    await expect(alert).toHaveText("Failed to load post. Server responded with status 502.");
    await fail(page, load, withMessage("Database unavailable."));
    await page.reload();
    await expect(alert).toHaveText("Failed to load post. Database unavailable.");
    await fail(page, load, { ...NO_MESSAGE, status: 404 });
    await page.reload();
    await expect(alert).toHaveText(`Post with ID ${id} not found.`);
    await expect(page.getByRole("link", { name: "Back to Posts" })).toBeVisible();
  });

  test("the editor's save and image upload", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const { id, title } = await createPost(page, token);
    await page.goto(`/admin/posts/${id}/edit`);
    await expect(page.getByLabel("Post Title")).toHaveValue(title);
    const save = page.getByRole("button", { name: "Update Post" });
    const alert = page.getByRole("alert");

    const put = `**/api/blog/posts/${id}`;
    await fail(page, put, NO_MESSAGE, "PUT");
    await save.click();
    await says(alert, "Failed to save post: Please try again.");
    await fail(page, put, withMessage("Database unavailable."), "PUT");
    await save.click();
    await says(alert, "Failed to save post: Database unavailable.");
    await fail(page, put, NOT_JSON, "PUT");
    await save.click();
    await says(alert, "Failed to save post: Please try again.");
    await expect(page).toHaveURL(`/admin/posts/${id}/edit`);

    await fail(page, "**/api/upload", NO_MESSAGE);
    await page.getByTestId("featured-image-file").setInputFiles(PNG);
    await expect(page.getByText("Failed to upload image: Please try again.")).toBeVisible();
    await fail(page, "**/api/upload", withMessage("The disk is full.", 507));
    await page.getByTestId("featured-image-file").setInputFiles(PNG);
    await expect(page.getByText("Failed to upload image: The disk is full.")).toBeVisible();
    await expect(page.getByText(/Server responded/)).toHaveCount(0);
  });
});

test.describe("site settings", () => {
  test("upload and save alert the spec's texts; no status text by the field", async ({ page }) => {
    const alerts = collectAlerts(page);
    await loginAs(page, "admin");
    await fail(page, "**/api/settings/general", NO_MESSAGE, "PUT");
    await fail(page, "**/api/upload", { ...NO_MESSAGE, status: 400 });
    await page.goto("/admin/settings");
    await expect(page.getByLabel("Site Title")).toBeVisible();

    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect.poll(() => alerts).toEqual(["Failed to save settings. Please try again."]);
    await fail(page, "**/api/settings/general", NOT_JSON, "PUT");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect.poll(() => alerts.length).toBe(2);
    expect(alerts[1]).toBe("Failed to save settings. Please try again.");

    await page.getByLabel("Logo", { exact: true }).setInputFiles(PNG);
    await expect.poll(() => alerts.length).toBe(3);
    expect(alerts[2]).toBe("Failed to upload file. Please try again.");
    await expect(page.getByText(/Server responded/)).toHaveCount(0);

    // The server's reason is kept next to the field.
    await fail(page, "**/api/upload", withMessage("This picture is too wide.", 400));
    await page.getByLabel("Logo", { exact: true }).setInputFiles(PNG);
    await expect(page.getByText("This picture is too wide.")).toBeVisible();
    expect(alerts[3]).toBe("Failed to upload file. Please try again.");
  });
});

test.describe("services admin", () => {
  test("fetch, save and delete", async ({ page }) => {
    collectAlerts(page);
    await loginAs(page, "admin");
    await fail(page, "**/api/services", NO_MESSAGE, "GET");
    await page.goto("/admin/services");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Failed to fetch services. Please try again later.");
    await fail(page, "**/api/services", NOT_JSON, "GET");
    await page.reload();
    await expect(alert).toContainText("Failed to fetch services. Please try again later.");
    await page.unroute("**/api/services");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Web Development" })).toBeVisible();

    await page.getByRole("button", { name: "Edit Web Development" }).click();
    const one = "**/api/services/*";
    const saveButton = page.getByRole("button", { name: "Save Service" });
    await fail(page, one, NO_MESSAGE, "PUT");
    await saveButton.click();
    await says(alert, "Failed to save service. Please try again.");
    await fail(page, one, withMessage("The database is read-only."), "PUT");
    await saveButton.click();
    await says(alert, "Failed to save service. Please try again. The database is read-only.");
    await fail(page, one, NOT_JSON, "PUT");
    await saveButton.click();
    await says(alert, "Failed to save service. Please try again.");
    await page.getByRole("button", { name: "Cancel" }).click();

    await fail(page, one, NO_MESSAGE, "DELETE");
    await page.getByRole("button", { name: "Delete Web Development" }).click();
    await says(alert, "Failed to delete service. Please try again.");
    await expect(page.getByRole("row").filter({ hasText: "Web Development" })).toBeVisible();
  });
});

test.describe("categories and tags", () => {
  test("add and delete", async ({ page }) => {
    collectAlerts(page);
    await loginAs(page, "admin");
    await page.goto("/admin/categories");
    const panel = page.getByRole("region", { name: /^Categories/ });
    await expect(panel.getByRole("table")).toBeVisible();
    const alert = panel.getByRole("alert");

    await fail(page, "**/api/blog/categories", NO_MESSAGE, "POST");
    await panel.getByLabel("Category name").fill(unique("Cat"));
    await panel.getByRole("button", { name: "Add Category" }).click();
    await says(alert, "Failed to add category. Please try again.");
    await fail(page, "**/api/blog/categories", withMessage("Too many categories."), "POST");
    await panel.getByRole("button", { name: "Add Category" }).click();
    await says(alert, "Failed to add category. Too many categories.");

    await fail(page, "**/api/blog/categories/*", NOT_JSON, "DELETE");
    await panel
      .getByRole("button", { name: /^Delete category / })
      .first()
      .click();
    await says(alert, "Failed to delete category. Please try again.");

    const tags = page.getByRole("region", { name: /^Tags/ });
    await fail(page, "**/api/blog/tags", NO_MESSAGE, "GET");
    await page.reload();
    await expect(tags.getByRole("alert")).toContainText("Failed to load tags. Please try again.");
  });
});

test.describe("gallery admin", () => {
  test("upload, delete and add a category", async ({ page }) => {
    collectAlerts(page);
    await loginAs(page, "admin");
    await page.goto("/admin/gallery");
    const images = page.getByRole("list", { name: "Gallery images in display order" });
    await expect(images).toBeVisible();

    await fail(page, "**/api/upload", NO_MESSAGE);
    await page.getByLabel("Choose images").setInputFiles(PNG);
    await page.getByRole("button", { name: "Upload image" }).click();
    const files = page.getByRole("list", { name: "Files to upload" });
    await expect(files).toContainText("Upload failed. Please try again.");
    await expect(page.getByText("0 of 1 images added; 1 failed")).toBeVisible();

    await fail(page, "**/api/gallery/images/*", NO_MESSAGE, "DELETE");
    await images
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    const alert = page.getByRole("alert").filter({ hasText: "Failed to delete the image." });
    await says(alert, "Failed to delete the image. Please try again.");
    await fail(page, "**/api/gallery/images/*", withMessage("The image is locked."), "DELETE");
    await images
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await says(alert, "Failed to delete the image. The image is locked.");

    await fail(page, "**/api/gallery/images/reorder", NO_MESSAGE, "PUT");
    await images
      .getByRole("button", { name: / down$/ })
      .first()
      .click();
    await says(
      page.getByRole("alert").filter({ hasText: "new order" }),
      "Failed to save the new order. Please try again.",
    );

    await fail(page, "**/api/gallery/images/*", NOT_JSON, "PUT");
    await images
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await page.getByRole("button", { name: "Save Image" }).click();
    await expect(page.getByText("Failed to save the image. Please try again.")).toBeVisible();

    await fail(page, "**/api/gallery/categories", NOT_JSON, "POST");
    await page.getByLabel("New category name").fill(unique("Gal"));
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(
      page.getByText("Failed to add the gallery category. Please try again."),
    ).toBeVisible();
    await expect(page.getByText(/Server responded/)).toHaveCount(0);
  });

  test("the load failure", async ({ page }) => {
    await loginAs(page, "admin");
    await fail(page, "**/api/gallery/images", NOT_JSON, "GET");
    await page.goto("/admin/gallery");
    await expect(page.getByRole("alert")).toContainText(
      "Failed to load gallery data. Please try again later.",
    );
  });
});

test.describe("messages", () => {
  test("load, mark read and delete", async ({ page }) => {
    collectAlerts(page);
    await loginAs(page, "admin");
    const name = unique("Sender");
    const sent = await page.request.post("/api/contact", {
      data: { name, email: "sender@example.com", subject: "Failure texts", message: "Hello." },
    });
    expect(sent.status()).toBe(201);

    const list = "**/api/contact/messages?*";
    await fail(page, list, NO_MESSAGE);
    await page.goto("/admin/messages");
    await expect(page.getByRole("alert")).toContainText(
      "Failed to load messages. Please try again.",
    );
    await page.unroute(list);
    await page.reload();
    const item = page.getByRole("button", { name: new RegExp(name) });
    await expect(item).toBeVisible();

    const one = "**/api/contact/messages/*";
    await fail(page, one, NO_MESSAGE, "PATCH");
    await item.click();
    const alert = page.getByRole("alert");
    await says(alert, "Failed to update the message. Please try again.");
    await fail(page, one, NOT_JSON, "DELETE");
    await page.getByRole("button", { name: `Delete message from ${name}` }).click();
    await says(alert, "Failed to delete the message. Please try again.");
    await fail(page, one, withMessage("Messages are archived."), "DELETE");
    await page.getByRole("button", { name: `Delete message from ${name}` }).click();
    await says(alert, "Failed to delete the message. Messages are archived.");
  });
});

test.describe("media library", () => {
  test("alt text, delete and upload", async ({ page }) => {
    collectAlerts(page);
    await loginAs(page, "admin");
    const item = {
      id: 999001,
      url: "/uploads/failure-texts-missing.png",
      originalName: "failure-texts.png",
      mimeType: "image/png",
      size: 2048,
      width: 1,
      height: 1,
      alt: "",
      variants: 0,
      createdAt: "2026-01-01T10:00:00.000Z",
      usedIn: [],
    };
    await page.route("**/api/media", (route) =>
      route.fulfill({ json: { success: true, data: [item] } }),
    );
    await fail(page, "**/api/media/*", NO_MESSAGE);
    await page.goto("/admin/media");
    const alert = page.getByRole("alert");

    await page.getByLabel("Alt text").fill("A pixel");
    await page.getByRole("button", { name: "Save" }).click();
    await says(alert, "Failed to save the alt text. Please try again.");
    await page.getByRole("button", { name: "Delete failure-texts.png" }).click();
    await says(alert, "Failed to delete image. Please try again.");

    await fail(page, "**/api/upload", NOT_JSON);
    await page.getByLabel("Upload Images").setInputFiles(PNG);
    await says(alert, "pixel.png: Upload failed. Please try again.");
    await fail(page, "**/api/upload", withMessage("The disk is full.", 507));
    await page.getByLabel("Upload Images").setInputFiles(PNG);
    await says(alert, "pixel.png: The disk is full.");
  });
});

test.describe("contact form", () => {
  test("says the spec's text whatever the server answered", async ({ page }) => {
    await page.goto("/contact");
    // The form sends through the API once the page's script runs.
    await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name", { exact: true }).fill("Rina");
    await form.getByLabel("Email").fill("rina@example.com");
    await form.getByLabel("Subject").fill(unique("Quote"));
    await form.getByLabel("Message", { exact: true }).fill("Please send a quote.");
    for (const answer of [NO_MESSAGE, NOT_JSON, withMessage("Mailbox full.")]) {
      await fail(page, "**/api/contact", answer, "POST");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("alert")).toHaveText(
        "Failed to submit the form. Please try again.",
      );
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Rina");
    }
  });
});

test.describe("admin users", () => {
  async function createUser(page: Page, token: string) {
    const username = unique("fail");
    const { status, body } = await apiAs(page, token, "POST", "/users", {
      username,
      email: `${username}@example.test`,
      first_name: "Failure",
      last_name: "Texts",
      password: "a-long-password-1",
      role: "editor",
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return { id: body.data.id as number, username };
  }

  test("status, delete and add: the spec's texts, or the server's reason", async ({ page }) => {
    const alerts = collectAlerts(page);
    const token = await loginAs(page, "admin");
    const user = await createUser(page, token);
    await page.goto("/admin/users");
    const row = page.getByRole("row").filter({ hasText: `@${user.username}` });
    const toggle = row.getByRole("button", { name: /^Active/ });
    await expect(toggle).toBeVisible();
    const one = `**/api/users/${user.id}`;

    // A refusal without a message (409 {}) says the spec's text, not a status line.
    await fail(page, one, { ...NO_MESSAGE, status: 409 }, "PUT");
    await toggle.click();
    await expect.poll(() => alerts.at(-1)).toBe("Failed to update user status. Please try again.");
    await fail(
      page,
      one,
      withMessage("Cannot demote or deactivate the last active admin user", 409),
      "PUT",
    );
    await toggle.click();
    await expect
      .poll(() => alerts.at(-1))
      .toBe("Cannot demote or deactivate the last active admin user");

    await fail(page, one, NOT_JSON, "DELETE");
    await row.getByRole("button", { name: /^Delete/ }).click();
    await expect.poll(() => alerts.at(-1)).toBe("Failed to delete user. Please try again.");
    await fail(page, one, { ...NO_MESSAGE, status: 404 }, "DELETE");
    await row.getByRole("button", { name: /^Delete/ }).click();
    await expect
      .poll(() => alerts.filter((text) => text.startsWith("Failed to delete user")).length)
      .toBe(2);
    await expect(row).toBeVisible();

    await fail(page, "**/api/users", { ...NO_MESSAGE, status: 400 }, "POST");
    await page.getByRole("button", { name: "Add New User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    const username = unique("new");
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Email").fill(`${username}@example.test`);
    await dialog.getByLabel("First Name").fill("New");
    await dialog.getByLabel("Last Name").fill("Person");
    await dialog.getByLabel("Password", { exact: true }).fill("a-long-password-2");
    await dialog.getByLabel("Confirm Password").fill("a-long-password-2");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect(dialog).toContainText("Failed to create user. Please try again.");
    await expect(dialog).not.toContainText("Server responded with status");
    await fail(
      page,
      "**/api/users",
      withMessage("You do not have permission to do this", 403),
      "POST",
    );
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect(dialog).toContainText("You do not have permission to do this");
  });

  test("the load failure replaces the screen", async ({ page }) => {
    await loginAs(page, "admin");
    await fail(page, /\/api\/users(\?|$)/, { ...NO_MESSAGE, status: 400 }, "GET");
    await page.goto("/admin/users");
    await says(page.getByRole("alert"), "Failed to load users. Please try again.");
  });
});

test.describe("sign in and register", () => {
  test("sign in: the spec's text without a server message, else the server's", async ({ page }) => {
    await page.goto("/login");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password").fill("a-long-password-3");
    const signIn = page.getByRole("button", { name: "Sign In", exact: true });
    const cases: [Answer, string][] = [
      [NO_MESSAGE, "Login failed. Please check your credentials and try again."],
      [withMessage("Invalid email or password", 401), "Invalid email or password"],
      [NOT_JSON, "Login failed. Please check your credentials and try again."],
    ];
    for (const [answer, text] of cases) {
      await fail(page, "**/api/auth/login", answer, "POST");
      await signIn.click();
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByText(/Server responded with status/)).toHaveCount(0);
    }
  });

  test("register: the spec's text without a server message, else the server's", async ({
    page,
  }) => {
    await page.goto("/register");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const name = unique("reg");
    await page.getByLabel("First name").fill("New");
    await page.getByLabel("Last name").fill("Writer");
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Email").fill(`${name}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("a-long-password-4");
    await page.getByLabel("Confirm password").fill("a-long-password-4");
    await page.getByRole("checkbox").check();
    const register = page.getByRole("button", { name: "Register" });
    const cases: [Answer, string][] = [
      [NO_MESSAGE, "Registration failed. Please try again."],
      [withMessage("Username already exists", 409), "Username already exists"],
      [NOT_JSON, "Registration failed. Please try again."],
    ];
    for (const [answer, text] of cases) {
      await fail(page, "**/api/auth/register", answer, "POST");
      await register.click();
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/Server responded with status/)).toHaveCount(0);
    }
  });
});
