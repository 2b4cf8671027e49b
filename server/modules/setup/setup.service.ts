import { timingSafeEqual } from "node:crypto";
import { SetupSchema } from "#common/schemas/setup.ts";
import { SETUP_TEXTS } from "#common/setup.ts";
import type { User } from "#common/types.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { generateToken } from "#server/auth/tokens.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { requireUncommonPassword } from "#server/lib/common-passwords.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { insertAuditedUser } from "#server/modules/users/user-audit.ts";
import { hasActiveAdmin } from "#server/modules/users/users.repository.ts";

export type SetupState = "open" | "invalid-link" | "done";

/**
 * First-run setup, like Ghost's and WordPress's install screens: while the
 * site has no active admin, the process holds a one-time token, prints a link
 * with it at start, and whoever opens that link creates the first admin. The
 * token lives in memory: a restart prints a new link, and a leaked old one
 * stops working.
 */
export function createSetupService(db: Db) {
  let token: string | undefined;

  function tokenMatches(candidate: string | null | undefined): boolean {
    if (!token || !candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Whether the site still waits for its first admin. */
  async function isSetupNeeded(): Promise<boolean> {
    return !(await hasActiveAdmin(db));
  }

  /**
   * A fresh one-time token (replacing any earlier one), for the link printed
   * at start; `given`: the one the primary issued, shared by its workers.
   */
  function issueSetupToken(given?: string): string {
    token = given ?? generateToken();
    return token;
  }

  async function getSetupState(candidate: string | null): Promise<SetupState> {
    if (!(await isSetupNeeded())) return "done";
    return tokenMatches(candidate) ? "open" : "invalid-link";
  }

  /** Creates the first admin (active) and retires the token. */
  async function completeSetup(input: unknown): Promise<User> {
    const data = parseInput(SetupSchema, input);
    if (!tokenMatches(data.token)) throw AppError.forbidden(SETUP_TEXTS.invalidLink);
    requireUncommonPassword(data.password);
    const password_hash = await hashPassword(data.password);
    try {
      const user = await db.transaction().execute(async (trx) => {
        // Two tabs with the same link: only the first creates an admin.
        if (await hasActiveAdmin(trx)) throw AppError.conflict(SETUP_TEXTS.alreadySetUp);
        const admin = await insertAuditedUser(
          trx,
          "self",
          { ...data, role: "admin", status: "active", password_hash },
          nowIso(),
          { setup: true },
        );
        return admin;
      });
      token = undefined;
      return user;
    } catch (error) {
      if (isUniqueViolation(error)) {
        const message = "Username or email already exists";
        throw AppError.conflict(message, { email: message });
      }
      throw error;
    }
  }

  return { isSetupNeeded, issueSetupToken, getSetupState, completeSetup };
}

export type SetupService = ReturnType<typeof createSetupService>;
