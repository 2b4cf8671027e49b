import { expect, test } from "./fixtures.ts";
import { apiAs, tokenFor, unique } from "./helpers.ts";
import { linkIn, mailsTo } from "./mail.ts";

test.describe("forgot password", () => {
  // The refused link is a 400 the page shows, and the sign-in the reset ended
  // answers 401 once: the browser logs both.
  test.use({ allowedConsoleErrors: [/status of 40[01]/] });
  test("a user asks for a link, sets a new password with it and signs in", async ({ page }) => {
    const { token: admin } = await tokenFor(page, "admin");
    const username = unique("reset").replace(/-/g, "_");
    const email = `${username}@example.com`;
    const created = await apiAs(page, admin, "POST", "/users", {
      username,
      email,
      first_name: "Rhea",
      last_name: "Reset",
      role: "author",
      password: "Old-Harbour-1234",
    });
    expect(created.status).toBe(201);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(
      page.getByText("If an account exists for that address, we have sent a link"),
    ).toBeVisible();

    // The mail as it arrived (the outbox shows the link hidden).
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain("Reset your password");
    const link = linkIn(mail!, "/reset-password");
    // Admins read the mail in the outbox, the link's token hidden.
    const { body } = await apiAs(page, admin, "GET", "/mail/outbox?limit=200");
    const stored = (body.data.mails as { to: string; text: string }[]).find((m) => m.to === email);
    expect(stored?.text).toContain("/reset-password?token=(hidden)");
    expect(stored?.text).not.toContain(link);
    // Opened in a browser still signed in as Rhea (her sign-ins end with the reset).
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Old-Harbour-1234");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin/);
    await page.goto(link);
    // The token leaves the address bar as the page loads; the form keeps it.
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel("New password", { exact: true }).fill("New-Lighthouse-5678");
    await page.getByLabel("Confirm new password").fill("New-Lighthouse-5678");
    const endedSignIn = page.waitForResponse((r) => r.url().endsWith("/api/auth/me"));
    await page.getByRole("button", { name: "Set New Password" }).click();
    expect((await endedSignIn).status()).toBe(401);
    // The sign-in page stays with its notice; the old sign-in does not carry the browser off.
    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByText("Your password has been changed.")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("New-Lighthouse-5678");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByText("Rhea Reset")).toBeVisible();
  });

  test("the same answer for an unknown address, and a made-up link is refused", async ({
    page,
  }) => {
    await page.goto("/forgot-password");
    // The form asks for an address only, and says so.
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill(`${unique("nobody")}@example.com`);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(
      page.getByText("If an account exists for that address, we have sent a link"),
    ).toBeVisible();

    // Refused as the page loads, before anyone types a new password.
    await page.goto("/reset-password?token=not-a-real-token");
    await expect(page.getByText("This link is invalid or has expired.")).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });
});
