import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import type { PasswordLinkPurpose } from "#common/one-time-links.ts";
import { ForgotPasswordSchema, SetPasswordSchema } from "#common/schemas/account.ts";
import type { LinkTokens } from "#server/auth/link-tokens.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { hashToken } from "#server/auth/tokens.ts";
import type { Db } from "#server/db/client.ts";
import { AppError, isAppError } from "#server/lib/app-error.ts";
import { UNKNOWN_CLIENT } from "#server/lib/client-address.ts";
import { requireUncommonPassword } from "#server/lib/common-passwords.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import type { RateLimit } from "#server/lib/rate-limit.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { type MailService, queueMail } from "#server/modules/mail/mail.service.ts";
import { selfActor, userEvent } from "#server/modules/users/user-audit.ts";
import {
  findUserByEmail,
  findUserById,
  updateUser,
} from "#server/modules/users/users.repository.ts";
import {
  type AccountTokenPurpose,
  deleteAccountTokens,
  findUsableAccountToken,
  replaceAccountToken,
  useAccountToken,
} from "./account-tokens.repository.ts";
import { deleteSessionsOfUser } from "./sessions.repository.ts";
import { visitor } from "./sign-in-audit.ts";

export const PASSWORD_RESET_HOURS = 1;
export const INVITATION_DAYS = 7;
export const EMAIL_CHANGE_HOURS = 24;

/** How long a link of each purpose stays valid. */
const LINK_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: PASSWORD_RESET_HOURS * 3_600_000,
  invitation: INVITATION_DAYS * 86_400_000,
  email_change: EMAIL_CHANGE_HOURS * 3_600_000,
};

/** The lead of the 429 a client gets past PASSWORD_RESET_RATE_LIMIT. */
export const PASSWORD_RESET_TOO_MANY = "Too many password reset requests from your address.";

/** The lead of the 429 a client gets past SET_PASSWORD_RATE_LIMIT. */
export const SET_PASSWORD_TOO_MANY = "Too many attempts to set a password from your address.";

/**
 * Counters for "Forgot password?": per client address (429) and per e-mail
 * address (silent); and for setting a password with a link, per client (429).
 */
export type PasswordResetLimits = {
  client?: RateLimit;
  address?: RateLimit;
  setPassword?: RateLimit;
};

/**
 * A new one-time link for the user (to `newEmail` for an e-mail change),
 * valid for its purpose's lifetime, replacing the user's earlier link of the
 * same purpose. Answers the link's nonce (for the mail, NewMail.linkNonce):
 * the token is derived from it with the server's secret and only its hash is
 * stored (server/auth/link-tokens.ts).
 */
export async function issueAccountLink(
  db: Db,
  links: LinkTokens,
  now: Date,
  purpose: AccountTokenPurpose,
  user: { id: number; email: string },
  newEmail?: string,
): Promise<string> {
  const nonce = links.newNonce();
  await replaceAccountToken(
    db,
    {
      user_id: user.id,
      purpose,
      token_hash: hashToken(links.tokenOf(nonce)),
      new_email: newEmail ?? null,
      account_email: user.email,
      expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
    },
    now.toISOString(),
  );
  return nonce;
}

/**
 * Password reset and invitation acceptance: one-time links mailed to the
 * user; only the token's hash is stored (account_tokens).
 */
export function createAccountService(
  db: Db,
  {
    mail,
    links,
    now: clock = () => new Date(),
    limits = {},
    hash = hashPassword,
  }: {
    mail: MailService;
    links: LinkTokens;
    now?: () => Date;
    limits?: PasswordResetLimits;
    /** Hashes a new password (argon2id; tests count its calls). */
    hash?: (password: string) => Promise<string>;
  },
) {
  /**
   * "Forgot password?". Always answers the same (nothing): a known, unknown
   * or inactive address, or one past its limit, looks alike. Only a client
   * past its own limit gets a 429 (counted before the address is looked up,
   * so it tells nothing about accounts).
   */
  async function requestPasswordReset(
    input: unknown,
    { client = UNKNOWN_CLIENT }: { client?: string } = {},
  ): Promise<void> {
    const { email, website } = parseInput(ForgotPasswordSchema, input);
    if (website) return;
    await limits.client?.(client);
    try {
      await limits.address?.(email.trim().toLowerCase());
    } catch (error) {
      if (isAppError(error) && error.status === 429) return;
      throw error;
    }
    const row = await findUserByEmail(db, email);
    if (row?.status !== "active") return;
    // Read before the transaction (see MailService.context).
    const context = await mail.context();
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const nonce = await issueAccountLink(trx, links, now, "password_reset", row);
      await queueMail(trx, mail.passwordReset(context, row, nonce), now.toISOString());
      // Asked by someone not signed in: the log names them by their address.
      const known = client !== UNKNOWN_CLIENT;
      await insertAuditEvents(
        trx,
        visitor(client),
        [userEvent(row, "password_reset_requested", known ? { client } : undefined)],
        now.toISOString(),
      );
    });
  }

  /** The account a reset or invitation link would set the password of, or null: the link does not work. */
  async function findLinkOwner(purpose: PasswordLinkPurpose, tokenHash: string) {
    const found = await findUsableAccountToken(db, tokenHash, purpose, clock().toISOString());
    const owner = found ? await findUserById(db, found.user_id) : null;
    // A reset for an account deactivated since the mail: refused.
    if (!owner || (purpose === "password_reset" && owner.status !== "active")) return null;
    return owner;
  }

  /**
   * Whether a reset or invitation link still works (not used, replaced or
   * expired), for its page to say so before the form is filled in. Uses nothing.
   */
  async function isPasswordLinkUsable(
    purpose: PasswordLinkPurpose,
    token: string,
  ): Promise<boolean> {
    if (!token || token.length > 200) return false;
    return (await findLinkOwner(purpose, hashToken(token))) !== null;
  }

  /**
   * Sets the password through a one-time link: the link is used up, every
   * session of the user ends (they sign in again with the new password), and
   * an invitation's account may sign in from now on. Counted per client
   * (SET_PASSWORD_RATE_LIMIT). The link is looked up before anything costly:
   * the password is hashed (argon2id, slow and memory-hungry on purpose) only
   * for a link that works, so made-up tokens cost a lookup each. The use in
   * the transaction checks the link again, atomically.
   */
  async function setPasswordWithToken(
    purpose: PasswordLinkPurpose,
    input: unknown,
    { client = UNKNOWN_CLIENT }: { client?: string } = {},
  ): Promise<{ email: string }> {
    const { token, password } = parseInput(SetPasswordSchema, input);
    await limits.setPassword?.(client);
    const invalid =
      purpose === "invitation" ? INVITATION_TEXTS.invalidLink : PASSWORD_RESET_TEXTS.invalidLink;
    const tokenHash = hashToken(token);
    if (!(await findLinkOwner(purpose, tokenHash))) throw AppError.badRequest(invalid);
    requireUncommonPassword(password);
    // Hashing is slow: done before the transaction, which holds locks.
    const passwordHash = await hash(password);
    return db.transaction().execute(async (trx) => {
      const at = clock().toISOString();
      // Checked again and used in one statement: of two requests only one gets it.
      const used = await useAccountToken(trx, tokenHash, purpose, at);
      if (!used) throw AppError.badRequest(invalid);
      const user = await findUserById(trx, used.user_id);
      if (!user || (purpose === "password_reset" && user.status !== "active")) {
        throw AppError.badRequest(invalid);
      }
      await updateUser(trx, user.id, { password_hash: passwordHash }, at);
      await deleteSessionsOfUser(trx, user.id);
      // A password is set: no other link of the user works any more (reset,
      // invitation, and an e-mail change someone else may have asked for).
      await deleteAccountTokens(trx, user.id);
      // The user acts on their own account.
      await insertAuditEvents(
        trx,
        selfActor(user),
        [
          userEvent(user, "updated", {
            changed: ["password"],
            ...(purpose === "invitation" ? { invitation: "accepted" } : { reset: true }),
          }),
        ],
        at,
      );
      return { email: user.email };
    });
  }

  return {
    requestPasswordReset,
    resetPassword: (input: unknown, meta?: { client?: string }) =>
      setPasswordWithToken("password_reset", input, meta),
    acceptInvitation: (input: unknown, meta?: { client?: string }) =>
      setPasswordWithToken("invitation", input, meta),
    isPasswordLinkUsable,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
