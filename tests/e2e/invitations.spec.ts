import { expect, test } from "./fixtures.ts";
import { loginAs, unique } from "./helpers.ts";
import { linkIn, mailsTo } from "./mail.ts";

test.describe("invitations", () => {
  test("an admin invites a user, who sets a password through the mailed link and signs in", async ({
    page,
    browser,
    site,
  }) => {
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
    await mailsTo(email);
    const row = page.getByRole("row").filter({ hasText: username });
    await row.getByRole("button", { name: /Resend invitation/ }).click();
    await expect(page.getByText(`Invitation sent again to ${email}.`)).toBeVisible();

    // The second mail holds the live link: re-sending replaced the first one's.
    const mails = await mailsTo(email, { count: 2 });
    const link = linkIn(mails[1]!, "/accept-invite");

    // The invitee's own browser: nobody signed in.
    const context = await browser.newContext({ baseURL: site.url });
    const visitor = await context.newPage();
    await visitor.goto(link);
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
