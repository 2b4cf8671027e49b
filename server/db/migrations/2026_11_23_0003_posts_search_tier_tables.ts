import { type Kysely, sql } from "kysely";

// Frozen in time: never imports application code.
// The SQLite side of 2026_11_23_0002: search tiers (every word in the title;
// in the title and excerpt) as FTS5 tables of their own, so that a tier is
// counted and ranked from a small index instead of filtering the positions of
// every match in the full one. PostgreSQL got its per-tier vectors in 0002.
const TOKENIZE = "porter unicode61 remove_diacritics 2";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  if (postgres) return;
  await sql`
    create virtual table posts_title_fts using fts5(
      title, content = '', contentless_delete = 1, tokenize = ${sql.lit(TOKENIZE)}
    )`.execute(db);
  await sql`
    create virtual table posts_lead_fts using fts5(
      title, excerpt, content = '', contentless_delete = 1, tokenize = ${sql.lit(TOKENIZE)}
    )`.execute(db);
  await sql`
    create trigger posts_tier_fts_insert after insert on posts begin
      insert into posts_title_fts (rowid, title) values (new.id, new.title);
      insert into posts_lead_fts (rowid, title, excerpt) values (new.id, new.title, new.excerpt);
    end`.execute(db);
  await sql`
    create trigger posts_tier_fts_delete after delete on posts begin
      delete from posts_title_fts where rowid = old.id;
      delete from posts_lead_fts where rowid = old.id;
    end`.execute(db);
  await sql`
    create trigger posts_tier_fts_update after update of title, excerpt on posts begin
      delete from posts_title_fts where rowid = old.id;
      insert into posts_title_fts (rowid, title) values (new.id, new.title);
      delete from posts_lead_fts where rowid = old.id;
      insert into posts_lead_fts (rowid, title, excerpt) values (new.id, new.title, new.excerpt);
    end`.execute(db);
  await sql`insert into posts_title_fts (rowid, title) select id, title from posts`.execute(db);
  await sql`
    insert into posts_lead_fts (rowid, title, excerpt) select id, title, excerpt from posts`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  if (postgres) return;
  for (const trigger of [
    "posts_tier_fts_insert",
    "posts_tier_fts_delete",
    "posts_tier_fts_update",
  ]) {
    await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table if exists posts_lead_fts`.execute(db);
  await sql`drop table if exists posts_title_fts`.execute(db);
}
