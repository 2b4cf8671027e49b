import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, tokenFor, unique } from "./helpers.ts";
import { mailsTo } from "./mail.ts";

test.describe("outbox", () => {
  test("an editor does not see it and cannot reach it", async ({ page }) => {
    await loginAs(page, "editor");
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("link", { name: "Outbox" })).toHaveCount(0);
    await page.goto("/admin/outbox");
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test("an admin reads the notification of a contact message a visitor sent", async ({ page }) => {
    const { token } = await tokenFor(page, "admin");
    // Only the notification addresses change: nothing a visitor or another test sees.
    const saved = await apiAs(page, token, "PUT", "/settings/general", {
      notificationEmails: "office@example.com",
    });
    expect(saved.status).toBe(200);

    const subject = unique("Outbox quote");
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name", { exact: true }).fill("Olga Outbox");
    await form.getByLabel("Email").fill("olga@example.org");
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message", { exact: true }).fill("Please call me back about a quote.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Your message has been sent successfully! We'll get back to you soon."),
    ).toBeVisible();

    // The mail goes out at once (to the tests' SMTP catcher) and is marked sent.
    await mailsTo("office@example.com", { match: (mail) => mail.subject.includes(subject) });
    await expect
      .poll(async () => {
        const { body } = await apiAs(page, token, "GET", "/mail/outbox?limit=200");
        return (body.data.mails as { subject: string; status: string }[]).find((m) =>
          m.subject.includes(subject),
        )?.status;
      })
      .toBe("sent");

    await loginAs(page, "admin");
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Outbox" }).click();
    await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(row).toContainText("office@example.com");
    await expect(row).toContainText("Contact message");
    await expect(row).toContainText("sent");
    await row.getByRole("button", { name: "Show text" }).click();
    const text = page.locator("pre").filter({ hasText: "Olga Outbox <olga@example.org>" });
    await expect(text).toBeVisible();
    await expect(text).toContainText("Please call me back about a quote.");
    await expect(text).toContainText("/admin/messages");
    await expect(page.getByText("Reply-To: olga@example.org")).toBeVisible();

    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
  });
});
