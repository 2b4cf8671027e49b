import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Every mail the site sends goes through this table: queued inside the
// transaction that causes it, sent later by the mail sender (with retries).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  await (postgres
    ? db.schema.createTable("mail_outbox").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("mail_outbox")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("to", "varchar(2000)", (c) => c.notNull())
    .addColumn("reply_to", "varchar(320)")
    .addColumn("subject", "varchar(500)", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", time, (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("sent_at", time)
    .execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("mail_outbox_created_at")
    .on("mail_outbox")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
