import { LAST_ADMIN_MESSAGES } from "#common/limits.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import { findUserIdByEmail, findUserIdByUsername } from "./users.repository.ts";

/** The checks of a change to users that answer 409: unique names and addresses, the last admin. */

export const {
  delete: LAST_ADMIN_DELETE,
  deleteAll: ALL_ADMINS_DELETE,
  demote: LAST_ADMIN_DEMOTE,
} = LAST_ADMIN_MESSAGES;

/** No other user (than `exceptId`) has this username or e-mail address. */
export async function requireUniqueIdentity(
  db: Db,
  fields: { username?: string; email?: string },
  exceptId?: number,
) {
  if (fields.username) {
    const id = await findUserIdByUsername(db, fields.username);
    if (id !== null && id !== exceptId) {
      throw AppError.conflict("Username already exists", { username: "Username already exists" });
    }
  }
  if (fields.email) {
    const id = await findUserIdByEmail(db, fields.email);
    if (id !== null && id !== exceptId) {
      throw AppError.conflict("Email already exists", { email: "Email already exists" });
    }
  }
}

/** A username or address taken by a user saved at the same moment: 409; any other error as it is. */
export function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const field = /email/i.test(String((error as Error).message)) ? "email" : "username";
    const message = field === "email" ? "Email already exists" : "Username already exists";
    throw AppError.conflict(message, { [field]: message });
  }
  throw error;
}

/**
 * At least one active admin must remain. `change` describes the users that
 * would stop being (active) admins. `admins` come from `lockAdmins` inside
 * the transaction that makes the change: those rows stay locked until it
 * commits, so two requests each removing the other of the last two admins
 * cannot both pass.
 */
export function requireAdminsRemain(
  admins: { id: number; status: string }[],
  change: { removed: number[]; deactivated: number[] },
) {
  const removed = new Set(change.removed);
  const deactivated = new Set(change.deactivated);
  const touchesAdmin = admins.some((a) => removed.has(a.id) || deactivated.has(a.id));
  if (!touchesAdmin) return;
  const remaining = admins.filter((a) => !removed.has(a.id));
  const remainingActive = remaining.filter((a) => a.status === "active" && !deactivated.has(a.id));
  if (remaining.length === 0) {
    throw AppError.conflict(change.removed.length > 1 ? ALL_ADMINS_DELETE : LAST_ADMIN_DELETE);
  }
  if (remainingActive.length === 0) {
    throw AppError.conflict(change.deactivated.length ? LAST_ADMIN_DEMOTE : LAST_ADMIN_DELETE);
  }
}
