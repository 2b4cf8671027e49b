import type { Page } from "@playwright/test";
import { slugify } from "#common/text.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, unique } from "./helpers.ts";

/** A valid 1x1 PNG for the upload button. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

type ApiPost = {
  id: number;
  title: string;
  slug: string;
  status: string;
  content: string;
  featured_image: string;
  isFeatured: boolean;
  published_at: string | null;
  categories: { name: string }[];
  tags: { name: string }[];
};

async function createPost(
  page: Page,
  token: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<ApiPost> {
  const { status, body } = await apiAs(page, token, "POST", "/blog/posts", {
    title,
    slug: slugify(title),
    excerpt: `Excerpt of ${title}`,
    content: `<p>Body of ${title}</p>`,
    status: "draft",
    ...extra,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data as ApiPost;
}

async function getPost(page: Page, token: string, id: number) {
  return apiAs(page, token, "GET", `/blog/posts/id/${id}`);
}

async function searchList(page: Page, term: string) {
  await page.getByPlaceholder("Search posts...").fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get("search") === term);
}

const rows = (page: Page) => page.getByRole("region", { name: "Posts table" }).locator("tbody tr");

test.describe("admin posts list", () => {
  test("shows the title, filters, columns and a featured demo post", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const { body } = await apiAs(page, token, "GET", "/blog/posts?status=all&limit=10");
    const totalPages: number = body.data.totalPages;
    expect(totalPages).toBeGreaterThan(1);

    await page.goto("/admin/posts");
    await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
    await expect(page.getByText("Manage your blog posts")).toBeVisible();
    await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute(
      "href",
      "/admin/posts/new",
    );
    await expect(page.getByPlaceholder("Search posts...")).toBeVisible();
    for (const name of ["All Posts", "Published", "Drafts", "Scheduled"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "All Posts" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText([
      "",
      "Title",
      "Author",
      "Categories",
      "Status",
      "Date",
      "Views",
      "Actions",
    ]);
    await expect(rows(page)).toHaveCount(10);

    await searchList(page, "Five Signs Your Website");
    const row = rows(page).filter({ hasText: "Five Signs Your Website Needs a Redesign" });
    await expect(rows(page)).toHaveCount(1);
    await expect(row.getByRole("img", { name: "Featured Post" })).toBeVisible();
    await expect(
      row.getByRole("link", { name: "Five Signs Your Website Needs a Redesign" }),
    ).toHaveAttribute("href", /\/admin\/posts\/\d+\/edit$/);
    await expect(row).toContainText("Slow pages, a dated look");
    await expect(row).toContainText("Demo Admin");
    await expect(row).toContainText("Business, Design");
    await expect(row).toContainText("published");
    // Other tests read this post too, so only the separator format is fixed.
    await expect(row.locator("td").nth(6)).toHaveText(/^2,4\d\d$/);
    await expect(row.locator("td").nth(5)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(row.getByRole("link", { name: "View", exact: true })).toHaveAttribute(
      "href",
      "/blog/five-signs-your-website-needs-a-redesign",
    );
    await expect(row.getByRole("link", { name: "View", exact: true })).toHaveAttribute(
      "target",
      "_blank",
    );
  });

  test("paginates 10 a page with Previous and Next", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const { body } = await apiAs(page, token, "GET", "/blog/posts?status=all&limit=10");
    const totalPages: number = body.data.totalPages;
    await page.goto("/admin/posts");
    const previous = page.getByRole("button", { name: "Previous", exact: true });
    const next = page.getByRole("button", { name: "Next", exact: true });
    await expect(page.getByText(`Page 1 of ${totalPages}`)).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const firstTitle = await rows(page).first().locator("td").nth(1).getByRole("link").innerText();
    for (let p = 2; p <= totalPages; p++) {
      await next.click();
      await expect(page.getByText(`Page ${p} of ${totalPages}`)).toBeVisible();
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(rows(page).first()).not.toContainText(firstTitle);
    // A single page of results has no pagination at all.
    await page.getByRole("button", { name: "Scheduled" }).click();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });

  test("filters by status on the server and searches", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts");
    await page.getByRole("button", { name: "Drafts" }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(rows(page).first()).toBeVisible();
    const statuses = rows(page).locator("td:nth-child(5)");
    for (const text of await statuses.allInnerTexts()) expect(text.toLowerCase()).toBe("draft");
    await expect(rows(page).filter({ hasText: "Brand Guidelines: A Starter Kit" })).toHaveCount(1);

    await page.getByRole("button", { name: "Scheduled" }).click();
    await expect(page.getByRole("button", { name: "Scheduled" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(
      rows(page).filter({ hasText: "Looking Ahead: Trends for Next Year" }),
    ).toContainText("scheduled");
    for (const text of await statuses.allInnerTexts()) expect(text.toLowerCase()).toBe("scheduled");

    await page.getByRole("button", { name: "Published", exact: true }).click();
    await expect(rows(page).filter({ hasText: "Looking Ahead" })).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
    for (const text of await statuses.allInnerTexts()) expect(text.toLowerCase()).toBe("published");

    await page.getByRole("button", { name: "All Posts" }).click();
    await searchList(page, "Accessibility Is Good");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText("Accessibility Is Good Business");

    await searchList(page, "zz-no-such-post-zz");
    await expect(
      page.getByText(
        "No posts found matching your criteria. Try adjusting your filters or create a new post.",
      ),
    ).toBeVisible();
  });

  test("select all and bulk Publish, Move to Draft and Delete are saved", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const prefix = unique("Bulk");
    const posts = [];
    for (const n of [1, 2, 3]) posts.push(await createPost(page, token, `${prefix} post ${n}`));

    await page.goto("/admin/posts");
    await searchList(page, prefix);
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByText(/post\(s\) selected/)).toHaveCount(0);

    const selectAll = page.getByRole("checkbox", { name: "Select all posts on this page" });
    await selectAll.check();
    await expect(page.getByText("3 post(s) selected")).toBeVisible();
    await page.getByRole("checkbox", { name: `Select ${prefix} post 2` }).uncheck();
    await expect(page.getByText("2 post(s) selected")).toBeVisible();
    await selectAll.check();
    await expect(page.getByText("3 post(s) selected")).toBeVisible();

    const bulkBar = page.getByRole("region", { name: "Bulk actions" });
    await bulkBar.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText(/post\(s\) selected/)).toHaveCount(0);
    await expect(rows(page).locator("td:nth-child(5)")).toHaveText([
      "published",
      "published",
      "published",
    ]);
    // Published: each row's View opens its public address.
    await expect(rows(page).getByRole("link", { name: "View", exact: true })).toHaveCount(3);
    for (const post of posts) {
      expect((await getPost(page, token, post.id)).body.data.status).toBe("published");
    }
    await page.goto(`/blog?search=${encodeURIComponent(prefix)}`);
    await expect(page.getByRole("heading", { name: `${prefix} post 1` })).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(prefix) })).toHaveCount(3);

    await page.goto(`/admin/posts?search=${encodeURIComponent(prefix)}`);
    await expect(rows(page)).toHaveCount(3);
    await selectAll.check();
    await bulkBar.getByRole("button", { name: "Move to Draft" }).click();
    await expect(rows(page).locator("td:nth-child(5)")).toHaveText(["draft", "draft", "draft"]);
    for (const post of posts) {
      expect((await getPost(page, token, post.id)).body.data.status).toBe("draft");
    }
    // Drafts have no public address: no View that would open a 404.
    await expect(rows(page).getByRole("link", { name: "View", exact: true })).toHaveCount(0);
    await page.goto(`/blog?search=${encodeURIComponent(prefix)}`);
    await expect(page.getByText("No posts found matching your criteria.")).toBeVisible();

    await page.goto(`/admin/posts?search=${encodeURIComponent(prefix)}`);
    await expect(rows(page)).toHaveCount(3);
    await selectAll.check();
    const messages: string[] = [];
    page.once("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await bulkBar.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => messages).toEqual(["Are you sure you want to delete 3 posts?"]);
    await expect(rows(page)).toHaveCount(3);
    page.once("dialog", (dialog) => void dialog.accept());
    await bulkBar.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByText(
        "No posts found matching your criteria. Try adjusting your filters or create a new post.",
      ),
    ).toBeVisible();
    for (const post of posts) expect((await getPost(page, token, post.id)).status).toBe(404);
  });

  test("a row's Delete asks first and removes the post", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const title = unique("Row delete");
    const post = await createPost(page, token, title);
    await page.goto("/admin/posts");
    await searchList(page, title);
    await expect(rows(page)).toHaveCount(1);

    let message = "";
    page.once("dialog", (dialog) => {
      message = dialog.message();
      void dialog.dismiss();
    });
    await rows(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => message).toBe("Are you sure you want to delete this post?");
    await expect(rows(page)).toHaveCount(1);
    expect((await getPost(page, token, post.id)).status).toBe(200);

    page.once("dialog", (dialog) => void dialog.accept());
    await rows(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText(/No posts found matching your criteria/)).toBeVisible();
    expect((await getPost(page, token, post.id)).status).toBe(404);
  });

  test("an author sees only their own posts", async ({ page }) => {
    const token = await loginAs(page, "author");
    const { body } = await apiAs(page, token, "GET", "/blog/posts?status=all&limit=50");
    const count: number = body.data.count;
    expect(count).toBeGreaterThan(0);
    await page.goto("/admin/posts");
    await expect(rows(page)).toHaveCount(Math.min(count, 10));
    for (const text of await rows(page).locator("td:nth-child(3)").allInnerTexts()) {
      expect(text).toBe("Arif Author");
    }
    await expect(rows(page).filter({ hasText: "Five Signs Your Website" })).toHaveCount(0);
  });

  test("list and editor work at 375px without horizontal page scroll", async ({ page }) => {
    await loginAs(page, "admin");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/posts");
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all posts on this page" }).check();
    await expect(page.getByText("10 post(s) selected")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("button", { name: "Bold" })).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("list and editor have no WCAG A/AA violations in light and dark", async ({ page }) => {
    await loginAs(page, "admin");
    for (const theme of ["light", "dark"]) {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await page.goto("/admin/posts");
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(rows(page).first()).toBeVisible();
      await page.getByRole("checkbox", { name: "Select all posts on this page" }).check();
      expect(await axeViolations(page), `${theme} list`).toEqual([]);
      await page.goto("/admin/posts/new");
      await page.getByRole("button", { name: "Create Post" }).click();
      await expect(page.getByText("Title is required")).toBeVisible();
      expect(await axeViolations(page), `${theme} editor`).toEqual([]);
    }
  });
});

test.describe("post editor", () => {
  test("creates a post with the rich text toolbar and HTML mode", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const demo = await apiAs(page, token, "GET", "/blog/posts?status=published&limit=1");
    const imageUrl: string = demo.body.data.posts[0].featured_image;
    expect(imageUrl).toMatch(/^\/uploads\//);

    const title = unique("Created In UI");
    const slug = slugify(title);
    await page.goto("/admin/posts");
    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page).toHaveURL("/admin/posts/new");
    await expect(page.getByRole("heading", { level: 1, name: "Create Post" })).toBeVisible();

    await page.getByLabel("Post Title").fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await expect(page.getByText(`/blog/${slug}`)).toBeVisible();
    await page.getByLabel("Excerpt").fill("A post written in the browser.");
    await expect(page.getByText("30/300")).toBeVisible();

    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type("Intro paragraph. ");
    const bold = page.getByRole("button", { name: "Bold" });
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Bold words");
    await bold.click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Heading 2" }).click();
    await page.keyboard.type("A second level heading");
    await expect(page.getByRole("button", { name: "Heading 2" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bullet list" }).click();
    await page.keyboard.type("First item");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    page.once("dialog", (dialog) => void dialog.accept("https://example.com/page"));
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    page.once("dialog", (dialog) => void dialog.accept(imageUrl));
    await page.getByRole("button", { name: "Image", exact: true }).click();
    await expect(editor.locator('img[alt="Uploaded image"]')).toHaveAttribute("src", imageUrl);

    // HTML mode shows the markup; changes there come back to the rich editor.
    await page.getByRole("button", { name: "HTML Editor" }).click();
    await expect(
      page.getByText("You are editing HTML directly. Be careful with your markup."),
    ).toBeVisible();
    const html = page.getByRole("textbox", { name: "Content" });
    await expect(html).toHaveValue(/<strong>Bold words<\/strong>/);
    await expect(html).toHaveValue(/<h2>A second level heading<\/h2>/);
    await expect(html).toHaveValue(/<a [^>]*href="https:\/\/example.com\/page"/);
    const value = await html.inputValue();
    await html.fill(`${value}<p>Added in <em>HTML</em> mode</p>`);
    await page.getByRole("button", { name: "Rich Text Editor" }).click();
    await expect(page.getByRole("button", { name: "Rich Text Editor" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(editor.locator("em")).toHaveText("HTML");
    await expect(editor.locator("strong")).toHaveText("Bold words");

    await page.getByLabel("Featured Image URL").fill(imageUrl);
    await expect(
      page.locator(`img[src="${imageUrl}"][alt="Featured image preview"]`),
    ).toBeVisible();
    await page.getByLabel("Featured Image Alt Text").fill("A demo picture");
    await page.getByLabel("Status").selectOption("published");
    await page.getByLabel("Featured Post").check();
    await expect(
      page.getByText("Postingan unggulan akan ditampilkan di bagian khusus pada halaman beranda."),
    ).toBeVisible();
    await page.getByRole("checkbox", { name: "Technology" }).check();
    await page.getByRole("checkbox", { name: "Design" }).check();
    await page.getByLabel("Tags").fill("browser, editor-test");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("article", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("Bold words");
    await expect(preview.getByText("Technology", { exact: true })).toBeVisible();
    await expect(preview.getByText("#editor-test")).toBeVisible();
    await expect(preview.locator(`img[src="${imageUrl}"]`).first()).toBeVisible();
    await page.getByRole("button", { name: "Edit Mode" }).click();
    await expect(page.getByLabel("Post Title")).toHaveValue(title);

    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL("/admin/posts");
    const notice = page.getByRole("status").filter({ hasText: "Post created successfully!" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toHaveCount(0);

    const { body } = await apiAs(page, token, "GET", `/blog/posts?status=all&search=${title}`);
    const saved = body.data.posts[0] as ApiPost;
    expect(saved.status).toBe("published");
    expect(saved.isFeatured).toBe(true);
    expect(saved.categories.map((c) => c.name).sort()).toEqual(["Design", "Technology"]);
    expect(saved.tags.map((t) => t.name).sort()).toEqual(["browser", "editor-test"]);

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const body2 = page.locator(".prose-content");
    await expect(body2.locator("strong")).toHaveText("Bold words");
    await expect(body2.locator("h2")).toHaveText("A second level heading");
    await expect(body2.locator('a[href="https://example.com/page"]')).toBeVisible();
    await expect(body2.locator('img[alt="Uploaded image"]')).toBeVisible();
    await expect(body2.locator("em")).toHaveText("HTML");
  });

  test("uploads a featured image", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeVisible();
    await page.getByTestId("featured-image-file").setInputFiles({
      name: "pixel.png",
      mimeType: "image/png",
      buffer: PNG_1X1,
    });
    await expect(page.getByLabel("Featured Image URL")).toHaveValue(/^\/uploads\//);
    await expect(page.getByRole("img", { name: "Featured image preview" })).toBeVisible();
  });

  test("a future publish date schedules the post", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const title = unique("Scheduled In UI");
    await page.goto("/admin/posts/new");
    await page.getByLabel("Post Title").fill(title);
    await page.getByLabel("Excerpt").fill("Goes live next week.");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Coming soon.");
    await page.getByLabel("Status").selectOption("published");
    const future = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const local = `${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}T10:30`;
    await page.getByLabel("Publish Date").fill(local);
    await expect(page.getByText(/the post will show as Scheduled/)).toBeVisible();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();

    await searchList(page, title);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).locator("td:nth-child(5)")).toHaveText("scheduled");
    await page.getByRole("button", { name: "Scheduled", exact: true }).click();
    await expect(rows(page)).toHaveCount(1);

    const { body } = await apiAs(page, token, "GET", `/blog/posts?status=all&search=${title}`);
    const saved = body.data.posts[0] as ApiPost;
    expect(saved.status).toBe("scheduled");
    // Sent as ISO in the browser's zone: the same instant as the local input.
    expect(new Date(saved.published_at!).getTime()).toBe(new Date(local).getTime());

    await page.goto(`/blog?search=${encodeURIComponent(title)}`);
    await expect(page.getByText("No posts found matching your criteria.")).toBeVisible();
  });

  test("edits a post through both edit routes", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const title = unique("Edit Me");
    const post = await createPost(page, token, title, {
      status: "published",
      categories: ["Business"],
      tags: ["one", "two"],
      content: "<p>Original <strong>content</strong></p>",
    });

    await page.goto(`/admin/posts/edit/${post.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    await expect(page.getByLabel("Post Title")).toHaveValue(title);
    await expect(page.getByLabel("Slug")).toHaveValue(post.slug);
    await expect(page.getByLabel("Status")).toHaveValue("published");
    await expect(page.getByRole("checkbox", { name: "Business" })).toBeChecked();
    await expect(page.getByLabel("Tags")).toHaveValue("one, two");
    await expect(page.getByRole("textbox", { name: "Content" }).locator("strong")).toHaveText(
      "content",
    );
    // Edit mode never changes the slug by itself.
    await page.getByLabel("Post Title").fill(`${title} renamed`);
    await expect(page.getByLabel("Slug")).toHaveValue(post.slug);
    await page.getByLabel("Excerpt").fill("A new excerpt.");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByText("Post updated successfully!")).toBeVisible();
    const after = (await getPost(page, token, post.id)).body.data as ApiPost & { excerpt: string };
    expect(after.title).toBe(`${title} renamed`);
    expect(after.excerpt).toBe("A new excerpt.");
    expect(after.slug).toBe(post.slug);
    expect(after.status).toBe("published");
    expect(after.published_at).toBe(post.published_at);

    // The other route reading, from the list's title link; anything after a colon is ignored.
    await searchList(page, `${title} renamed`);
    await rows(page)
      .getByRole("link", { name: `${title} renamed`, exact: true })
      .click();
    await expect(page).toHaveURL(`/admin/posts/${post.id}/edit`);
    await expect(page.getByLabel("Post Title")).toHaveValue(`${title} renamed`);
    await page.goto(`/admin/posts/${post.id}:extra/edit`);
    await expect(page.getByLabel("Post Title")).toHaveValue(`${title} renamed`);
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Post updated successfully!")).toBeVisible();
    expect((await getPost(page, token, post.id)).body.data.status).toBe("draft");
  });

  test("validates on submit, focuses the first error and clears errors on edit", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.setViewportSize({ width: 1000, height: 600 });
    await page.goto("/admin/posts/new");
    await page.getByRole("button", { name: "Create Post" }).click();
    for (const message of [
      "Title is required",
      "Slug is required",
      "Excerpt is required",
      "Content is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Post Title")).toBeFocused();
    await expect(page.getByLabel("Post Title")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/admin/posts/new");

    await page.getByLabel("Post Title").fill("Valid title");
    await expect(page.getByText("Title is required")).toHaveCount(0);
    await expect(page.getByText("Slug is required")).toHaveCount(0);
    await page.getByLabel("Slug").fill("Not A Slug!");
    await page.getByLabel("Excerpt").fill("x".repeat(301));
    await expect(page.getByText("301/300")).toBeVisible();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(
      page.getByText("Slug can only contain lowercase letters, numbers, and hyphens"),
    ).toBeVisible();
    await expect(page.getByText("Excerpt must be 300 characters or less")).toBeVisible();
    await expect(page.getByLabel("Slug")).toBeFocused();

    // Only the content is missing: the page scrolls to the editor and focuses it.
    await page.getByLabel("Slug").fill("valid-slug");
    await page.getByLabel("Excerpt").fill("Short excerpt.");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Create Post" }).click();
    const editor = page.getByRole("textbox", { name: "Content" });
    await expect(editor).toBeFocused();
    await expect(editor).toBeInViewport();
    await expect(page.getByText("Content is required")).toBeVisible();
    await page.keyboard.type("Now there is content.");
    await expect(page.getByText("Content is required")).toHaveCount(0);
  });

  test("an unsaved form asks before leaving; Cancel without changes does not", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts/new");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/admin/posts");

    await page.goto("/admin/posts/new");
    await page.getByLabel("Post Title").fill("Half written");
    const messages: string[] = [];
    page.once("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => messages).toEqual(["You have unsaved changes. Leave this page?"]);
    await expect(page).toHaveURL("/admin/posts/new");
    await expect(page.getByLabel("Post Title")).toHaveValue("Half written");

    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Posts" })
      .click();
    await expect(page).toHaveURL("/admin/posts");
    await expect(page.getByRole("heading", { name: "Posts" })).toBeVisible();
  });

  test("closing the tab with unsaved changes asks the browser to confirm", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts/new");
    await page.getByLabel("Post Title").fill("Half written");
    const dialog = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const d = await dialog;
    expect(d.type()).toBe("beforeunload");
    await d.accept();
  });
});

test.describe("error messages", () => {
  // The browser reports the failed API responses as console errors.
  test.use({ allowedConsoleErrors: [/status of (404|409|500)/] });

  test("the list says when posts cannot be loaded or deleted", async ({ page }) => {
    const token = await loginAs(page, "admin");
    const title = unique("Undeletable");
    await createPost(page, token, title);
    await page.route(/\/api\/blog\/posts\?/, (route) =>
      route.fulfill({ status: 500, json: { success: false, message: "Broken" } }),
    );
    await page.goto("/admin/posts");
    await expect(page.getByRole("alert")).toHaveText("Failed to load posts. Please try again.");
    await page.unroute(/\/api\/blog\/posts\?/);
    await page.getByRole("button", { name: "Try Again" }).click();
    await searchList(page, title);
    await expect(rows(page)).toHaveCount(1);

    await page.route(/\/api\/blog\/posts\/\d+$/, (route) =>
      route.fulfill({ status: 500, json: { success: false, message: "Database unavailable." } }),
    );
    page.once("dialog", (dialog) => void dialog.accept());
    await rows(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Failed to delete post: Database unavailable.",
    );
    await expect(rows(page)).toHaveCount(1);

    await page.route("**/api/blog/posts/bulk", (route) =>
      route.fulfill({ status: 500, json: { success: false, message: "Broken" } }),
    );
    await page.getByRole("checkbox", { name: "Select all posts on this page" }).check();
    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .getByRole("region", { name: "Bulk actions" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("alert")).toContainText(
      "Failed to delete 1 posts. Please try again.",
    );
  });

  test("a failed save shows a red banner and keeps the form", async ({ page }) => {
    await loginAs(page, "admin");
    await page.route("**/api/blog/posts", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, json: { success: false, message: "" } })
        : route.continue(),
    );
    await page.goto("/admin/posts/new");
    await page.getByLabel("Post Title").fill("Will not save");
    await page.getByLabel("Excerpt").fill("Nope.");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Body.");
    await page.getByRole("button", { name: "Create Post" }).click();
    // No message from the server: the spec's own reason.
    await expect(page.getByRole("alert")).toContainText("Failed to save post: Please try again.");
    await expect(page).toHaveURL("/admin/posts/new");
    await expect(page.getByLabel("Post Title")).toHaveValue("Will not save");
  });

  test("a duplicate slug is shown on the slug field and in the banner", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts/new");
    await page.getByLabel("Post Title").fill("Five Signs Your Website Needs a Redesign");
    await page.getByLabel("Excerpt").fill("Duplicate.");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Duplicate body.");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Failed to save post: A post with this slug already exists",
    );
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Slug")).toBeFocused();
    await expect(page.getByRole("button", { name: "Create Post" })).toBeEnabled();
  });

  test("an unknown post id says it was not found", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts/999999/edit");
    await expect(page.getByRole("alert")).toHaveText("Post with ID 999999 not found.");
    await expect(page.getByRole("link", { name: "Back to Posts" })).toHaveAttribute(
      "href",
      "/admin/posts",
    );
  });
});
