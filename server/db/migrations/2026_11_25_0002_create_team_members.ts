import { type Kysely, sql } from "kysely";

// Frozen in time: never imports application code.
// The team of the About page: one row per person, shown in `sort_order` when
// published. The starter members are seeded (server/db/seed), not inserted
// here, so a restore that builds its tables from the migrations loads only
// the archive's rows.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  const bool = postgres ? sql`boolean` : sql`integer`;
  const trueValue = postgres ? sql`true` : sql`1`;
  await (postgres
    ? db.schema.createTable("team_members").addColumn("id", "serial", (c) => c.primaryKey())
    : db.schema
        .createTable("team_members")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("role", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("bio", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo_url", "varchar(2000)", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "varchar(254)", (c) => c.notNull().defaultTo(""))
    .addColumn("linkedin_url", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", bool, (c) => c.notNull().defaultTo(trueValue))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("team_members_sort_order")
    .on("team_members")
    .columns(["sort_order", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("team_members").ifExists().execute();
}
