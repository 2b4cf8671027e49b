import type { SiteSettings } from "#common/settings.ts";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SITE_TITLE } from "#common/settings.ts";

/**
 * What every mail is built from: the site's name, logo and brand colour
 * (Site Settings) and the address links start with (PUBLIC_URL).
 */
export type MailContext = {
  siteName: string;
  /** An absolute URL, or null when the site has no logo. */
  logoUrl: string | null;
  brandColor: string;
  /** PUBLIC_URL, or the address the server listens on when that is unset. */
  baseUrl: string;
  settings: SiteSettings;
};

/** A mail's content, before it is addressed and queued. */
export type MailContent = { subject: string; text: string; html: string };

/** The kinds of mail the site sends (mail_outbox.kind). */
export type MailKind =
  | "contact_notification"
  | "registration_pending"
  | "account_approved"
  | "password_reset"
  | "invitation"
  | "email_change"
  | "email_changed";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** `path` (starting with /) on the site, as an absolute URL. */
export function siteLink(context: Pick<MailContext, "baseUrl">, path: string): string {
  return `${context.baseUrl}${path}`;
}

export function mailContext(settings: SiteSettings, baseUrl: string): MailContext {
  const base = baseUrl.replace(/\/+$/, "");
  const logo = settings.general.logoUrl;
  const color = settings.appearance.primaryColor;
  return {
    siteName: settings.general.siteTitle.trim() || DEFAULT_SITE_TITLE,
    logoUrl: logo ? (logo.startsWith("/") ? `${base}${logo}` : logo) : null,
    brandColor: /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(color) ? color : DEFAULT_PRIMARY_COLOR,
    baseUrl: base,
    settings,
  };
}

type Block = { kind: "p"; text: string } | { kind: "quote"; text: string };

/**
 * The one layout every mail uses: a heading, paragraphs (and quoted text), one
 * button, in plain text and in HTML with the site's logo and colour.
 */
export function renderMail(
  context: MailContext,
  {
    subject,
    heading,
    blocks,
    action,
  }: { subject: string; heading: string; blocks: Block[]; action?: { label: string; url: string } },
): MailContent {
  const textParts = [heading, ""];
  for (const block of blocks) {
    textParts.push(
      block.kind === "quote"
        ? block.text
            .split("\n")
            .map((line) => `> ${line}`)
            .join("\n")
        : block.text,
      "",
    );
  }
  if (action) textParts.push(`${action.label}: ${action.url}`, "");
  textParts.push("-- ", `${context.siteName}`, context.baseUrl);
  const color = context.brandColor;
  const paragraphs = blocks
    .map((block) =>
      block.kind === "quote"
        ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid ${color};color:#334155;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`
        : `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(block.text)}</p>`,
    )
    .join("\n");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${color};color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#64748b">Or open this link: <a href="${escapeHtml(action.url)}" style="color:${color}">${escapeHtml(action.url)}</a></p>`
    : "";
  const logo = context.logoUrl
    ? `<img src="${escapeHtml(context.logoUrl)}" alt="${escapeHtml(context.siteName)}" style="max-height:48px;max-width:200px;display:block;margin-bottom:8px">`
    : "";
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;padding:24px">
<div style="border-top:4px solid ${color};background:#ffffff;border-radius:8px;padding:24px">
${logo}<div style="font-size:14px;font-weight:600;color:${color};margin-bottom:16px">${escapeHtml(context.siteName)}</div>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs}
${button}
</div>
<p style="font-size:12px;color:#64748b;text-align:center;margin-top:16px"><a href="${escapeHtml(context.baseUrl)}" style="color:#64748b">${escapeHtml(context.siteName)}</a></p>
</div>
</body></html>
`;
  return { subject, text: textParts.join("\n"), html };
}

/** To the site's staff: a visitor sent the contact form. */
export function contactNotificationMail(
  context: MailContext,
  message: { name: string; email: string; subject: string; message: string },
): MailContent {
  return renderMail(context, {
    subject: `[${context.siteName}] New message: ${message.subject}`,
    heading: `New message from ${message.name}`,
    blocks: [
      {
        kind: "p",
        text: `${message.name} <${message.email}> sent a message through the contact form of ${context.siteName}.`,
      },
      { kind: "p", text: `Subject: ${message.subject}` },
      { kind: "quote", text: message.message },
      { kind: "p", text: "Reply to this mail to answer the visitor." },
    ],
    action: { label: "Open the messages", url: siteLink(context, "/admin/messages") },
  });
}

/** To every active admin: someone registered and waits for approval. */
export function registrationPendingMail(
  context: MailContext,
  user: { username: string; email: string; first_name: string; last_name: string },
): MailContent {
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return renderMail(context, {
    subject: `[${context.siteName}] New registration waiting for approval: ${name}`,
    heading: "A new account waits for your approval",
    blocks: [
      {
        kind: "p",
        text: `${name} (username ${user.username}, ${user.email}) registered on ${context.siteName}. The account stays inactive until an administrator activates it.`,
      },
    ],
    action: { label: "Review the users", url: siteLink(context, "/admin/users") },
  });
}

/** To a user whose registration an admin approved. */
export function accountApprovedMail(
  context: MailContext,
  user: { username: string; first_name: string; last_name: string },
): MailContent {
  const name = user.first_name.trim() || user.username;
  return renderMail(context, {
    subject: `[${context.siteName}] Your account has been approved`,
    heading: `Welcome, ${name}`,
    blocks: [
      {
        kind: "p",
        text: `Your account on ${context.siteName} has been approved. You can now sign in with your e-mail address and the password you chose.`,
      },
    ],
    action: { label: "Sign in", url: siteLink(context, "/login") },
  });
}

/** To a user who asked to reset the password: a link valid for one hour. */
export function passwordResetMail(
  context: MailContext,
  user: { username: string; first_name: string },
  url: string,
): MailContent {
  const name = user.first_name.trim() || user.username;
  return renderMail(context, {
    subject: `[${context.siteName}] Reset your password`,
    heading: `Hello ${name}`,
    blocks: [
      {
        kind: "p",
        text: `Someone asked to reset the password of your account on ${context.siteName}. Open the link below to choose a new one. The link works once and expires in 1 hour; when you set a new password, every other sign-in of your account ends.`,
      },
      {
        kind: "p",
        text: "If you did not ask for this, ignore this mail: your password stays as it is.",
      },
    ],
    action: { label: "Choose a new password", url },
  });
}

/** To a user an admin added without a password: a link to set one, valid for 7 days. */
export function invitationMail(
  context: MailContext,
  user: { username: string; email: string; first_name: string },
  url: string,
  invitedBy: string,
): MailContent {
  const name = user.first_name.trim() || user.username;
  return renderMail(context, {
    subject: `[${context.siteName}] You are invited to ${context.siteName}`,
    heading: `Welcome, ${name}`,
    blocks: [
      {
        kind: "p",
        text: `${invitedBy} added you to ${context.siteName} (username ${user.username}, ${user.email}). Open the link below to choose your password; then sign in with your e-mail address and that password.`,
      },
      { kind: "p", text: "The link works once and expires in 7 days." },
    ],
    action: { label: "Set your password", url },
  });
}

/** To the NEW address of a user who changes it: the change happens when the link is opened. */
export function emailChangeMail(
  context: MailContext,
  user: { username: string; first_name: string },
  newEmail: string,
  url: string,
): MailContent {
  const name = user.first_name.trim() || user.username;
  return renderMail(context, {
    subject: `[${context.siteName}] Confirm your new e-mail address`,
    heading: `Hello ${name}`,
    blocks: [
      {
        kind: "p",
        text: `You asked to change the e-mail address of your account on ${context.siteName} to ${newEmail}. Open the link below to confirm it; until then your account keeps its old address.`,
      },
      {
        kind: "p",
        text: "The link works once and expires in 24 hours. If you did not ask for this, ignore this mail.",
      },
    ],
    action: { label: "Confirm the new address", url },
  });
}

/**
 * To the OLD address of an account whose address changed (by its user through
 * the confirmation link, or by an admin): what changed and whom to contact.
 */
export function emailChangedMail(
  context: MailContext,
  user: { username: string; first_name: string },
  change: { oldEmail: string; newEmail: string; byAdmin: boolean },
): MailContent {
  const name = user.first_name.trim() || user.username;
  const contact = context.settings.general.contactEmail.trim();
  return renderMail(context, {
    subject: `[${context.siteName}] Your e-mail address was changed`,
    heading: `Hello ${name}`,
    blocks: [
      {
        kind: "p",
        text: `The e-mail address of your account on ${context.siteName} (username ${user.username}) was changed from ${change.oldEmail} to ${change.newEmail}${change.byAdmin ? " by an administrator" : ""}. From now on you sign in with the new address, and mail for the account goes there; this is the last mail to this address.`,
      },
      {
        kind: "p",
        text: `If you did not make or expect this change, contact ${contact ? `${context.siteName} at ${contact}` : `the administrators of ${context.siteName}`} at once: someone else may have taken over your account.`,
      },
    ],
  });
}
