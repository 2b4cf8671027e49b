import { type Kysely, sql } from "kysely";

// Frozen in time: never imports application code.
// Company pages (About-like pages, Careers, Terms, Privacy) served at /{slug}:
// sanitised HTML like posts, a draft/published/scheduled status whose publish
// time is judged when read, and "hide from search engines" (noindex). Renamed
// pages keep their old address in slug_redirects (kind "page"; the column is a
// plain varchar, so no constraint there changes). Their starter content (Terms
// and Privacy) is added by the seed, not here.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  await (postgres
    ? db.schema.createTable("pages").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("pages")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("slug", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("meta_title", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("meta_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("featured_image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("featured_image_alt", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("draft"))
    .addColumn("published_at", time)
    .addColumn("noindex", postgres ? sql`boolean` : sql`integer`, (c) =>
      c.notNull().defaultTo(postgres ? sql`false` : sql`0`),
    )
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pages_status_published_at")
    .on("pages")
    .columns(["status", "published_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pages").ifExists().execute();
}
