import { expect, test } from "./fixtures.ts";
import { loginAs } from "./helpers.ts";

test.describe("admin: what a hostile value cannot do", () => {
  test("a stored message's address stays one recipient in both mailto links", async ({ page }) => {
    await loginAs(page, "editor");
    // A message stored before addresses were strict: the server sends it as it is.
    const message = {
      id: 4242,
      name: "Mallory",
      email: "a@b.co?cc=x@evil",
      subject: "Prices & dates?",
      message: "Hello",
      read: true,
      date: "2026-01-01T10:00:00.000Z",
      created_at: "2026-01-01T10:00:00.000Z",
    };
    await page.route("**/api/contact/messages?*", (route) =>
      route.fulfill({
        json: { success: true, data: { messages: [message], count: 1, unread: 0, totalPages: 1 } },
      }),
    );
    await page.goto("/admin/messages");
    await page.getByRole("button", { name: /Prices & dates\?/ }).click();

    const from = page.getByRole("link", { name: "a@b.co?cc=x@evil" });
    await expect(from).toHaveAttribute("href", "mailto:a%40b.co%3Fcc%3Dx%40evil");
    const reply = page.getByRole("link", { name: "Reply by e-mail" });
    await expect(reply).toHaveAttribute(
      "href",
      "mailto:a%40b.co%3Fcc%3Dx%40evil?subject=Re%3A%20Prices%20%26%20dates%3F",
    );
    const href = (await reply.getAttribute("href")) ?? "";
    const url = new URL(href);
    expect([...url.searchParams.keys()]).toEqual(["subject"]);
  });

  test("the editor preview drops java\\tscript: and \\0javascript: links", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/posts/new");
    await page.getByRole("button", { name: "HTML Editor" }).click();
    await page
      .getByRole("textbox", { name: "Content" })
      .fill(
        '<p><a href="java&#9;script:alert(1)">tab</a> <a href="&#0;javascript:alert(2)">nul</a> ' +
          '<a href=" java&#10;script:alert(3)">newline</a> <a href="/\\evil.example">slash</a> ' +
          '<img src="java&#9;script:alert(4)" alt="tabbed image"> ' +
          '<a href="https://example.com/ok">fine</a></p>',
      );
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("article", { name: "Preview" });
    await expect(preview.getByText("fine")).toHaveAttribute("href", "https://example.com/ok");
    for (const text of ["tab", "newline", "slash"]) {
      await expect(preview.getByText(text, { exact: true })).not.toHaveAttribute("href", /.*/);
    }
    // The HTML parser turns the NUL into U+FFFD: a relative link on this site, as on the server.
    const nul = preview.getByText("nul", { exact: true });
    expect(await nul.evaluate((a) => (a as HTMLAnchorElement).protocol)).toBe("http:");
    await expect(preview.getByAltText("tabbed image")).not.toHaveAttribute("src", /.*/);
  });

  test("an author's editor disables the Featured Post checkbox and says why", async ({ page }) => {
    await loginAs(page, "author");
    await page.goto("/admin/posts/new");
    const featured = page.getByLabel("Featured Post");
    await expect(featured).toBeDisabled();
    await expect(featured).not.toBeChecked();
    await expect(page.getByText("Only editors and admins can feature posts.")).toBeVisible();
    await expect(
      page.getByText(
        "Separate tags with commas. Use existing tags: only editors and admins can create new ones.",
      ),
    ).toBeVisible();
  });
});
