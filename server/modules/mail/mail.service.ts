import type { Actor } from "#common/permissions.ts";
import { withSectionDefaults } from "#common/schemas/settings.ts";
import { SETTINGS_SECTIONS, type SiteSettings } from "#common/settings.ts";
import type { OutboxPage } from "#common/types.ts";
import { hiddenLink } from "#server/auth/link-tokens.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { findAllSettingsRows } from "#server/modules/settings/settings.repository.ts";
import { findOutboxMails, insertMails, type MailStatus, type NewMail } from "./mail.repository.ts";
import {
  accountApprovedMail,
  contactNotificationMail,
  emailChangedMail,
  emailChangeMail,
  invitationMail,
  type MailContext,
  mailContext,
  passwordResetMail,
  registrationPendingMail,
  siteLink,
} from "./mail.templates.ts";

export type { NewMail } from "./mail.repository.ts";
export type { MailContext } from "./mail.templates.ts";

export const OUTBOX_PAGE_SIZE = 50;

/**
 * Puts mails in the outbox. Call it with the transaction that causes them, so
 * the change and its mail commit together; the mail sender sends them later.
 * Never sends anything itself: a mail server that is down slows no request.
 */
export async function queueMail(
  db: Db,
  mails: NewMail | NewMail[] | null | undefined,
  at: string = new Date().toISOString(),
): Promise<void> {
  if (!mails) return;
  await insertMails(db, Array.isArray(mails) ? mails : [mails], at);
}

/** Comma-separated addresses as a list (empty entries dropped). */
export function splitAddresses(value: string): string[] {
  return value
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
}

/** Where contact notifications go: the notification addresses, else the contact e-mail. */
export function contactRecipients(settings: SiteSettings): string[] {
  const listed = splitAddresses(settings.general.notificationEmails ?? "");
  if (listed.length > 0) return listed;
  return splitAddresses(settings.general.contactEmail);
}

/** What links in mails start with: PUBLIC_URL, else the address the server listens on. */
export function mailBaseUrl(config: Pick<Config, "publicUrl" | "host" | "port">): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ["0.0.0.0", "::", ""].includes(config.host)
    ? "localhost"
    : config.host.includes(":")
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

export function createMailService(
  db: Db,
  {
    config,
    logger,
  }: {
    config: Pick<Config, "publicUrl" | "host" | "port" | "mail">;
    logger?: Pick<Logger, "error">;
  },
) {
  /**
   * The site's name, logo and colour for a mail. Read with `db` before a
   * transaction starts (SQLite has one connection: a read through `db` inside
   * a transaction would wait for it forever).
   */
  async function context(): Promise<MailContext> {
    let rows: Record<string, unknown> = {};
    try {
      rows = await findAllSettingsRows(db);
    } catch (error) {
      logger?.error({ err: error }, "mail: site settings could not be read; defaults used");
    }
    const settings = Object.fromEntries(
      SETTINGS_SECTIONS.map((section) => [section, withSectionDefaults(section, rows[section])]),
    ) as SiteSettings;
    return mailContext(settings, mailBaseUrl(config));
  }

  /** The staff notification for a new contact message, or null when nobody is set to get it. */
  function contactNotification(
    ctx: MailContext,
    message: { name: string; email: string; subject: string; message: string },
  ): NewMail | null {
    const to = contactRecipients(ctx.settings);
    if (to.length === 0) return null;
    return {
      ...contactNotificationMail(ctx, message),
      to: to.join(", "),
      replyTo: message.email,
      kind: "contact_notification",
    };
  }

  /** One mail per admin address: a registration waits for approval. */
  function registrationPending(
    ctx: MailContext,
    admins: string[],
    user: { username: string; email: string; first_name: string; last_name: string },
  ): NewMail[] {
    const content = registrationPendingMail(ctx, user);
    return admins.map((to) => ({ ...content, to, kind: "registration_pending" }));
  }

  /** To the user: the registration was approved. */
  function accountApproved(
    ctx: MailContext,
    user: { email: string; username: string; first_name: string; last_name: string },
  ): NewMail {
    return { ...accountApprovedMail(ctx, user), to: user.email, kind: "account_approved" };
  }

  // One-time-link mails: `nonce` is the link's (issueAccountLink); the mail is
  // stored with the token hidden and the sender puts it in (server/auth/link-tokens.ts).

  /** A one-time-link mail: the content `write` makes with the link to `path`, token hidden. */
  function linkMail(
    ctx: MailContext,
    link: { path: string; to: string; kind: string; nonce: string },
    write: (url: string) => Pick<NewMail, "subject" | "text" | "html">,
  ): NewMail {
    const content = write(siteLink(ctx, hiddenLink(link.path)));
    return { ...content, to: link.to, kind: link.kind, linkNonce: link.nonce };
  }

  /** To the user: a link to choose a new password. */
  function passwordReset(
    ctx: MailContext,
    user: { email: string; username: string; first_name: string },
    nonce: string,
  ): NewMail {
    const link = { path: "/reset-password", to: user.email, kind: "password_reset", nonce };
    return linkMail(ctx, link, (url) => passwordResetMail(ctx, user, url));
  }

  /** To a user an admin added without a password: a link to set one. */
  function invitation(
    ctx: MailContext,
    user: { email: string; username: string; first_name: string },
    nonce: string,
    invitedBy: string,
  ): NewMail {
    const link = { path: "/accept-invite", to: user.email, kind: "invitation", nonce };
    return linkMail(ctx, link, (url) => invitationMail(ctx, user, url, invitedBy));
  }

  /** To the new address: a link that confirms the change. */
  function emailChange(
    ctx: MailContext,
    user: { username: string; first_name: string },
    newEmail: string,
    nonce: string,
  ): NewMail {
    const link = { path: "/confirm-email", to: newEmail, kind: "email_change", nonce };
    return linkMail(ctx, link, (url) => emailChangeMail(ctx, user, newEmail, url));
  }

  /** To the OLD address: the account's address changed (no link). */
  function emailChanged(
    ctx: MailContext,
    user: { username: string; first_name: string },
    change: { oldEmail: string; newEmail: string; byAdmin: boolean },
  ): NewMail {
    return {
      ...emailChangedMail(ctx, user, change),
      to: change.oldEmail,
      kind: "email_changed",
    };
  }

  /** The outbox, newest first (admins). */
  async function listOutbox(
    actor: Actor | null,
    query: { page?: number; limit?: number; status?: MailStatus } = {},
  ): Promise<OutboxPage> {
    requirePermission(actor, "mail:view");
    const page = Math.max(1, query.page ?? 1);
    const limit = Math.min(Math.max(1, query.limit ?? OUTBOX_PAGE_SIZE), 200);
    const { mails, count } = await findOutboxMails(db, { page, limit, status: query.status });
    return {
      mails,
      count,
      page,
      totalPages: Math.max(1, Math.ceil(count / limit)),
      delivering: config.mail !== null,
    };
  }

  /** Whether a contact message is e-mailed to anyone (a notification or contact address is set). */
  async function hasContactRecipients(): Promise<boolean> {
    return contactRecipients((await context()).settings).length > 0;
  }

  return {
    context,
    contactNotification,
    hasContactRecipients,
    registrationPending,
    accountApproved,
    passwordReset,
    invitation,
    emailChange,
    emailChanged,
    listOutbox,
  };
}

export type MailService = ReturnType<typeof createMailService>;
