import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, tokenFor, unique } from "./helpers.ts";

test.describe("audit log", () => {
  test("an editor does not see it and cannot reach it", async ({ page }) => {
    await loginAs(page, "editor");
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await page.goto("/admin/audit-log");
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test("an admin sees who did what and filters it", async ({ page }) => {
    const { token } = await tokenFor(page, "editor");
    const title = unique("Audited service");
    const created = await apiAs(page, token, "POST", "/services", {
      title,
      slug: unique("audited"),
      description: "Seen in the audit log",
    });
    expect(created.status).toBe(201);

    await loginAs(page, "admin");
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Created");
    await expect(row).toContainText("Service:");

    await page.getByLabel("Type").selectOption("service");
    // A service never has its role changed: nothing matches, whatever other tests did.
    await page.getByLabel("Action").selectOption("role_changed");
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await page.getByLabel("Action").selectOption("created");
    await expect(row).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByLabel("Type")).toHaveValue("");

    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
  });

  test("an admin sees a failed sign-in with the address tried, under its own action and type", async ({
    page,
  }) => {
    const tried = `${unique("intruder")}@example.com`;
    const failed = await page.request.post("/api/auth/login", {
      data: { email: tried, password: "Not-The-Password-1" },
    });
    expect(failed.status()).toBe(401);

    await loginAs(page, "admin");
    await page.goto("/admin/audit-log");
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    await page.getByLabel("Action").selectOption({ label: "Sign-in failed" });
    await page.getByLabel("Type").selectOption({ label: "Account" });
    const row = page.getByRole("row").filter({ hasText: tried });
    await expect(row).toContainText("Sign-in failed");
    await expect(row).toContainText("Account:");
    await expect(row).toContainText("Visitor at 127.0.0.1");
    await expect(row).not.toContainText("Not-The-Password-1");
    // A successful sign-in is another action: the filter leaves it out.
    await page.getByLabel("Action").selectOption({ label: "Signed in" });
    await expect(row).toHaveCount(0);
  });

  test("a new order says what was reordered", async ({ page }) => {
    const { token } = await tokenFor(page, "admin");
    const services = await apiAs(page, token, "GET", "/services");
    const ids = services.body.data.map((service: { id: number }) => service.id);
    expect(ids.length).toBeGreaterThan(1);
    expect((await apiAs(page, token, "PUT", "/services/reorder", { ids })).status).toBe(200);

    await loginAs(page, "admin");
    await page.goto("/admin/audit-log");
    await page.getByLabel("Type").selectOption("service");
    const row = page.getByRole("row").filter({ hasText: "Services order" }).first();
    await expect(row).toContainText(`${ids.length} services reordered`);
  });

  // Between them, one of these two zones is on another day than UTC at any hour.
  for (const timezoneId of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
    test.describe(`in ${timezoneId}`, () => {
      test.use({ timezoneId });
      test("From and To are the days of the times shown", async ({ page }) => {
        const { token } = await tokenFor(page, "admin");
        const title = unique("Today's service");
        const created = await apiAs(page, token, "POST", "/services", {
          title,
          slug: unique("today"),
          description: "Filed under today",
        });
        expect(created.status).toBe(201);

        await loginAs(page, "admin");
        await page.goto("/admin/audit-log");
        const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
        await page.getByLabel("From", { exact: true }).fill(today);
        await page.getByLabel("To", { exact: true }).fill(today);
        await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
      });
    });
  }
});
