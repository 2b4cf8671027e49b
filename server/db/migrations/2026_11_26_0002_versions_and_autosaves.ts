import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Edit conflicts and autosave (issue 23, decision 018):
// - posts, pages and services get `version` (1 for every existing row, +1 on
//   every save) and `updated_by` (who saved last; null for rows saved before
//   this migration or whose user is gone), which a stale save's 409 names.
// - `autosaves`: one copy of the editable fields per document and user,
//   updated in place; the live document is never touched by it.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  for (const table of ["posts", "pages", "services"]) {
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .execute();
  }
  await (postgres
    ? db.schema.createTable("autosaves").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("autosaves")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("document_type", "varchar(20)", (c) => c.notNull())
    .addColumn("document_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("base_version", "integer")
    .addColumn("saved_at", time, (c) => c.notNull())
    .addUniqueConstraint("autosaves_document_user", ["document_type", "document_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("autosaves").ifExists().execute();
  for (const table of ["posts", "pages", "services"]) {
    await db.schema.alterTable(table).dropColumn("updated_by").execute();
    await db.schema.alterTable(table).dropColumn("version").execute();
  }
}
