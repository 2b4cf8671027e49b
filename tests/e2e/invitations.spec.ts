import { expect, test } from "./fixtures.ts";
import { apiAs, loginAs, tokenFor, unique } from "./helpers.ts";

test.describe("invitations", () => {
  test("an admin invites a user, who sets a password through the mailed link and signs in", async ({
    page,
    browser,
  }) => {
    const { token: admin } = await tokenFor(page, "admin");
    const username = unique("invite").replace(/-/g, "_");
    const email = `${username}@example.com`;

    await loginAs(page, "admin");
    await page.goto("/admin/users");
    await page.getByRole("button", { name: "Add New User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First Name").fill("Ines");
    await dialog.getByLabel("Last Name").fill("Invitee");
    await dialog.getByLabel("Invite by e-mail instead of setting a password").check();
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(page.getByText(`An invitation was sent to ${email}.`)).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: username });
    await row.getByRole("button", { name: /Resend invitation/ }).click();
    await expect(page.getByText(`Invitation sent again to ${email}.`)).toBeVisible();

    // Demo mode: the mail waits in the outbox; the newest one holds the live link.
    const { body } = await apiAs(page, admin, "GET", "/mail/outbox?limit=200");
    const mail = (body.data.mails as { to: string; kind: string; text: string }[]).find(
      (m) => m.to === email && m.kind === "invitation",
    );
    const link = mail?.text.match(/https?:\/\/\S+\/accept-invite\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    // The invitee's own browser: nobody signed in.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const visitor = await context.newPage();
    const url = new URL(link!);
    await visitor.goto(url.pathname + url.search);
    await expect(visitor.getByRole("heading", { name: "Accept Invitation" })).toBeVisible();
    // The token leaves the address bar as the page loads; the form keeps it.
    await expect(visitor).toHaveURL(/\/accept-invite$/);
    await visitor.getByLabel("New password", { exact: true }).fill("Fresh-Garden-2468");
    await visitor.getByLabel("Confirm new password").fill("Fresh-Garden-2468");
    await visitor.getByRole("button", { name: "Set Password" }).click();
    await expect(visitor).toHaveURL(/\/login\?invite=accepted$/);
    await expect(visitor.getByText("Your password has been set.")).toBeVisible();
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByLabel("Password").fill("Fresh-Garden-2468");
    await visitor.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(visitor).toHaveURL(/\/admin/);
    await expect(visitor.getByText("Ines Invitee")).toBeVisible();
    await context.close();
  });
});
