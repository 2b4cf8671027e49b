import { expect, test } from "./fixtures.ts";
import { apiAs, loginAs, tokenFor, unique } from "./helpers.ts";

test.describe("profile", () => {
  test("a user changes the name and the password, sees the sessions and signs out the others", async ({
    page,
  }) => {
    const { token: admin } = await tokenFor(page, "admin");
    const username = unique("prof").replace(/-/g, "_");
    const email = `${username}@example.com`;
    const password = "First-Harvest-1357";
    const created = await apiAs(page, admin, "POST", "/users", {
      username,
      email,
      first_name: "Paula",
      last_name: "Profile",
      role: "author",
      password,
    });
    expect(created.status).toBe(201);
    // A second sign-in elsewhere.
    const other = await page.request.post("/api/auth/login", {
      data: { email, password },
      headers: { "user-agent": "Other-Browser/9" },
    });
    const otherToken = (await other.json()).token as string;

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin/);
    await page.getByRole("link", { name: "Paula Profile" }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();

    await page.getByLabel("First Name").fill("Pia");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pia Profile" })).toBeVisible();

    const sessions = page.getByRole("list", { name: "Active sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions).toContainText("Other-Browser/9");
    await expect(sessions.getByText("This session")).toHaveCount(1);
    await page.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(page.getByText("Signed out of 1 other session.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    const gone = await apiAs(page, otherToken, "GET", "/auth/me");
    expect(gone.status).toBe(401);

    await page.getByLabel("Current Password").fill(password);
    await page.getByLabel("New Password", { exact: true }).fill("Second-Harvest-2468");
    await page.getByLabel("Confirm New Password").fill("Second-Harvest-2468");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();
    // Still signed in here.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    const fresh = await page.request.post("/api/auth/login", {
      data: { email, password: "Second-Harvest-2468" },
    });
    expect(fresh.status()).toBe(200);
  });

  test.describe("refusals", () => {
    // The refusals are 400s the page shows; the browser logs them.
    test.use({ allowedConsoleErrors: [/status of 400/] });
    test("each refusal is shown at the field it names", async ({ page, login }) => {
      const me = await login("author");
      await page.goto("/admin/profile");
      await page.getByLabel("First Name").fill("");
      await page.getByLabel("Username").fill("x");
      await page.getByRole("button", { name: "Save Profile" }).click();
      await expect(page.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#field-first_name-error")).toHaveText("First name is required");
      await expect(page.locator("#field-username-error")).not.toBeEmpty();

      await page.getByLabel("New Email").fill(me.email);
      await page.locator("#field-email_current_password").fill(me.password);
      await page.getByRole("button", { name: "Send Confirmation Link" }).click();
      await expect(page.getByLabel("New Email")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#field-email-error")).toHaveText(
        "That is already your e-mail address.",
      );
    });
  });

  test("an editor reaches the profile from the sidebar", async ({ page }) => {
    await loginAs(page, "editor");
    await page.goto("/admin/dashboard");
    // The user's name in the sidebar links to the profile.
    await page
      .getByRole("navigation", { name: "Admin" })
      .locator('a[href="/admin/profile"]')
      .click();
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page.getByText("editor@example.com")).toBeVisible();
  });
});
