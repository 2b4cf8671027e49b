import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// When a self-registered account asked for approval; null once an admin
// activates it, and for every account an admin made. Registrations nobody
// approved are deleted after REGISTRATION_PURGE_DAYS; an account an admin
// deactivated later has null here and is never deleted. Accounts registered
// before this column existed cannot be told apart from deactivated ones, so
// they keep null too.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  await db.schema
    .alterTable("users")
    .addColumn("awaiting_approval_since", postgres ? "timestamptz" : "text")
    .execute();
  await db.schema
    .createIndex("users_awaiting_approval_since")
    .on("users")
    .column("awaiting_approval_since")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_awaiting_approval_since").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("awaiting_approval_since").execute();
}
