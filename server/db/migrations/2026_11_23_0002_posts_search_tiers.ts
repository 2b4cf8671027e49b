import { type Kysely, sql } from "kysely";

// Frozen in time: never imports application code.
// Search ranks posts in tiers: every word in the title first, then in the title
// and excerpt, then anywhere. SQLite's FTS5 table answers the first two with
// column filters ({title}, {title excerpt}) on the index it already has. On
// PostgreSQL a weighted query (word:*A) has to re-read every matching row's
// vector, so the two tiers get small vectors and GIN indexes of their own.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  if (!postgres) return;
  await sql`
    alter table posts
      add column title_vector tsvector generated always as (
        to_tsvector('english'::regconfig, coalesce(title, ''))
      ) stored,
      add column lead_vector tsvector generated always as (
        to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(excerpt, ''))
      ) stored`.execute(db);
  await sql`create index posts_title_vector on posts using gin (title_vector)`.execute(db);
  await sql`create index posts_lead_vector on posts using gin (lead_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  if (!postgres) return;
  await sql`drop index if exists posts_lead_vector`.execute(db);
  await sql`drop index if exists posts_title_vector`.execute(db);
  await sql`alter table posts drop column lead_vector, drop column title_vector`.execute(db);
}
