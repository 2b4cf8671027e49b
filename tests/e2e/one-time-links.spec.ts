import { expect, test } from "./fixtures.ts";

/**
 * The token of a one-time link leaves the address bar as the page loads
 * (before any other script, so no third party sees it there); the page keeps
 * it in memory and its form still sends it. Made-up tokens here: the server
 * refuses them, which the page shows (the browser logs the 400; the password
 * pages refuse them as they load).
 */
test.use({ allowedConsoleErrors: [/status of 400/] });

const TOKEN = "made-up-token_4Xq9";

for (const { path, endpoint, fill, button, refusal } of [
  {
    path: "/reset-password",
    endpoint: "/api/auth/reset-password",
    fill: true,
    button: "Set New Password",
    refusal: "This link is invalid or has expired.",
  },
  {
    path: "/accept-invite",
    endpoint: "/api/auth/accept-invite",
    fill: true,
    button: "Set Password",
    refusal: "This invitation link is invalid or has expired.",
  },
  {
    path: "/confirm-email",
    endpoint: "/api/auth/confirm-email",
    fill: false,
    button: "Confirm New Address",
    refusal: "This link is invalid or has expired.",
  },
]) {
  test(`${path}: the token leaves the address bar and the form still sends it`, async ({
    page,
  }) => {
    await page.goto(`${path}?token=${TOKEN}&utm_source=mail`);
    await expect(page).toHaveURL(new RegExp(`${path}\\?utm_source=mail$`));
    expect(await page.evaluate(() => window.location.href)).not.toContain(TOKEN);

    if (fill) {
      // A password page asks the server whether its link works before showing the form: a
      // made-up link is refused at once (the form sending a real link's token from memory:
      // invitations.spec.ts, password-reset.spec.ts).
      await expect(page.getByText(refusal)).toBeVisible();
      await expect(page.getByRole("button", { name: button })).toHaveCount(0);
      return;
    }
    await expect(
      page.getByText("Your account's e-mail address becomes the one this link was sent to."),
    ).toBeVisible();
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === endpoint);
    await page.getByRole("button", { name: button }).click();
    expect((await sent).postDataJSON()).toMatchObject({ token: TOKEN });
    await expect(page.getByText(refusal)).toBeVisible();
    // A refused link will not work again: no button invites another try.
    await expect(page.getByRole("button", { name: button })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${path}\\?utm_source=mail$`));
  });
}
