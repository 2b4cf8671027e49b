import nodemailer from "nodemailer";
import { withSectionDefaults } from "#common/schemas/settings.ts";
import { type LinkTokens, revealLinks } from "#server/auth/link-tokens.ts";
import { hashToken } from "#server/auth/tokens.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import {
  type AccountTokenPurpose,
  findUsableAccountToken,
} from "#server/modules/auth/account-tokens.repository.ts";
import { findSettingsRow } from "#server/modules/settings/settings.repository.ts";
import {
  claimMail,
  findDueMails,
  markMailAttemptFailed,
  markMailNotSent,
  markMailSent,
} from "./mail.repository.ts";

const MINUTE = 60_000;
/** After the 1st, 2nd, … failed attempt the next comes this much later; after the last, failed. */
export const RETRY_DELAYS_MS = [1, 5, 30, 120, 720].map((minutes) => minutes * MINUTE);
/** How often the sender looks for due mails. */
export const SEND_INTERVAL_MS = 15_000;
/** How long a claimed mail is left alone by other senders while one attempt runs. */
const LEASE_MS = 10 * MINUTE;
const BATCH = 20;

export type MailTransport = {
  sendMail(message: {
    from: string | { name: string; address: string };
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<unknown>;
  close?(): void;
};

/** Why a one-time-link mail was not sent (its last_error in the outbox). */
export const LINK_GONE =
  "The link in this mail was used, replaced or has expired (or the server's secret key changed since it was queued); not sent.";

/** The mail kinds that carry a one-time link, and the link's purpose (account_tokens.purpose). */
const LINK_PURPOSES: Record<string, AccountTokenPurpose> = {
  password_reset: "password_reset",
  invitation: "invitation",
  email_change: "email_change",
};

/** The delay after `attempts` failed attempts, or null: give up. */
export function retryDelay(attempts: number): number | null {
  return RETRY_DELAYS_MS[attempts - 1] ?? null;
}

/**
 * Sends queued mails over SMTP (SMTP_URL, MAIL_FROM): every SEND_INTERVAL_MS
 * from `start` until `stop`, on a timer that does not keep the process alive,
 * one run at a time, and right after a mail is queued (`sendSoon`, called when
 * a write to the outbox commits). A failed attempt is retried after 1 min,
 * 5 min, 30 min, 2 h and 12 h, then the mail is marked failed. Without
 * SMTP_URL nothing is sent and mails stay queued (demo mode included: a demo
 * sends mail only when SMTP_URL is set).
 */
export function createMailSender(
  db: Db,
  {
    config,
    logger,
    now = () => new Date(),
    transport: givenTransport,
    links,
  }: {
    config: Pick<Config, "mail">;
    logger: Logger;
    now?: () => Date;
    transport?: MailTransport;
    /** Rebuilds a link mail's token from its nonce (the server's secret). */
    links: LinkTokens;
  },
) {
  const enabled = config.mail !== null;
  let transport: MailTransport | undefined = givenTransport;
  let timer: ReturnType<typeof setInterval> | undefined;
  let started = false;
  let running: Promise<number> | undefined;
  /** A mail was queued while a run was under way: run once more after it. */
  let again = false;

  function getTransport(): MailTransport {
    transport ??= nodemailer.createTransport({
      url: config.mail!.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]) as unknown as MailTransport;
    return transport;
  }

  /** A bare MAIL_FROM address is sent with the site's name. */
  async function sender(): Promise<string | { name: string; address: string }> {
    const from = config.mail!.from;
    if (from.includes("<")) return from;
    const general = withSectionDefaults("general", await findSettingsRow(db, "general"));
    return { name: general.siteTitle, address: from };
  }

  /**
   * A link mail's text and HTML with the link's token put back, or null when
   * the link would not work any more (used, replaced, expired, revoked, or
   * another secret): such a mail is not sent.
   */
  async function withLink(
    mail: { kind: string; text: string; html: string; link_nonce: string | null },
    at: Date,
  ): Promise<{ text: string; html: string } | null> {
    if (!mail.link_nonce) return { text: mail.text, html: mail.html };
    const purpose = LINK_PURPOSES[mail.kind];
    if (!purpose) return null;
    const token = links.tokenOf(mail.link_nonce);
    const usable = await findUsableAccountToken(db, hashToken(token), purpose, at.toISOString());
    return usable
      ? { text: revealLinks(mail.text, token), html: revealLinks(mail.html, token) }
      : null;
  }

  async function run(): Promise<number> {
    const at = now();
    const due = await findDueMails(db, at.toISOString(), BATCH);
    if (due.length === 0) return 0;
    const from = await sender();
    let sent = 0;
    for (const mail of due) {
      const started = now();
      const lease = new Date(started.getTime() + LEASE_MS).toISOString();
      if (!(await claimMail(db, mail.id, mail.next_attempt_at, lease))) continue;
      const attempts = mail.attempts + 1;
      const content = await withLink(mail, started);
      if (!content) {
        await markMailNotSent(db, mail.id, LINK_GONE);
        logger.info(
          { mailId: mail.id, kind: mail.kind },
          "mail: its link no longer works; not sent",
        );
        continue;
      }
      try {
        // The token is only in this message, in memory: never written anywhere.
        await getTransport().sendMail({
          from,
          to: mail.to,
          ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
          subject: mail.subject,
          text: content.text,
          html: content.html,
        });
        await markMailSent(db, mail.id, attempts, now().toISOString());
        sent += 1;
      } catch (error) {
        const delay = retryDelay(attempts);
        const message = error instanceof Error ? error.message : String(error);
        await markMailAttemptFailed(db, mail.id, {
          attempts,
          error: message,
          retryAt: delay === null ? null : new Date(now().getTime() + delay).toISOString(),
        });
        logger.warn(
          { mailId: mail.id, kind: mail.kind, attempts, err: message, gaveUp: delay === null },
          delay === null ? "mail: gave up sending" : "mail: sending failed; will retry",
        );
      }
    }
    return sent;
  }

  /** Sends the mails that are due now: how many were sent (0 when sending is off). */
  async function sendDueMails(): Promise<number> {
    if (!enabled) return 0;
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () => {
    sendDueMails()
      .catch((error: unknown) => logger.error({ err: error }, "mail sender failed"))
      .finally(() => {
        if (again && started) {
          again = false;
          tick();
        }
      });
  };

  /**
   * A mail was just queued (its transaction committed): send it now rather
   * than at the next tick. Only while started; a run under way is followed by
   * another, which sees the new mail.
   */
  function sendSoon() {
    if (!started) return;
    if (running) again = true;
    else tick();
  }

  /**
   * Sends now, then every `intervalMs` and whenever a mail is queued here; does
   * nothing when sending is off. `null`: no rounds, only the mails queued here
   * (a server's other workers: the first one's rounds pick up the rest, such
   * as retries; claims keep two senders from sending one mail twice).
   */
  function start(intervalMs: number | null = SEND_INTERVAL_MS) {
    if (!enabled || started) return;
    started = true;
    if (intervalMs !== null) {
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    }
  }

  /** Stops the rounds and waits for a run in progress; closes the SMTP transport. */
  async function stop() {
    started = false;
    if (timer) clearInterval(timer);
    timer = undefined;
    again = false;
    await running?.catch(() => {});
    transport?.close?.();
    transport = givenTransport;
  }

  return { sendDueMails, sendSoon, start, stop, enabled, running: () => started };
}

export type MailSender = ReturnType<typeof createMailSender>;
