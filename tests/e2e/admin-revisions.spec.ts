import type { Page } from "@playwright/test";
import { slugify } from "#common/text.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, loginAs, unique } from "./helpers.ts";

async function openEditor(page: Page, id: number) {
  await page.goto(`/admin/posts/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
}

async function update(page: Page) {
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL("/admin/posts");
  await expect(page.getByText("Post updated successfully!")).toBeVisible();
}

const revisionsCard = (page: Page) => page.getByRole("region", { name: "Revisions" });

test.describe("revisions in the editors", () => {
  test("after two edits, compare shows the changed words and restore brings the old text back", async ({
    page,
  }) => {
    const token = await loginAs(page, "editor");
    const title = unique("Revisions");
    const created = await apiAs(page, token, "POST", "/blog/posts", {
      title,
      slug: slugify(title),
      excerpt: "The first excerpt.",
      content: "<p>The quick brown fox jumps over the lazy dog.</p>",
      status: "draft",
    });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;

    // Edit 1: the content, in HTML mode.
    await openEditor(page, id);
    await page.getByRole("button", { name: "HTML Editor" }).click();
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("<p>The quick red fox jumps over the sleeping cat.</p>");
    await update(page);

    // Edit 2: the excerpt.
    await openEditor(page, id);
    await page.getByLabel("Excerpt").fill("The second excerpt.");
    await update(page);

    await openEditor(page, id);
    const card = revisionsCard(page);
    await expect(card.getByRole("heading", { name: "Revisions" })).toBeVisible();
    const items = card.getByTestId("revision");
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText("Saved by");
    await expect(items.first()).toContainText(title);

    // The first revision (oldest, last in the list) against the current version.
    await items.last().getByRole("button", { name: "Compare" }).click();
    const compare = card.getByRole("region", { name: "Compare with the current version" });
    const content = compare.getByRole("region", { name: "Content" });
    await expect(content.locator("del")).toContainText(["brown"]);
    await expect(content.locator("ins")).toContainText(["red"]);
    await expect(content).toContainText("sleeping cat");
    await expect(compare.getByRole("region", { name: "Excerpt" })).toContainText("second");
    // Side by side shows the revision and the current version apart.
    await compare.getByRole("radio", { name: "Side by side" }).check();
    await expect(compare.getByText("Current version").first()).toBeVisible();

    // Restore it (after the confirmation): the editor shows the old text again.
    page.once("dialog", (dialog) => void dialog.accept());
    await items.last().getByRole("button", { name: "Restore this revision" }).click();
    await expect(
      card.getByText("Revision restored. The editor shows the restored content."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText(
      "The quick brown fox jumps over the lazy dog.",
    );
    await expect(page.getByLabel("Excerpt")).toHaveValue("The first excerpt.");
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText("Restored by");

    const stored = await apiAs(page, token, "GET", `/blog/posts/id/${id}`);
    expect(stored.body.data.content).toBe("<p>The quick brown fox jumps over the lazy dog.</p>");
    expect(stored.body.data.excerpt).toBe("The first excerpt.");
  });

  test("the service form lists a service's revisions and restores one", async ({ page }) => {
    const token = await loginAs(page, "editor");
    const title = unique("Revised Service");
    const created = await apiAs(page, token, "POST", "/services", {
      title,
      slug: slugify(title),
      description: "We plant green gardens.",
    });
    expect(created.status).toBe(201);
    const service = created.body.data;
    const updated = await apiAs(page, token, "PUT", `/services/${service.id}`, {
      title,
      slug: service.slug,
      description: "We plant blue gardens.",
      icon: service.icon,
      details: service.details,
    });
    expect(updated.status).toBe(200);

    await page.goto("/admin/services");
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(page.getByLabel("Short Description*")).toHaveValue("We plant blue gardens.");
    const card = revisionsCard(page);
    const items = card.getByTestId("revision");
    await expect(items).toHaveCount(2);
    await items.last().getByRole("button", { name: "Compare" }).click();
    const description = card
      .getByRole("region", { name: "Compare with the current version" })
      .getByRole("region", { name: "Short description" });
    await expect(description.locator("del")).toContainText(["green"]);
    await expect(description.locator("ins")).toContainText(["blue"]);

    page.once("dialog", (dialog) => void dialog.accept());
    await items.last().getByRole("button", { name: "Restore this revision" }).click();
    await expect(
      card.getByText("Revision restored. The editor shows the restored content."),
    ).toBeVisible();
    await expect(page.getByLabel("Short Description*")).toHaveValue("We plant green gardens.");
    await expect(items).toHaveCount(3);
  });
});
