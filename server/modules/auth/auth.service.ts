import type { Actor } from "../../../common/permissions.ts";
import { LoginSchema, RegisterSchema } from "../../../common/schemas/users.ts";
import type { User } from "../../../common/types.ts";
import { requireUncommonPassword } from "../../auth/common-passwords.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../auth/passwords.ts";
import { generateToken, hashToken } from "../../auth/tokens.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { nowIso } from "../../db/normalize.ts";
import { AppError } from "../../http/errors.ts";
import { parseInput } from "../../http/validation.ts";
import {
  findUserByEmail,
  findUserIdByEmail,
  findUserIdByUsername,
  insertUser,
  setLastLogin,
  toUser,
} from "../users/users.repository.ts";
import {
  deleteExpiredSessions,
  deleteSessionByHash,
  findSessionUser,
  insertSession,
  touchSession,
} from "./sessions.repository.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const AWAITING_APPROVAL = "Your account is awaiting approval by an administrator.";

export type SessionUser = User & Actor;

/** What a registration answers: the account as sent, never whether the e-mail was known. */
export type RegistrationReceipt = Pick<
  User,
  "username" | "email" | "first_name" | "last_name" | "role" | "status"
>;

const TOUCH_AFTER_MS = 5 * 60_000;
export const MAX_FAILED_LOGINS = 10;
const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;

export function createAuthService(db: Db, config: Pick<Config, "sessionTtlDays">) {
  // Failed sign-ins per e-mail address, to slow down password guessing. Kept in
  // memory: one process serves the site, and a restart forgiving them is fine.
  const failures = new Map<string, { count: number; since: number }>();

  function requireNotLocked(email: string) {
    const entry = failures.get(email);
    if (!entry) return;
    const left = entry.since + FAILED_LOGIN_WINDOW_MS - Date.now();
    if (left <= 0) {
      failures.delete(email);
      return;
    }
    if (entry.count >= MAX_FAILED_LOGINS) {
      const minutes = Math.ceil(left / 60_000);
      throw new AppError(
        "TOO_MANY_REQUESTS",
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
  }

  function recordFailure(email: string) {
    const entry = failures.get(email);
    if (entry) entry.count++;
    else failures.set(email, { count: 1, since: Date.now() });
    if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
  }

  async function login(input: unknown, meta: { userAgent?: string } = {}) {
    const { email, password } = parseInput(LoginSchema, input);
    requireNotLocked(email);
    const row = await findUserByEmail(db, email);
    // Verify against a dummy hash when no user matches, so timing does not
    // tell which e-mail addresses have accounts.
    const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
    if (!row || !ok) {
      recordFailure(email);
      throw AppError.unauthorized(INVALID_CREDENTIALS);
    }
    failures.delete(email);
    if (row.status !== "active") throw AppError.forbidden(AWAITING_APPROVAL);

    const token = generateToken();
    const now = new Date();
    const expires = new Date(now.getTime() + config.sessionTtlDays * 86_400_000);
    await insertSession(
      db,
      {
        user_id: row.id,
        token_hash: hashToken(token),
        expires_at: expires.toISOString(),
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      },
      now.toISOString(),
    );
    await setLastLogin(db, row.id, now.toISOString());
    if (Math.random() < 0.05) await deleteExpiredSessions(db, now.toISOString());
    return { token, user: { ...toUser(row), last_login: now.toISOString() } };
  }

  /**
   * A new account is an author awaiting approval: inactive, no token. The
   * answer is the same whether or not the e-mail address already has an
   * account (then nothing is created), so registration cannot be used to
   * find out who has one; the receipt holds only what was sent.
   */
  async function register(input: unknown): Promise<RegistrationReceipt> {
    const data = parseInput(RegisterSchema, input);
    requireUncommonPassword(data.password);
    const receipt: RegistrationReceipt = {
      username: data.username,
      email: data.email,
      first_name: data.first_name,
      last_name: data.last_name,
      role: "author",
      status: "inactive",
    };
    if ((await findUserIdByUsername(db, data.username)) !== null) {
      throw AppError.conflict("Username already exists", { username: "Username already exists" });
    }
    // Hashed either way, so both answers take as long.
    const password_hash = await hashPassword(data.password);
    // Taken: nothing to create. (Once the site sends e-mail, the address's
    // owner is told about the attempt instead.)
    if ((await findUserIdByEmail(db, data.email)) !== null) return receipt;
    try {
      await insertUser(
        db,
        {
          username: data.username,
          email: data.email,
          first_name: data.first_name,
          last_name: data.last_name,
          role: "author",
          status: "inactive",
          password_hash,
        },
        nowIso(),
      );
      return receipt;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A registration running at the same moment took the name or the address.
      if (/email/i.test(String((error as Error).message))) return receipt;
      throw AppError.conflict("Username already exists", { username: "Username already exists" });
    }
  }

  /** The active user behind a bearer token, or null. */
  async function authenticate(token: string): Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const now = new Date();
    const row = await findSessionUser(db, hashToken(token), now.toISOString());
    // Inactive accounts lose access at once.
    if (row?.status !== "active") return null;
    if (now.getTime() - new Date(row.last_used_at).getTime() > TOUCH_AFTER_MS) {
      await touchSession(db, row.session_id, now.toISOString());
    }
    return toUser(row);
  }

  async function logout(token: string) {
    if (token) await deleteSessionByHash(db, hashToken(token));
  }

  return { login, register, authenticate, logout };
}

export type AuthService = ReturnType<typeof createAuthService>;
