import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Who created, changed, published or deleted what, and when. The actor's name
// and the entity's label are copied in, so an entry still reads after the user
// or the post is gone (actor_id is then null).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  await (postgres
    ? db.schema.createTable("audit_logs").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("audit_logs")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("created_at", postgres ? "timestamptz" : "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_name", "varchar(200)", (c) => c.notNull())
    .addColumn("action", "varchar(40)", (c) => c.notNull())
    .addColumn("entity_type", "varchar(40)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(100)")
    .addColumn("entity_label", "varchar(300)", (c) => c.notNull())
    .addColumn("details", "text")
    .execute();
  await db.schema
    .createIndex("audit_logs_created_at")
    .on("audit_logs")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("audit_logs_entity")
    .on("audit_logs")
    .columns(["entity_type", "entity_id"])
    .execute();
  await db.schema.createIndex("audit_logs_actor").on("audit_logs").column("actor_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_logs").ifExists().execute();
}
