import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, unique } from "./helpers.ts";

test.describe("edit conflicts between two browsers", () => {
  // A refused save is a 409 the browser reports; the editor shows it as the conflict.
  test.use({ allowedConsoleErrors: [/status of 409/] });
  test("the second save names the first editor; Compare shows theirs, Keep mine overwrites; presence shows the other", async ({
    page,
    browser,
  }) => {
    // Erin Editor in this browser, Demo Admin in another.
    const editorToken = await loginAs(page, "editor");
    const slug = unique("conflict");
    const created = await apiAs(page, editorToken, "POST", "/blog/posts", {
      title: `Conflict ${slug}`,
      slug,
      excerpt: "The first excerpt.",
      content: "<p>The first body.</p>",
      status: "draft",
    });
    expect(created.status).toBe(201);
    const post = created.body.data as { id: number; title: string };

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await loginAs(admin, "admin");

      await page.goto(`/admin/posts/${post.id}/edit`);
      await expect(page.getByLabel("Post Title")).toHaveValue(post.title);
      await admin.goto(`/admin/posts/${post.id}/edit`);
      await expect(admin.getByLabel("Post Title")).toHaveValue(post.title);

      // Soft presence: the admin sees who else has the post open.
      await expect(admin.getByTestId("also-editing")).toHaveText("Also editing: Erin Editor");

      // The editor saves first.
      await page.getByLabel("Post Title").fill("The editor's title");
      await page.getByRole("button", { name: "Update Post" }).click();
      await expect(page).toHaveURL("/admin/posts");

      // The admin, still on the version they opened, saves second.
      await admin.getByLabel("Excerpt").fill("The admin's excerpt.");
      await admin.getByRole("button", { name: "Update Post" }).click();
      const conflict = admin.getByRole("alert", { name: "Edit conflict" });
      await expect(conflict).toContainText(/Erin Editor changed this post at \d\d:\d\d\./);
      await expect(admin).toHaveURL(`/admin/posts/${post.id}/edit`);

      // Compare: their title against the admin's form.
      await conflict.getByRole("button", { name: "Compare" }).click();
      const diff = conflict.getByTestId("text-diff");
      await expect(diff.getByRole("region", { name: "Title" })).toContainText("The editor's title");
      // Their words struck through, the admin's marked as added.
      const excerpt = diff.getByRole("region", { name: "Excerpt" });
      await expect(excerpt.locator("del")).toHaveText("first");
      await expect(excerpt.locator("ins")).toHaveText("admin's");

      // Keep mine: saved over theirs.
      await conflict.getByRole("button", { name: "Keep mine" }).click();
      await expect(admin).toHaveURL("/admin/posts");
      const stored = await apiAs(page, editorToken, "GET", `/blog/posts/id/${post.id}`);
      expect(stored.body.data).toMatchObject({
        title: post.title,
        excerpt: "The admin's excerpt.",
        version: 3,
      });
    } finally {
      await adminContext.close();
    }
  });

  test("Take theirs loads the other editor's version into the form", async ({ page }) => {
    const token = await loginAs(page, "editor");
    const slug = unique("theirs");
    const created = await apiAs(page, token, "POST", "/blog/posts", {
      title: `Theirs ${slug}`,
      slug,
      excerpt: "Before.",
      content: "<p>Body.</p>",
      status: "draft",
    });
    const post = created.body.data as { id: number; title: string };
    await page.goto(`/admin/posts/${post.id}/edit`);
    await expect(page.getByLabel("Post Title")).toHaveValue(post.title);
    // Someone saves meanwhile (here: the same account from elsewhere, through the API).
    const other = await apiAs(page, token, "PUT", `/blog/posts/${post.id}`, {
      excerpt: "Saved elsewhere.",
      version: 1,
    });
    expect(other.status).toBe(200);

    page.on("dialog", (dialog) => void dialog.accept());
    await page.getByLabel("Excerpt").fill("Mine.");
    await page.getByRole("button", { name: "Update Post" }).click();
    const conflict = page.getByRole("alert", { name: "Edit conflict" });
    await expect(conflict).toContainText("Erin Editor changed this post at");
    // Saved from the foot of the form, the notice comes into view with its first choice focused.
    await expect(conflict).toBeInViewport();
    await expect(conflict.getByRole("button", { name: "Compare" })).toBeFocused();
    // The notice and its compare view have no WCAG A/AA violations.
    await conflict.getByRole("button", { name: "Compare" }).click();
    await expect(conflict.getByTestId("text-diff")).toBeVisible();
    expect(await axeViolations(page, { include: "section[aria-label='Edit conflict']" })).toEqual(
      [],
    );
    await conflict.getByRole("button", { name: "Take theirs" }).click();
    await expect(conflict).toBeHidden();
    await expect(page.getByLabel("Excerpt")).toHaveValue("Saved elsewhere.");
    // Their version is now where the form starts: leaving asks nothing.
    const asked: string[] = [];
    page.on("dialog", (dialog) => void asked.push(dialog.message()));
    await page.getByRole("link", { name: "Posts" }).first().click();
    await expect(page).toHaveURL("/admin/posts");
    expect(asked).toEqual([]);
    await page.goto(`/admin/posts/${post.id}/edit`);
    await expect(page.getByLabel("Excerpt")).toHaveValue("Saved elsewhere.");
    // No offer to bring back the discarded changes.
    await expect(page.getByText("Mine.")).toHaveCount(0);
    // Saving now goes through: the form has their version number.
    await page.getByLabel("Post Title").fill("After taking theirs");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL("/admin/posts");
    const stored = await apiAs(page, token, "GET", `/blog/posts/id/${post.id}`);
    expect(stored.body.data).toMatchObject({
      title: "After taking theirs",
      excerpt: "Saved elsewhere.",
      version: 3,
    });
  });
});
