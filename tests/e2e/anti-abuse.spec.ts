import { expect, test } from "./fixtures.ts";
import { apiAs, tokenFor, unique } from "./helpers.ts";

const FORMS = [
  ["/contact", "Send Message"],
  ["/register", "Register"],
  ["/login", "Sign In"],
] as const;

test.describe("honeypot fields", () => {
  for (const [path, button] of FORMS) {
    test(`${path}: people never see it, tab to it or hear it`, async ({ page }) => {
      await page.goto(path);
      const honeypot = page.locator('input[name="website"]');
      await expect(honeypot).toHaveCount(1);
      await expect(honeypot).toHaveAttribute("tabindex", "-1");
      await expect(honeypot).toHaveAttribute("autocomplete", "off");
      // Off the screen, at most a pixel in size.
      await expect(honeypot).not.toBeInViewport();
      const box = await page.locator("#website-field").evaluate((el) => {
        const r = el.parentElement!.getBoundingClientRect();
        return { right: r.right, width: r.width, height: r.height };
      });
      expect(box.right).toBeLessThanOrEqual(0);
      expect(box.width).toBeLessThanOrEqual(1);
      expect(box.height).toBeLessThanOrEqual(1);
      // Not in the accessibility tree.
      await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
      // Tabbing through the page never lands on it.
      await page.locator("body").focus();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).not.toBe(
          "website",
        );
        if (
          await page
            .getByRole("button", { name: button, exact: true })
            .evaluate((el) => el === document.activeElement)
        )
          break;
      }
    });
  }

  test("a robot that fills every field on the contact form is thanked and nothing is stored", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    const subject = unique("Robot");
    await form.getByLabel("Name", { exact: true }).fill("Robot");
    await form.getByLabel("Email").fill("robot@example.com");
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message", { exact: true }).fill("Buy now");
    await page.locator('input[name="website"]').fill("http://spam.example");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Your message has been sent successfully! We'll get back to you soon."),
    ).toBeVisible();
    const { token } = await tokenFor(page, "admin");
    const { body } = await apiAs(page, token, "GET", "/contact/messages?limit=100");
    expect(body.data.messages.some((m: { subject: string }) => m.subject === subject)).toBe(false);
  });
});

test.describe("too many requests", () => {
  // The refused call is a 429 response, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test("the contact form shows the server's message", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "540" },
        json: {
          success: false,
          message: "Too many messages from your address. Please try again in 9 minutes.",
        },
      }),
    );
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name", { exact: true }).fill("Rina");
    await form.getByLabel("Email").fill("rina@example.com");
    await form.getByLabel("Subject").fill("Again");
    await form.getByLabel("Message", { exact: true }).fill("Hello again");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Too many messages from your address. Please try again in 9 minutes."),
    ).toBeVisible();
  });

  test("the register form shows the server's message", async ({ page }) => {
    await page.route("**/api/auth/register", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "3000" },
        json: {
          success: false,
          message: "Too many registrations from your address. Please try again in 50 minutes.",
        },
      }),
    );
    await page.goto("/register");
    const name = unique("user").replace(/-/g, "_");
    await page.getByLabel("First name").fill("New");
    await page.getByLabel("Last name").fill("Writer");
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Email").fill(`${name}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Confirm password").fill("secret123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(
      page.getByText("Too many registrations from your address. Please try again in 50 minutes."),
    ).toBeVisible();
  });
});
