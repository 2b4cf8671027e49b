import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Uploaded files and their variants kept in the database (UPLOAD_STORE=database,
// issue 26, decision 036): one row per file, its key (the name it is served
// under in /uploads), its bytes, its size and when it was written.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  await db.schema
    .createTable("upload_files")
    .addColumn("key", "varchar(500)", (c) => c.primaryKey())
    .addColumn("bytes", postgres ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", postgres ? "timestamptz" : "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("upload_files").ifExists().execute();
}
