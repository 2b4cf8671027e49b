import { expect, test } from "./fixtures.ts";
import { apiAs, loginAs, tokenFor, unique } from "./helpers.ts";

test.describe("admin: sign out everywhere", () => {
  test("the button ends this browser's session and every other one", async ({ page }) => {
    // A user of its own: other tests keep their demo sessions.
    const { token: adminToken } = await tokenFor(page, "admin");
    const username = unique("everywhere").replace(/-/g, "_");
    const email = `${username}@example.com`;
    const password = "Sign-out-everywhere-42";
    const created = await apiAs(page, adminToken, "POST", "/users", {
      username,
      email,
      first_name: "Roaming",
      last_name: "Editor",
      role: "editor",
      password,
      status: "active",
    });
    expect(created.status).toBe(201);

    // A second session, as if signed in on another device.
    const other = await page.request.post("/api/auth/login", { data: { email, password } });
    const otherToken = (await other.json()).token as string;
    expect((await apiAs(page, otherToken, "GET", "/auth/me")).status).toBe(200);

    // This browser signs in through the form.
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Cancelling the confirmation changes nothing.
    page.once("dialog", (dialog) => dialog.dismiss());
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect((await apiAs(page, otherToken, "GET", "/auth/me")).status).toBe(200);

    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      return dialog.accept();
    });
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    // Like Logout: the sign-in page (the guard may add where you were).
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    expect(question).toBe(
      "Sign out on every browser and device where you are signed in, including this one?",
    );
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();

    // The other device's session no longer works, nor do protected pages here.
    const after = await apiAs(page, otherToken, "GET", "/auth/me");
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Authentication required");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fdashboard$/);
  });

  test.describe("when the server cannot do it", () => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test("you stay signed in and are told", async ({ page }) => {
      await loginAs(page, "editor");
      await page.route("**/api/auth/logout-all", (route) =>
        route.fulfill({
          status: 500,
          json: { success: false, message: "Something went wrong on our side. Reference: x" },
        }),
      );
      await page.goto("/admin/dashboard");
      page.once("dialog", (dialog) => dialog.accept());
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "Could not sign out everywhere. Please try again.",
      );
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      expect(await page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();
    });
  });
});
