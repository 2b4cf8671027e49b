import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Revisions of posts, pages and services: one row per explicit save, publish,
// unpublish or restore, holding the document's editable fields as a JSON
// snapshot (docs/decisions/017-revisions.md). `document_id` is not a foreign
// key: one table serves three kinds of document, and a document's revisions
// are deleted with it by its service.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  await (postgres
    ? db.schema.createTable("revisions").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("revisions")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("document_type", "varchar(20)", (c) => c.notNull())
    .addColumn("document_id", "integer", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("reason", "varchar(20)", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("revisions_document_created_at")
    .on("revisions")
    .columns(["document_type", "document_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("revisions").ifExists().execute();
}
