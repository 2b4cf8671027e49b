import type { ExpressionBuilder } from "kysely";
import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import type { AccountTokensTable, Database } from "#server/db/schema.ts";

export type AccountTokenPurpose = AccountTokensTable["purpose"];

export const ACCOUNT_TOKEN_PURPOSES: readonly AccountTokenPurpose[] = [
  "password_reset",
  "invitation",
  "email_change",
];

/**
 * A new one-time link for the user; earlier unused links of the same purpose
 * stop working (a re-sent invitation or a second reset replaces the first).
 * `account_email` is the account's address now: the link works only while it
 * stays the account's.
 */
export async function replaceAccountToken(
  db: Db,
  values: {
    user_id: number;
    purpose: AccountTokenPurpose;
    token_hash: string;
    new_email?: string | null;
    account_email: string;
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
    .values({
      ...values,
      account_email: values.account_email.toLowerCase(),
      new_email: values.new_email ?? null,
      created_at: now,
      used_at: null,
    })
    .execute();
}

/** The link is still bound to the account's address (which is stored in lower case). */
function boundToAccount(eb: ExpressionBuilder<Database, "account_tokens">) {
  return eb(
    "account_tokens.account_email",
    "=",
    eb
      .selectFrom("users")
      .select("users.email")
      .whereRef("users.id", "=", "account_tokens.user_id"),
  );
}

/**
 * Marks the link used and answers its user (and new e-mail), when it exists,
 * has this purpose, is unused, has not expired and the account still has the
 * address it was made for. The update is the check: of two requests with the
 * same token only one gets a row.
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
    .where(boundToAccount)
    .returning(["user_id", "new_email"])
    .executeTakeFirst();
  return row ?? null;
}

/** The link, when it would work now (the same checks as `useAccountToken`, without using it). */
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
    .where(boundToAccount)
    .executeTakeFirst();
  return row ? { ...row, expires_at: toIso(row.expires_at) } : null;
}

/**
 * Ends the user's links of these purposes (all of them unless told): a new
 * password or e-mail address ends every link; signing out everywhere ends
 * e-mail changes.
 */
export async function deleteAccountTokens(
  db: Db,
  userId: number,
  purposes: readonly AccountTokenPurpose[] = ACCOUNT_TOKEN_PURPOSES,
) {
  await db
    .deleteFrom("account_tokens")
    .where("user_id", "=", userId)
    .where("purpose", "in", purposes)
    .execute();
}
