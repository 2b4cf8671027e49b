import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Old slugs of renamed posts and services, so their old URLs answer 301.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  await (postgres
    ? db.schema.createTable("slug_redirects").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("slug_redirects")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("old_slug", "varchar(200)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", postgres ? "timestamptz" : "text", (c) => c.notNull())
    .addUniqueConstraint("slug_redirects_kind_old_slug", ["kind", "old_slug"])
    .execute();
  await db.schema
    .createIndex("slug_redirects_target")
    .on("slug_redirects")
    .columns(["kind", "target_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("slug_redirects").ifExists().execute();
}
