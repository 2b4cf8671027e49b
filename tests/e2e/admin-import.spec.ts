import { buildWxr } from "#tests/factories/wxr.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations, loginAs, unique } from "./helpers.ts";

/** Admin → Import: an admin runs a dry run, then the import, and reads the reports. */
test.describe("moving in from WordPress", () => {
  test("an editor does not see it and cannot reach it", async ({ page }) => {
    await loginAs(page, "editor");
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("link", { name: "Import" })).toHaveCount(0);
    await page.goto("/admin/import");
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test("an admin runs a dry run, imports, and sees both reports", async ({ page }) => {
    const slug = unique("moved");
    const site = `https://${unique("old")}.example.com`;
    const wxr = buildWxr({
      siteUrl: site,
      title: "Old Blog",
      categories: [{ slug: `${slug}-news`, name: `News ${slug}` }],
      items: [
        {
          id: 1,
          title: `Moved post ${slug}`,
          slug,
          link: `${site}/2020/01/${slug}/`,
          categories: [`${slug}-news`],
          content: `First words.\n\n<img src="http://127.0.0.1:9/${slug}/${"photograph".repeat(8)}.jpg" alt="Local">`,
        },
        {
          id: 2,
          title: `Kept private ${slug}`,
          slug: `${slug}-private`,
          status: "private",
          content: "For us",
        },
        { id: 3, title: `About us ${slug}`, slug: `${slug}-about`, type: "page", content: "Hi" },
      ],
    });

    await loginAs(page, "admin");
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Import" }).click();
    await expect(page.getByRole("heading", { name: "Import", level: 1 })).toBeVisible();
    await page.getByLabel("WordPress").check();
    await page.getByLabel("Export file").setInputFiles({
      name: "old-blog.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(wxr),
    });
    await page.getByLabel("Images that cannot be fetched").selectOption("remove");
    await page.getByRole("button", { name: "Start dry run" }).click();

    const dryReport = page.getByRole("region", { name: "Dry run report" });
    await expect(dryReport).toBeVisible({ timeout: 20_000 });
    await expect(dryReport).toContainText("Nothing was written");
    // Each row is named by its kind, for a screen reader's "row header".
    await expect(dryReport.getByRole("rowheader", { name: "Posts" })).toBeVisible();
    await expect(dryReport.getByRole("row", { name: /^Posts/ })).toHaveText(
      /Posts\s*2\s*0\s*0\s*0/,
    );
    await expect(dryReport.getByRole("row", { name: /^Pages/ })).toHaveText(
      /Pages\s*1\s*0\s*0\s*0/,
    );
    await expect(dryReport).toContainText(
      `Post 2 “Kept private ${slug}”: was private on WordPress: it came in as a draft, not public`,
    );
    // Nothing is there yet.
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Import", exact: true }).click();
    const report = page.getByRole("region", { name: "Import report" });
    await expect(report).toBeVisible({ timeout: 20_000 });
    await expect(report.getByRole("row", { name: /^Posts/ })).toHaveText(/Posts\s*2\s*0\s*0\s*0/);
    await expect(report.getByRole("row", { name: /^Images/ })).toHaveText(/Images\s*0\s*0\s*0\s*1/);
    await expect(report).toContainText("the host 127.0.0.1 is a private or local address");
    // On a phone, long image addresses wrap inside the list instead of running out of it.
    await page.setViewportSize({ width: 375, height: 800 });
    const list = report.getByRole("list");
    const [scroll, client] = await list.evaluate((ul) => [ul.scrollWidth, ul.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { name: `Moved post ${slug}`, level: 1 })).toBeVisible();
    const moved = await page.request.get(`/2020/01/${slug}/`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/blog/${slug}`);

    // The audit log tells the dry run from the import, with what each counted.
    await page.goto("/admin/audit-log");
    await page.getByLabel("Action").selectOption("import_finished");
    const finished = page
      .getByRole("row")
      .filter({ hasText: "Import finished" })
      .filter({ hasText: "old-blog.xml" });
    await expect(finished.filter({ hasText: "WordPress, dry run" })).toContainText(
      /Created 1 author, 1 category, 2 posts, 1 page, \d+ redirects · 1 failed/,
    );
    await expect(finished.filter({ hasText: /WordPress · Created/ })).toContainText(
      /Created 1 author, 1 category, 2 posts, 1 page, \d+ redirects · 1 failed/,
    );
  });
});
