import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Secret links that show a draft or scheduled post or page to someone without
// an account (issue 23). Only the SHA-256 of the link's secret is stored
// (base64url), so the table cannot open a preview; a link stops working when
// it expires or is revoked. Rows of a deleted document go with it (the
// service deletes them), and `document_type` says which table `document_id`
// names.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  await (postgres
    ? db.schema.createTable("preview_links").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("preview_links")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("document_type", "varchar(10)", (c) => c.notNull())
    .addColumn("document_id", "integer", (c) => c.notNull())
    .addColumn("secret_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("revoked_at", time)
    .execute();
  await db.schema
    .createIndex("preview_links_document")
    .on("preview_links")
    .columns(["document_type", "document_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("preview_links").ifExists().execute();
}
