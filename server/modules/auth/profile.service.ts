import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import { TokenSchema } from "#common/schemas/account.ts";
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
} from "#common/schemas/profile.ts";
import type { User } from "#common/types.ts";
import type { LinkTokens } from "#server/auth/link-tokens.ts";
import { createLoginThrottle, type LoginThrottle } from "#server/auth/login-throttle.ts";
import { hashPassword, verifyPassword } from "#server/auth/passwords.ts";
import { hashToken } from "#server/auth/tokens.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { toIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { UNKNOWN_CLIENT } from "#server/lib/client-address.ts";
import { requireUncommonPassword } from "#server/lib/common-passwords.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { createMemoryRateLimitStore, type RateLimit } from "#server/lib/rate-limit.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { type MailService, queueMail } from "#server/modules/mail/mail.service.ts";
import { selfActor, userEvent } from "#server/modules/users/user-audit.ts";
import {
  findUserById,
  findUserIdByEmail,
  findUserIdByUsername,
  findUserSecrets,
  type UserUpdate,
  updateUser,
} from "#server/modules/users/users.repository.ts";
import { issueAccountLink } from "./account.service.ts";
import { deleteAccountTokens, useAccountToken } from "./account-tokens.repository.ts";
import {
  deleteSessionsOfUser,
  deleteStaleSessions,
  findSessionsOfUser,
  type SessionLimits,
} from "./sessions.repository.ts";
import { recordFailedPassword } from "./sign-in-audit.ts";

export type { ActiveSession, Profile } from "#common/types.ts";

import type { ActiveSession, Profile } from "#common/types.ts";

export const EMAIL_CHANGE_TOO_MANY = "Too many e-mail address changes asked for.";

/**
 * The signed-in user's own account (/admin/profile): every role may change
 * their name, username, avatar, password and e-mail (through a link to the
 * new address), and see and end their sessions. Changes go to the audit log
 * with the user as the actor.
 */
export function createProfileService(
  db: Db,
  {
    mail,
    links,
    now: clock = () => new Date(),
    throttle = createLoginThrottle(createMemoryRateLimitStore()),
    sessionLimits,
    emailChangeLimit,
  }: {
    mail: MailService;
    links: LinkTokens;
    now?: () => Date;
    /** Sessions past these are gone before the list is read or counted. */
    sessionLimits: SessionLimits;
    /** E-mail change requests, per user and per new address (EMAIL_CHANGE_RATE_LIMIT). */
    emailChangeLimit?: RateLimit;
    /** The sign-in throttle (shared with the auth service) the current-password check counts in. */
    throttle?: LoginThrottle;
  },
) {
  async function getProfile(me: User): Promise<Profile> {
    const user = await findUserById(db, me.id);
    if (!user) throw AppError.unauthorized();
    const secrets = await findUserSecrets(db, me.id);
    return { ...user, avatar_url: secrets?.avatar_url ?? null };
  }

  /**
   * Counted like a sign-in, in the same buckets (server/auth/login-throttle.ts),
   * so a stolen session guesses the password no faster than the sign-in form:
   * past the limits a 429 "Too many failed password attempts. Please try again
   * in …" before the password is checked.
   */
  async function requireCurrentPassword(me: User, password: string, client: string) {
    const attempt = await throttle.begin(
      me.email.toLowerCase(),
      client,
      PROFILE_TEXTS.tooManyPasswordTries,
    );
    const secrets = await findUserSecrets(db, me.id);
    if (!secrets || !(await verifyPassword(secrets.password_hash, password))) {
      const locks = await throttle.failed(attempt);
      await recordFailedPassword(db, selfActor(me), attempt, {
        userId: me.id,
        locks,
        at: clock().toISOString(),
        details: { current_password: true },
      });
      throw AppError.badRequest(PROFILE_TEXTS.wrongPassword, {
        current_password: PROFILE_TEXTS.wrongPassword,
      });
    }
    await throttle.succeeded(attempt);
  }

  async function audit(trx: Db, me: User, after: User, changed: string[], at: string) {
    await insertAuditEvents(
      trx,
      selfActor(me),
      [userEvent(after, "updated", { changed, profile: true })],
      at,
    );
  }

  async function updateProfile(me: User, input: unknown): Promise<Profile> {
    const data = parseInput(ProfileUpdateSchema, input);
    const before = await getProfile(me);
    if (data.username) {
      const id = await findUserIdByUsername(db, data.username);
      if (id !== null && id !== me.id) {
        throw AppError.conflict("Username already exists", { username: "Username already exists" });
      }
    }
    const values: UserUpdate = {};
    const changed: string[] = [];
    for (const key of ["first_name", "last_name", "username", "avatar_url"] as const) {
      const value = data[key];
      if (value === undefined) continue;
      const next = key === "avatar_url" ? value || null : value;
      if (next !== before[key]) {
        Object.assign(values, { [key]: next });
        changed.push(key);
      }
    }
    if (changed.length === 0) return before;
    try {
      return await db.transaction().execute(async (trx) => {
        const at = clock().toISOString();
        const updated = await updateUser(trx, me.id, values, at);
        if (!updated) throw AppError.unauthorized();
        await audit(trx, me, updated, changed, at);
        return {
          ...updated,
          avatar_url: values.avatar_url !== undefined ? values.avatar_url : before.avatar_url,
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw AppError.conflict("Username already exists", { username: "Username already exists" });
      }
      throw error;
    }
  }

  /** A new password: the current one is checked; every other session ends, this one stays. */
  async function changePassword(
    me: User,
    token: string,
    input: unknown,
    { client = UNKNOWN_CLIENT }: { client?: string } = {},
  ): Promise<void> {
    const { current_password, password } = parseInput(PasswordChangeSchema, input);
    requireUncommonPassword(password);
    await requireCurrentPassword(me, current_password, client);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const at = clock().toISOString();
      const updated = await updateUser(trx, me.id, { password_hash: passwordHash }, at);
      if (!updated) throw AppError.unauthorized();
      await deleteSessionsOfUser(trx, me.id, hashToken(token));
      // Every one-time link ends: a pending e-mail change someone else asked for dies with it.
      await deleteAccountTokens(trx, me.id);
      await audit(trx, me, updated, ["password"], at);
    });
  }

  /** Mails a link to the new address; the address changes only when it is opened. */
  async function requestEmailChange(
    me: User,
    input: unknown,
    { client = UNKNOWN_CLIENT }: { client?: string } = {},
  ): Promise<{ email: string }> {
    const { email, current_password } = parseInput(EmailChangeSchema, input);
    const address = email.toLowerCase();
    if (address === me.email.toLowerCase()) {
      throw AppError.badRequest(PROFILE_TEXTS.emailSame, { email: PROFILE_TEXTS.emailSame });
    }
    await requireCurrentPassword(me, current_password, client);
    await emailChangeLimit?.(`user:${me.id}`);
    await emailChangeLimit?.(`to:${address}`);
    const taken = await findUserIdByEmail(db, address);
    if (taken !== null && taken !== me.id) {
      throw AppError.conflict("Email already exists", { email: "Email already exists" });
    }
    const context = await mail.context();
    await db.transaction().execute(async (trx) => {
      const now = clock();
      const nonce = await issueAccountLink(trx, links, now, "email_change", me, address);
      await queueMail(trx, mail.emailChange(context, me, address, nonce), now.toISOString());
      await insertAuditEvents(
        trx,
        selfActor(me),
        [userEvent(me, "email_change_requested", { from: me.email, to: address })],
        now.toISOString(),
      );
    });
    return { email: address };
  }

  /**
   * The link from the new address: the change happens now, once, for an
   * active account. Every one-time link of the user ends, and the old address
   * is told.
   */
  async function confirmEmailChange(input: unknown): Promise<{ email: string }> {
    const { token } = parseInput(TokenSchema, input);
    // Read before the transaction (see MailService.context).
    const context = await mail.context();
    try {
      return await db.transaction().execute(async (trx) => {
        const at = clock().toISOString();
        const used = await useAccountToken(trx, hashToken(token), "email_change", at);
        if (!used?.new_email) throw AppError.badRequest(PROFILE_TEXTS.invalidEmailLink);
        const before = await findUserById(trx, used.user_id);
        // A deactivated account's address does not move (the use is rolled back).
        if (before?.status !== "active") throw AppError.badRequest(PROFILE_TEXTS.invalidEmailLink);
        const taken = await findUserIdByEmail(trx, used.new_email);
        if (taken !== null && taken !== before.id) {
          throw AppError.conflict("Email already exists", { email: "Email already exists" });
        }
        const updated = await updateUser(trx, before.id, { email: used.new_email }, at);
        if (!updated) throw AppError.badRequest(PROFILE_TEXTS.invalidEmailLink);
        await deleteAccountTokens(trx, before.id);
        const change = { oldEmail: before.email, newEmail: updated.email, byAdmin: false };
        await queueMail(trx, mail.emailChanged(context, updated, change), at);
        await audit(trx, before, updated, ["email"], at);
        return { email: updated.email };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw AppError.conflict("Email already exists", { email: "Email already exists" });
      }
      throw error;
    }
  }

  async function listSessions(me: User, token: string): Promise<ActiveSession[]> {
    const current = hashToken(token);
    await deleteStaleSessions(db, clock(), sessionLimits);
    const rows = await findSessionsOfUser(db, me.id);
    return rows.map((row) => ({
      id: row.id,
      created_at: toIso(row.created_at) ?? "",
      last_used_at: toIso(row.last_used_at) ?? "",
      expires_at: toIso(row.expires_at) ?? "",
      user_agent: row.user_agent,
      current: row.token_hash === current,
    }));
  }

  /**
   * Ends every session of the user but the caller's; answers how many. A
   * pending e-mail change ends too: one asked for from a session now ended
   * must not move the account later.
   */
  async function signOutOthers(me: User, token: string): Promise<number> {
    await deleteStaleSessions(db, clock(), sessionLimits);
    return db.transaction().execute(async (trx) => {
      await deleteAccountTokens(trx, me.id, ["email_change"]);
      return deleteSessionsOfUser(trx, me.id, hashToken(token));
    });
  }

  return {
    getProfile,
    updateProfile,
    changePassword,
    requestEmailChange,
    confirmEmailChange,
    listSessions,
    signOutOthers,
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
