import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * The browser tests' mail: the server sends it over SMTP to a catcher that
 * the global setup starts (tests/e2e/global-setup.ts); every mail caught is
 * written as one JSON file to MAIL_DIR, where the specs read it. Port and
 * folder follow E2E_PORT, so parallel runs on other ports do not meet.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4321);
export const SMTP_PORT = E2E_PORT + 20_000;
export const MAIL_DIR = path.resolve(`tmp/e2e-mail-${E2E_PORT}`);

export type E2eMail = { to: string[]; subject: string; text: string; html: string };

/** Every mail caught so far, oldest first. */
export function caughtMails(): E2eMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, name), "utf8")) as E2eMail);
}

/**
 * The mails to `to` (and matching `match`) once there are at least `count` of
 * them: the sender sends a mail as soon as it is queued; this waits for it.
 */
export async function mailsTo(
  to: string,
  { count = 1, match = () => true }: { count?: number; match?: (mail: E2eMail) => boolean } = {},
): Promise<E2eMail[]> {
  const find = () => caughtMails().filter((mail) => mail.to.includes(to) && match(mail));
  await expect
    .poll(() => find().length, { message: `${count} mail(s) to ${to}`, timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return find();
}

/** The path and query of the one link to `pathname` in a mail's text (its token included). */
export function linkIn(mail: E2eMail, pathname: string): string {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = mail.text.match(new RegExp(`https?://[^/\\s]+(${escaped}\\?token=[\\w-]+)`));
  if (!match) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  return match[1]!;
}
