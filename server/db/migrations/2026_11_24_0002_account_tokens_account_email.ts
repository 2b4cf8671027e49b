import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// A one-time link is bound to the account's e-mail address when it was made
// (for a reset or an invitation, the address it was mailed to): it is refused
// once the account's address differs, e.g. after an admin corrected a mistyped
// invitation. Links made before carry the account's current address.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("account_tokens").addColumn("account_email", "varchar(320)").execute();
  await db
    .updateTable("account_tokens")
    .set((eb) => ({
      account_email: eb
        .selectFrom("users")
        .select("users.email")
        .whereRef("users.id", "=", "account_tokens.user_id"),
    }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("account_tokens").dropColumn("account_email").execute();
}
