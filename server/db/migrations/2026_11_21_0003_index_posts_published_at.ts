import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// Public lists read the newest live posts first; this index serves them in order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("posts_published_at").on("posts").column("published_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("posts_published_at").ifExists().execute();
}
