import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "#common/settings.ts";
import { loadConfig } from "#server/config.ts";
import { mailBaseUrl } from "#server/modules/mail/mail.service.ts";
import { escapeHtml, mailContext, renderMail } from "#server/modules/mail/mail.templates.ts";
import { retryDelay } from "#server/modules/mail/mail-sender.ts";

describe("mail configuration", () => {
  it("is off without SMTP_URL", () => {
    expect(loadConfig({}).mail).toBeNull();
  });

  it("reads SMTP_URL and MAIL_FROM", () => {
    expect(
      loadConfig({
        SMTP_URL: "smtp://user:pa%40ss@mail.example.com:587",
        MAIL_FROM: "Acme <no-reply@example.com>",
      }).mail,
    ).toEqual({
      smtpUrl: "smtp://user:pa%40ss@mail.example.com:587",
      from: "Acme <no-reply@example.com>",
    });
  });

  it("names the variable and the problem", () => {
    expect(() => loadConfig({ SMTP_URL: "mail.example.com", MAIL_FROM: "a@b.co" })).toThrow(
      'Invalid SMTP_URL ("mail.example.com"): must be an smtp:// or smtps:// URL, like smtp://user:password@host:587',
    );
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example.com" })).toThrow(
      "Invalid MAIL_FROM: must be set when SMTP_URL is set",
    );
    expect(() => loadConfig({ MAIL_FROM: "nobody" })).toThrow(
      'Invalid MAIL_FROM ("nobody"): must be an e-mail address',
    );
  });
});

describe("mail building blocks", () => {
  it("retries after 1 min, 5 min, 30 min, 2 h and 12 h, then gives up", () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      60_000,
      300_000,
      1_800_000,
      7_200_000,
      43_200_000,
      null,
    ]);
  });

  it("links to PUBLIC_URL, else to the address the server listens on", () => {
    expect(mailBaseUrl({ publicUrl: "https://a.example", host: "0.0.0.0", port: 80 })).toBe(
      "https://a.example",
    );
    expect(mailBaseUrl({ publicUrl: undefined, host: "0.0.0.0", port: 3000 })).toBe(
      "http://localhost:3000",
    );
  });

  it("escapes text in the HTML version and makes an uploaded logo absolute", () => {
    const context = mailContext(
      {
        ...DEFAULT_SETTINGS,
        general: { ...DEFAULT_SETTINGS.general, siteTitle: "A&B", logoUrl: "/uploads/logo.png" },
      },
      "https://a.example/",
    );
    expect(context.logoUrl).toBe("https://a.example/uploads/logo.png");
    const mail = renderMail(context, {
      subject: "Hi",
      heading: "<b>Hello</b>",
      blocks: [{ kind: "p", text: "x < y" }],
      action: { label: "Go", url: "https://a.example/login" },
    });
    expect(mail.html).toContain(escapeHtml("<b>Hello</b>"));
    expect(mail.html).toContain("x &lt; y");
    expect(mail.html).toContain("A&amp;B");
    expect(mail.text).toContain("Go: https://a.example/login");
  });
});
