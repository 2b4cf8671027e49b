import { expect } from "vitest";
import type { SmtpCatcher } from "./smtp-catcher.ts";
import type { TestApp } from "./test-app.ts";

export const PUBLIC_URL = "https://www.acme.test";

/** A test app on a moving clock whose mail goes to `smtp`. */
export function clockedEnv(smtp: SmtpCatcher, env: Record<string, string> = {}) {
  return {
    env: { PUBLIC_URL, MAIL_FROM: "no-reply@acme.test", SMTP_URL: smtp.url, ...env },
  };
}

/** Sends what is due and answers the mails that arrived, emptying the catcher. */
export async function deliver(t: TestApp, smtp: SmtpCatcher) {
  await t.services.mailSender.sendDueMails();
  const mails = [...smtp.mails];
  smtp.mails.length = 0;
  return mails;
}

/** The one link to `path` in a mail's text (also in its HTML), and its token. */
export function linkIn(
  mail: { parsed: { text?: string; html?: string | false } },
  path: string,
): { url: string; token: string } {
  const text = mail.parsed.text ?? "";
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = text.match(new RegExp(`${PUBLIC_URL}${escaped}\\?token=([A-Za-z0-9_-]+)`));
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
  const url = match![0];
  expect(String(mail.parsed.html)).toContain(`href="${url}"`);
  return { url, token: match![1]! };
}
