import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// The sign-in throttle's and the rate limits' counters (issue 26), shared by
// every process and instance on the database: one row per key, its count in
// the running window and when that window ends (milliseconds since the
// epoch). Expired rows are deleted now and then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(600)", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limits_reset_at")
    .on("rate_limits")
    .column("reset_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
