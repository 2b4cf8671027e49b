import type { Actor } from "#common/permissions.ts";
import { LoginSchema, RegisterSchema } from "#common/schemas/users.ts";
import type { RegistrationReceipt, User } from "#common/types.ts";
import { createLoginThrottle, type LoginThrottle } from "#server/auth/login-throttle.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "#server/auth/passwords.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import { UNKNOWN_CLIENT } from "#server/lib/client-address.ts";
import { requireUncommonPassword } from "#server/lib/common-passwords.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { createMemoryRateLimitStore, type RateLimit } from "#server/lib/rate-limit.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import { findActiveAdminEmails } from "#server/modules/mail/mail.repository.ts";
import { type MailService, queueMail } from "#server/modules/mail/mail.service.ts";
import { insertAuditedUser, selfActor } from "#server/modules/users/user-audit.ts";
import {
  findUserByEmail,
  findUserIdByEmail,
  findUserIdByUsername,
  setLastLogin,
  toUser,
} from "#server/modules/users/users.repository.ts";
import { deleteAccountTokens } from "./account-tokens.repository.ts";
import {
  deleteSessionByHash,
  deleteSessionById,
  deleteSessionsOfUser,
  deleteStaleSessions,
  findSessionUser,
  insertSession,
  touchSession,
} from "./sessions.repository.ts";
import { accountEvent, recordFailedPassword, visitor } from "./sign-in-audit.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const AWAITING_APPROVAL = "Your account is awaiting approval by an administrator.";

export type SessionUser = User & Actor;

const TOUCH_AFTER_MS = 5 * 60_000;

/** The counters that guard sign-in and registration (server/services.ts shares one store). */
export type AuthGuards = { throttle?: LoginThrottle; registrations?: RateLimit };

/** The lead of the 429 a client gets past REGISTER_RATE_LIMIT ("… Please try again in N minutes."). */
export const REGISTER_TOO_MANY = "Too many registrations from your address.";

export function createAuthService(
  db: Db,
  config: Pick<Config, "sessionIdleHours" | "sessionMaxDays">,
  { now: clock = () => new Date(), mail }: { now?: () => Date; mail?: MailService } = {},
  guards: AuthGuards = {},
) {
  const idleMs = config.sessionIdleHours * 3_600_000;
  const maxMs = config.sessionMaxDays * 86_400_000;

  // Sign-in throttling: per account and per client address, counted before
  // the password is checked (server/auth/login-throttle.ts).
  const throttle = guards.throttle ?? createLoginThrottle(createMemoryRateLimitStore());
  // Made now rather than on the first sign-in that needs it.
  void dummyPasswordHash();

  async function login(input: unknown, meta: { userAgent?: string; client?: string } = {}) {
    const { email, password, website } = parseInput(LoginSchema, input);
    const client = meta.client ?? UNKNOWN_CLIENT;
    const attempt = await throttle.begin(email, client);
    const fail = async (userId: number | null) => {
      const locks = await throttle.failed(attempt);
      const at = clock().toISOString();
      await recordFailedPassword(db, visitor(client), attempt, { userId, locks, at });
      return AppError.unauthorized(INVALID_CREDENTIALS);
    };
    // The honeypot: a robot. Answered as a wrong password, and counted as one.
    if (website) throw await fail(null);
    const row = await findUserByEmail(db, email);
    // No user, or one without a password (invited, imported): verifyPassword
    // does the same argon2 work against a dummy hash, so timing does not tell
    // which e-mail addresses have accounts, or which kind.
    const ok = await verifyPassword(row?.password_hash ?? "", password);
    if (!row || !ok) throw await fail(row?.id ?? null);
    // Only an active account's clients are remembered as known: a flood of
    // self-registered accounts cannot fill the known clients.
    await throttle.succeeded(attempt, { remember: row.status === "active" });
    if (row.status !== "active") throw AppError.forbidden(AWAITING_APPROVAL);

    const token = generateToken();
    const now = clock();
    const at = now.toISOString();
    const expires = new Date(now.getTime() + maxMs);
    await db.transaction().execute(async (trx) => {
      await insertSession(
        trx,
        {
          user_id: row.id,
          token_hash: hashToken(token),
          expires_at: expires.toISOString(),
          user_agent: meta.userAgent?.slice(0, 300) ?? null,
        },
        at,
      );
      await setLastLogin(trx, row.id, at);
      await insertAuditEvents(
        trx,
        selfActor(row),
        [accountEvent("signed_in", row.email, row.id, { client })],
        at,
      );
    });
    if (Math.random() < 0.05) await deleteStaleSessions(db, now, config);
    return { token, user: { ...toUser(row), last_login: now.toISOString() } };
  }

  /**
   * A new account is an author awaiting approval: inactive, no token. The
   * answer is the same whether or not the e-mail address already has an
   * account (then nothing is created), so registration cannot be used to
   * find out who has one; the receipt holds only what was sent.
   */
  async function register(
    input: unknown,
    { client = UNKNOWN_CLIENT }: { client?: string } = {},
  ): Promise<RegistrationReceipt> {
    const { website, ...data } = parseInput(RegisterSchema, input);
    requireUncommonPassword(data.password);
    const receipt: RegistrationReceipt = {
      username: data.username,
      email: data.email,
      first_name: data.first_name,
      last_name: data.last_name,
      role: "author",
      status: "inactive",
    };
    // The honeypot: a robot gets the same answer, and nothing is stored.
    if (website) return receipt;
    await guards.registrations?.(client);
    if ((await findUserIdByUsername(db, data.username)) !== null) {
      throw AppError.conflict("Username already exists", { username: "Username already exists" });
    }
    const at = clock().toISOString();
    // Hashed either way, so both answers take as long.
    const password_hash = await hashPassword(data.password);
    // Taken: nothing to create. (Once the site sends e-mail, the address's
    // owner is told about the attempt instead.)
    if ((await findUserIdByEmail(db, data.email)) !== null) return receipt;
    // Read before the transaction (see MailService.context).
    const mailContext = mail ? await mail.context() : null;
    try {
      await db.transaction().execute(async (trx) => {
        // Signed up by themselves: the new account is its own actor.
        const user = await insertAuditedUser(
          trx,
          "self",
          { ...receipt, password_hash, awaiting_approval_since: at },
          at,
          { registration: true },
        );
        // Every active admin is told that the account waits for approval.
        if (mail && mailContext) {
          const admins = await findActiveAdminEmails(trx);
          await queueMail(trx, mail.registrationPending(mailContext, admins, user), at);
        }
      });
      return receipt;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A registration running at the same moment took the name or the address.
      if (/email/i.test(String((error as Error).message))) return receipt;
      throw AppError.conflict("Username already exists", { username: "Username already exists" });
    }
  }

  /**
   * The active user behind a bearer token, or null. A session that has been
   * idle too long or is too old is deleted and counts as unknown.
   */
  async function authenticate(token: string): Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const now = clock();
    const row = await findSessionUser(db, hashToken(token));
    if (!row) return null;
    const at = now.getTime();
    const lastUsed = new Date(row.last_used_at).getTime();
    // The absolute limit is checked against both the stored expiry and the
    // current setting, so lowering SESSION_MAX_DAYS shortens existing sessions.
    const over =
      at >= new Date(row.expires_at).getTime() ||
      at - new Date(row.session_created_at).getTime() >= maxMs ||
      at - lastUsed >= idleMs;
    if (over) {
      await deleteSessionById(db, row.session_id);
      return null;
    }
    // Inactive accounts lose access at once.
    if (row.status !== "active") return null;
    if (at - lastUsed > TOUCH_AFTER_MS) {
      await touchSession(db, row.session_id, now.toISOString());
    }
    return toUser(row);
  }

  async function logout(token: string) {
    if (token) await deleteSessionByHash(db, hashToken(token));
  }

  /**
   * Sign out everywhere: every session of the token's user ends, this one
   * too, and so does a pending e-mail change (it may come from a stolen
   * session); audited.
   */
  async function logoutEverywhere(me: SessionUser): Promise<number> {
    return writeWithAudit(
      db,
      selfActor(me),
      async (trx) => {
        await deleteAccountTokens(trx, me.id, ["email_change"]);
        return deleteSessionsOfUser(trx, me.id);
      },
      (sessions) => accountEvent("signed_out_everywhere", me.email, me.id, { sessions }),
    );
  }

  return { login, register, authenticate, logout, logoutEverywhere };
}

export type AuthService = ReturnType<typeof createAuthService>;
