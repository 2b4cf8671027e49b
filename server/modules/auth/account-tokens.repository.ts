import type { Db } from "../../db/client.ts";
import { toIso } from "../../db/normalize.ts";
import type { AccountTokensTable } from "../../db/schema.ts";

export type AccountTokenPurpose = AccountTokensTable["purpose"];

/**
 * A new one-time link for the user; earlier unused links of the same purpose
 * stop working (a re-sent invitation or a second reset replaces the first).
 */
export async function replaceAccountToken(
  db: Db,
  values: {
    user_id: number;
    purpose: AccountTokenPurpose;
    token_hash: string;
    new_email?: string | null;
    expires_at: string;
  },
  now: string,
): Promise<void> {
  await db
    .deleteFrom("account_tokens")
    .where("user_id", "=", values.user_id)
    .where("purpose", "=", values.purpose)
    .execute();
  await db
    .insertInto("account_tokens")
    .values({ ...values, new_email: values.new_email ?? null, created_at: now, used_at: null })
    .execute();
}

/**
 * Marks the link used and answers its user (and new e-mail), when it exists,
 * has this purpose, is unused and has not expired. The update is the check:
 * of two requests with the same token only one gets a row.
 */
export async function useAccountToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<{ user_id: number; new_email: string | null } | null> {
  const row = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["user_id", "new_email"])
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the link would work now (without using it). */
export async function findUsableAccountToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
) {
  const row = await db
    .selectFrom("account_tokens")
    .select(["user_id", "new_email", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? { ...row, expires_at: toIso(row.expires_at) } : null;
}

/** Ends the user's unused links of a purpose (e.g. once a password is set). */
export async function deleteAccountTokens(db: Db, userId: number, purpose: AccountTokenPurpose) {
  await db
    .deleteFrom("account_tokens")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .execute();
}

/** Users (of `ids`) with an invitation they have not accepted (used) yet. */
export async function findPendingInvitations(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("account_tokens")
    .select(["user_id", "expires_at"])
    .where("purpose", "=", "invitation")
    .where("used_at", "is", null)
    .where("user_id", "in", ids)
    .execute();
}
