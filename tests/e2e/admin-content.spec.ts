import type { Page } from "@playwright/test";
import sharp from "sharp";
import { slugify } from "#common/text.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, unique } from "./helpers.ts";

/** Accepts the next window.confirm after checking its text. */
function acceptConfirm(page: Page, message: string) {
  page.once("dialog", async (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toBe(message);
    await dialog.accept();
  });
}

function dismissConfirm(page: Page) {
  page.once("dialog", (dialog) => dialog.dismiss());
}

/** A small PNG of one colour; each call gives different bytes. */
async function png(name: string) {
  const buffer = await sharp({
    create: {
      width: 12,
      height: 8,
      channels: 3,
      background: {
        r: Math.floor(Math.random() * 256),
        g: Math.floor(Math.random() * 256),
        b: Math.floor(Math.random() * 256),
      },
    },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

test.describe("admin services", () => {
  test("add through the inline form, see it on the public pages, edit and delete it", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/services");
    await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
    const addButton = page.getByRole("button", { name: "Add New Service" });
    await addButton.click();
    await expect(addButton).toBeDisabled();

    const title = unique("Cloud Care");
    const slug = slugify(title);
    await expect(page.getByLabel("Title*")).toBeFocused();
    await page.getByLabel("Title*").fill(title);
    const slugField = page.getByLabel("Slug*");
    await expect(slugField).toHaveValue(slug);
    await expect(
      page.getByText("Used in URLs, generated from the title but can be edited"),
    ).toBeVisible();
    // A hand-edited slug no longer follows the title.
    await slugField.fill(`${slug}-x`);
    await page.getByLabel("Title*").fill(`${title} Plus`);
    await expect(slugField).toHaveValue(`${slug}-x`);
    await expect(
      page.getByText("Shown on the homepage, max 150 characters recommended"),
    ).toBeVisible();
    await page
      .getByLabel("Short Description*")
      .fill("Managed cloud hosting, watched day and night.");
    const icon = page.getByLabel("Icon");
    await expect(icon).toHaveValue("computer");
    await expect(icon.locator("option")).toHaveCount(8);
    await icon.selectOption("cloud");
    await expect(page.getByRole("img", { name: "Preview: Cloud icon" })).toBeVisible();
    await page.getByLabel("Full Details").fill("First paragraph of details.\n\nSecond paragraph.");
    await page.getByRole("button", { name: "Save Service" }).click();

    const success = page.getByRole("status").filter({ hasText: "Service created successfully" });
    await expect(success).toBeVisible();
    await expect(addButton).toBeEnabled();
    const row = page.getByRole("row").filter({ hasText: `${title} Plus` });
    await expect(row).toContainText(`/services/${slug}-x`);
    await expect(row).toContainText("Cloud");
    // The success banner clears itself after three seconds.
    await expect(success).toBeHidden({ timeout: 5000 });

    await page.goto("/services");
    await expect(page.getByRole("heading", { name: `${title} Plus` })).toBeVisible();
    await page.goto(`/services/${slug}-x`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} Plus`);
    await expect(page.getByText("Second paragraph.")).toBeVisible();

    await page.goto("/admin/services");
    await page.getByRole("button", { name: `Edit ${title} Plus` }).click();
    await expect(page.getByRole("heading", { name: `Edit Service: ${title} Plus` })).toBeVisible();
    await expect(addButton).toBeDisabled();
    await page.getByLabel("Title*").fill(`${title} Pro`);
    // Editing keeps the public URL.
    await expect(page.getByLabel("Slug*")).toHaveValue(`${slug}-x`);
    await page.getByRole("button", { name: "Save Service" }).click();
    await expect(page.getByText("Service updated successfully")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: `${title} Pro` })).toBeVisible();

    // Cancelling the confirmation keeps the service.
    dismissConfirm(page);
    await page.getByRole("button", { name: `Delete ${title} Pro` }).click();
    await expect(page.getByRole("row").filter({ hasText: `${title} Pro` })).toBeVisible();
    acceptConfirm(page, "Are you sure you want to delete this service?");
    await page.getByRole("button", { name: `Delete ${title} Pro` }).click();
    await expect(page.getByText("Service deleted successfully")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: `${title} Pro` })).toHaveCount(0);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Service deleted successfully")).toBeHidden();

    const response = await page.request.get(`/api/services/${slug}-x`);
    expect(response.status()).toBe(404);
  });

  test.describe("validation", () => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test("required fields, slug pattern and a duplicate slug from the server", async ({ page }) => {
      await loginAs(page, "editor");
      await page.goto("/admin/services");
      await page.getByRole("button", { name: "Add New Service" }).click();
      await page.getByRole("button", { name: "Save Service" }).click();
      // Browser-level required fields: nothing is sent, the form stays open.
      expect(
        await page
          .getByLabel("Title*")
          .evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
      ).toBe(true);
      await expect(page.getByRole("button", { name: "Save Service" })).toBeVisible();

      const title = unique("Dup Service");
      await page.getByLabel("Title*").fill(title);
      await page.getByLabel("Short Description*").fill("Short text");
      await page.getByLabel("Slug*").fill("Not A Slug!");
      await page.getByRole("button", { name: "Save Service" }).click();
      await expect(
        page.getByText("Slug can only contain lowercase letters, numbers, and hyphens"),
      ).toBeVisible();
      await expect(page.getByLabel("Slug*")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Slug*").fill("web-development");
      await page.getByRole("button", { name: "Save Service" }).click();
      await expect(page.getByRole("alert")).toContainText(
        "Failed to save service. Please try again.",
      );
      await expect(page.getByText("A service with this slug already exists")).toBeVisible();

      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("button", { name: "Save Service" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Add New Service" })).toBeEnabled();
    });
  });

  test.describe("empty and error states", () => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test("shows the empty text and the fetch error", async ({ page }) => {
      await loginAs(page, "admin");
      await page.route("**/api/services", (route) =>
        route.fulfill({ json: { success: true, data: [] } }),
      );
      await page.goto("/admin/services");
      await expect(
        page.getByText('No services found. Click "Add New Service" to create one.'),
      ).toBeVisible();

      await page.unroute("**/api/services");
      await page.route("**/api/services", (route) =>
        route.fulfill({ status: 500, json: { success: false, message: "Broken" } }),
      );
      await page.reload();
      await expect(page.getByRole("alert")).toContainText(
        "Failed to fetch services. Please try again later.",
      );
      await page.unroute("**/api/services");
      await page.getByRole("button", { name: "Try Again" }).click();
      await expect(page.getByRole("row").filter({ hasText: "Web Development" })).toBeVisible();
    });
  });
});

test.describe("admin categories and tags", () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("add, rename and delete a category, seen on the blog", async ({ page }) => {
    await loginAs(page, "editor");
    await page.goto("/admin/categories");
    const panel = page.getByRole("region", { name: /^Categories/ });
    const name = unique("Cat");
    await panel.getByLabel("Category name").fill(name);
    await panel.getByRole("button", { name: "Add Category" }).click();
    await expect(panel.getByText(`Category "${name}" added`)).toBeVisible();
    const row = panel.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText(name.toLowerCase());
    await expect(row.getByRole("cell").nth(1)).toContainText("0");

    await page.goto("/blog");
    await expect(
      page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name }),
    ).toBeVisible();

    await page.goto("/admin/categories");
    // A duplicate name is refused by the server.
    await panel.getByLabel("Category name").fill(name);
    await panel.getByRole("button", { name: "Add Category" }).click();
    await expect(panel.getByRole("alert")).toContainText(
      "A category with this name already exists",
    );

    await panel.getByRole("button", { name: `Rename category ${name}` }).click();
    const renamed = `${name}-renamed`;
    await panel.getByLabel("Name", { exact: true }).fill(renamed);
    await panel.getByLabel("Slug", { exact: true }).fill(`${name.toLowerCase()}-new`);
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(panel.getByText(`Category "${renamed}" updated`)).toBeVisible();
    await expect(panel.getByRole("row").filter({ hasText: renamed })).toContainText(
      `${name.toLowerCase()}-new`,
    );

    await page.goto("/blog");
    const link = page.getByRole("navigation", { name: "Categories" }).getByRole("link", {
      name: renamed,
    });
    await expect(link).toHaveAttribute("href", new RegExp(`category=${name.toLowerCase()}-new`));

    await page.goto("/admin/categories");
    acceptConfirm(page, "Are you sure you want to delete this category?");
    await panel.getByRole("button", { name: `Delete category ${renamed}` }).click();
    await expect(panel.getByText(`Category "${renamed}" deleted`)).toBeVisible();
    await expect(panel.getByRole("row").filter({ hasText: renamed })).toHaveCount(0);
  });

  test("add, rename and delete a tag", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/categories");
    const panel = page.getByRole("region", { name: /^Tags/ });
    const name = unique("tag");
    await panel.getByLabel("Tag name").fill(name);
    await panel.getByLabel("Slug (optional)").fill(`${name}-slug`);
    await panel.getByRole("button", { name: "Add Tag" }).click();
    await expect(panel.getByRole("row").filter({ hasText: name })).toContainText(`${name}-slug`);

    await panel.getByRole("button", { name: `Rename tag ${name}` }).click();
    await panel.getByLabel("Name", { exact: true }).fill(`${name}-2`);
    await panel.getByLabel("Name", { exact: true }).press("Enter");
    await expect(panel.getByText(`Tag "${name}-2" updated`)).toBeVisible();

    const tags = await page.request.get("/api/blog/tags");
    const json = await tags.json();
    expect(json.tags.some((t: { name: string }) => t.name === `${name}-2`)).toBe(true);

    acceptConfirm(page, "Are you sure you want to delete this tag?");
    await panel.getByRole("button", { name: `Delete tag ${name}-2` }).click();
    await expect(panel.getByRole("row").filter({ hasText: `${name}-2` })).toHaveCount(0);
  });
});

test.describe("admin gallery", () => {
  test("upload images, see them on the public gallery, reorder, edit and delete", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/gallery");
    const first = unique("first");
    const second = unique("second");
    await page
      .getByLabel("Choose images")
      .setInputFiles([await png(`${first}.png`), await png(`${second}.png`)]);
    // Titles come from the file names and can be edited before uploading.
    const firstTitle = page.getByLabel(`Title for ${first}.png`);
    await expect(firstTitle).toHaveValue(
      first.charAt(0).toUpperCase() + first.slice(1).replaceAll("-", " "),
    );
    await firstTitle.fill(`${first} title`);
    await page.getByLabel(`Alt text for ${first}.png`).fill(`${first} alt`);
    await page.getByLabel(`Title for ${second}.png`).fill(`${second} title`);
    await page.getByRole("button", { name: "Upload 2 images" }).click();
    await expect(page.getByText("2 images added to the gallery")).toBeVisible();

    const images = page.getByRole("list", { name: "Gallery images in display order" });
    const firstItem = images.getByRole("listitem").filter({ hasText: `${first} title` });
    const secondItem = images.getByRole("listitem").filter({ hasText: `${second} title` });
    await expect(firstItem).toContainText(`${first} alt`);
    await expect(firstItem.getByRole("img", { name: `${first} alt` })).toBeVisible();

    await page.goto("/gallery");
    const thumbs = page.getByRole("list", { name: "Thumbnails" });
    await expect(thumbs.getByRole("button", { name: `Open ${first} title` })).toBeVisible();
    await expect(thumbs.getByRole("button", { name: `Open ${second} title` })).toBeVisible();
    const order = async () =>
      (
        await thumbs
          .getByRole("button")
          .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))
      ).filter((label) => label === `Open ${first} title` || label === `Open ${second} title`);
    expect(await order()).toEqual([`Open ${first} title`, `Open ${second} title`]);

    await page.goto("/admin/gallery");
    await secondItem.getByRole("button", { name: `Move ${second} title up` }).click();
    await expect(page.getByText(`${second} title moved to position`)).toBeAttached();
    await page.goto("/gallery");
    await expect(thumbs.getByRole("button", { name: `Open ${second} title` })).toBeVisible();
    expect(await order()).toEqual([`Open ${second} title`, `Open ${first} title`]);

    await page.goto("/admin/gallery");
    await page.getByRole("button", { name: `Move ${second} title down` }).press("Enter");
    await expect(page.getByText(`${second} title moved to position`)).toBeAttached();
    // The moved image is last again: the keyboard stays on its other arrow.
    await expect(page.getByRole("button", { name: `Move ${second} title up` })).toBeFocused();

    await firstItem.getByRole("button", { name: `Edit ${first} title` }).click();
    const editForm = page.getByRole("form", { name: `Edit ${first} title` });
    await expect(editForm.getByLabel("Title")).toHaveValue(`${first} title`);
    await editForm.getByLabel("Description").fill("A description from the editor");
    await editForm.getByLabel("Category").selectOption({ index: 1 });
    await editForm.getByRole("button", { name: "Save Image" }).click();
    await expect(page.getByText(`Image "${first} title" updated`)).toBeVisible();
    await expect(firstItem).toContainText("A description from the editor");

    acceptConfirm(page, "Are you sure you want to delete this image?");
    await firstItem.getByRole("button", { name: `Delete ${first} title` }).click();
    await expect(page.getByText(`Image "${first} title" deleted`)).toBeVisible();
    await expect(firstItem).toHaveCount(0);
    acceptConfirm(page, "Are you sure you want to delete this image?");
    await secondItem.getByRole("button", { name: `Delete ${second} title` }).click();
    await expect(secondItem).toHaveCount(0);

    await page.goto("/gallery");
    await expect(page.getByRole("heading", { name: "Gallery", level: 1 })).toBeVisible();
    await expect(thumbs.getByRole("button", { name: `Open ${first} title` })).toHaveCount(0);
  });

  test("adds a gallery category", async ({ page }) => {
    await loginAs(page, "editor");
    await page.goto("/admin/gallery");
    const name = unique("Gal");
    await page.getByLabel("New category name").fill(name);
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(page.getByText(`Gallery category "${name}" added`)).toBeVisible();
    await expect(page.getByLabel("Category for these images")).toContainText(name);
    acceptConfirm(
      page,
      "Are you sure you want to delete this gallery category? Its images stay in the gallery.",
    );
    await page.getByRole("button", { name: `Delete gallery category ${name}` }).click();
    await expect(page.getByText(`Gallery category "${name}" deleted`)).toBeVisible();
  });

  test.describe("refused files", () => {
    test.use({ allowedConsoleErrors: [/status of 415/] });

    test("an SVG or a text file is refused with the server's message", async ({ page }) => {
      await loginAs(page, "admin");
      await page.goto("/admin/gallery");
      const svg = unique("logo");
      const text = unique("notes");
      await page.getByLabel("Choose images").setInputFiles([
        {
          name: `${svg}.svg`,
          mimeType: "image/svg+xml",
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
        },
        { name: `${text}.txt`, mimeType: "text/plain", buffer: Buffer.from("not an image") },
      ]);
      await page.getByRole("button", { name: "Upload 2 images" }).click();
      const files = page.getByRole("list", { name: "Files to upload" });
      await expect(files.getByRole("listitem").filter({ hasText: `${svg}.svg` })).toContainText(
        "Only PNG, JPEG, WebP, GIF, AVIF and ICO images are accepted",
      );
      await expect(files.getByRole("listitem").filter({ hasText: `${text}.txt` })).toContainText(
        "Only PNG, JPEG, WebP, GIF, AVIF and ICO images are accepted",
      );
      await expect(page.getByText("0 of 2 images added; 2 failed")).toBeVisible();
      const list = await (await page.request.get("/api/gallery/images")).json();
      expect(
        list.data.some((i: { title: string }) => i.title.includes(svg) || i.title.includes(text)),
      ).toBe(false);
    });
  });
});

test.describe("admin messages", () => {
  test("a new message is unread; opening it marks it read; mark unread; delete", async ({
    page,
  }) => {
    const token = await loginAs(page, "admin");
    const subject = unique("Question");
    const sent = await page.request.post("/api/contact", {
      data: {
        name: "Dewi Lestari",
        email: "dewi@example.com",
        subject,
        message: "Hello,\nI would like a quote for a new website.\n\nThanks!",
      },
    });
    expect(sent.status()).toBe(201);

    // The count the screen was given (other tests send messages at the same time,
    // so a second request could already count more).
    const listed = page.waitForResponse(
      (r) => r.url().includes("/api/contact/messages") && r.request().method() === "GET",
    );
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    const unread = ((await (await listed).json()) as { data: { unread: number } }).data.unread;
    await expect(page.getByText(`${unread} unread`)).toBeVisible();

    const item = page.getByRole("button", { name: new RegExp(subject) });
    await expect(item).toContainText(`Unread: ${subject}`);
    await expect(item).toHaveAttribute("aria-expanded", "false");
    await item.focus();
    await page.keyboard.press("Enter");
    await expect(item).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByText("Hello, I would like a quote for a new website. Thanks!", { exact: true }),
    ).toBeVisible();
    await expect(item).not.toContainText("Unread:");
    await expect(page.getByText(`${unread - 1} unread`)).toBeVisible();
    const list = await apiAs(page, token, "GET", "/contact/messages?limit=50");
    const stored = list.body.data.messages.find((m: { subject: string }) => m.subject === subject);
    expect(stored.read).toBe(true);

    await page.getByRole("button", { name: "Mark as unread" }).click();
    await expect(item).toContainText(`Unread: ${subject}`);
    await expect(page.getByRole("button", { name: "Mark as read" })).toBeVisible();

    dismissConfirm(page);
    await page.getByRole("button", { name: "Delete message from Dewi Lestari" }).click();
    await expect(item).toBeVisible();
    acceptConfirm(page, "Are you sure you want to delete this message?");
    await page.getByRole("button", { name: "Delete message from Dewi Lestari" }).click();
    await expect(page.getByText("Message deleted successfully")).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test("empty state and pagination", async ({ page }) => {
    await loginAs(page, "editor");
    await page.route("**/api/contact/messages?*", (route) =>
      route.fulfill({
        json: { success: true, data: { messages: [], count: 0, unread: 0, totalPages: 1 } },
      }),
    );
    await page.goto("/admin/messages");
    await expect(page.getByText("No messages yet.")).toBeVisible();
    await page.unroute("**/api/contact/messages?*");

    const message = (id: number) => ({
      id,
      name: `Sender ${id}`,
      email: "s@example.com",
      subject: `Subject ${id}`,
      message: "Body",
      read: id % 2 === 0,
      date: "2026-01-01T10:00:00.000Z",
      created_at: "2026-01-01T10:00:00.000Z",
    });
    await page.route("**/api/contact/messages?*", (route) => {
      const url = new URL(route.request().url());
      const pageNo = Number(url.searchParams.get("page"));
      const start = (pageNo - 1) * 20 + 1;
      const count = pageNo === 1 ? 20 : 5;
      return route.fulfill({
        json: {
          success: true,
          data: {
            messages: Array.from({ length: count }, (_, i) => message(start + i)),
            count: 25,
            unread: 13,
            totalPages: 2,
          },
        },
      });
    });
    await page.reload();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.getByRole("button", { name: /Subject 25/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  });
});

test.describe("access and small screens", () => {
  for (const path of [
    "/admin/services",
    "/admin/categories",
    "/admin/gallery",
    "/admin/messages",
  ]) {
    test(`an author is sent to /unauthorized from ${path}`, async ({ page }) => {
      await loginAs(page, "author");
      await page.goto(path);
      await expect(page).toHaveURL("/unauthorized");
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    });
  }

  test("the four screens fit a 375px wide screen", async ({ page }) => {
    await loginAs(page, "editor");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/services");
    await expect(page.getByRole("row").filter({ hasText: "Web Development" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Add New Service" }).click();
    await expectNoHorizontalScroll(page);
    await page.goto("/admin/categories");
    await expect(page.getByRole("region", { name: /^Tags/ }).getByRole("table")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto("/admin/gallery");
    await expect(page.getByRole("list", { name: "Gallery images in display order" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test.describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`the four screens have no WCAG A/AA violations in the ${theme} theme`, async ({
      page,
    }) => {
      await loginAs(page, "admin");
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const screens = [
        { path: "/admin/services", ready: page.getByRole("table") },
        { path: "/admin/categories", ready: page.getByRole("table").first() },
        {
          path: "/admin/gallery",
          ready: page.getByRole("list", { name: "Gallery images in display order" }),
        },
        { path: "/admin/messages", ready: page.getByRole("list", { name: "Messages" }) },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(screen.ready).toBeVisible();
        if (screen.path === "/admin/services") {
          await page.getByRole("button", { name: "Add New Service" }).click();
        }
        if (screen.path === "/admin/messages") {
          await page.getByRole("list", { name: "Messages" }).getByRole("button").first().click();
        }
        expect(await axeViolations(page, { include: "main" }), `${screen.path} ${theme}`).toEqual(
          [],
        );
      }
    });
  }
});
