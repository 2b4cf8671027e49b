import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// One-time links mailed to a user: a password reset (1 hour), an invitation
// to set a first password (7 days), a new e-mail address to confirm (24 hours).
// Only the SHA-256 of the token is stored; `used_at` is set when the link is
// used, so it works once. And the profile picture of a user.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  await (postgres
    ? db.schema.createTable("account_tokens").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("account_tokens")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(20)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("new_email", "varchar(320)")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("used_at", time)
    .execute();
  await db.schema
    .createIndex("account_tokens_user_purpose")
    .on("account_tokens")
    .columns(["user_id", "purpose"])
    .execute();
  await db.schema.alterTable("users").addColumn("avatar_url", "varchar(500)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("avatar_url").execute();
  await db.schema.dropTable("account_tokens").ifExists().execute();
}
