import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Moving in from WordPress or Ghost (issue 27):
// - import_jobs: one row per dry run or import (admin or command line), with
//   its progress, options and final report (JSON), so every worker and the
//   command line see the same job;
// - import_items: what each source item became here (kind + the export's own
//   id → our row), unique per origin, so a second run creates nothing;
// - old_addresses: the old site's addresses in normal form (/2019/05/slug,
//   /?p=123, /category/x) and what they lead to now (a 301).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  const time = postgres ? "timestamptz" : "text";
  const table = (name: string) =>
    postgres
      ? db.schema.createTable(name).addColumn("id", "serial", (c) => c.primaryKey())
      : db.schema
          .createTable(name)
          .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await table("import_jobs")
    .addColumn("source", "varchar(20)", (c) => c.notNull())
    .addColumn("file_name", "varchar(300)", (c) => c.notNull())
    .addColumn("stored_file", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("dry_run", postgres ? "boolean" : "integer", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("phase", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("options", "text", (c) => c.notNull())
    .addColumn("report", "text")
    .addColumn("error", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .addColumn("finished_at", time)
    .execute();

  await table("import_items")
    .addColumn("origin", "varchar(300)", (c) => c.notNull())
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("source_id", "varchar(500)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("job_id", "integer", (c) => c.references("import_jobs.id").onDelete("set null"))
    .addColumn("created_at", time, (c) => c.notNull())
    .addUniqueConstraint("import_items_origin_kind_source", ["origin", "kind", "source_id"])
    .execute();

  await table("old_addresses")
    .addColumn("address", "varchar(500)", (c) => c.notNull().unique())
    .addColumn("target_type", "varchar(20)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("old_addresses").ifExists().execute();
  await db.schema.dropTable("import_items").ifExists().execute();
  await db.schema.dropTable("import_jobs").ifExists().execute();
}
