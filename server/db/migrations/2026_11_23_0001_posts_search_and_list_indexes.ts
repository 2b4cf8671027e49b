import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code. It runs on SQLite
// and PostgreSQL alike; the full-text index itself is the one place where the
// two databases need different statements.
//
// 1. posts.search_text: the plain text of the body (no markup), written by the
//    application with the content. Existing rows are filled here.
// 2. Full-text index over title (weighted most), excerpt and that plain text:
//    SQLite: an FTS5 table (porter stemming) kept in step by triggers;
//    PostgreSQL: a generated tsvector column ('english') with a GIN index.
// 3. Indexes for every list: newest live posts, featured, the staff list ordered
//    by coalesce(published_at, created_at), by status and by author.

const BLOCK_TAGS =
  /^(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)$/i;
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** A copy, as of this date, of the application's plain-text rule. */
function plainText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag, name: string) =>
      BLOCK_TAGS.test(name) ? " " : "",
    )
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const ADMIN_ORDER = "coalesce(published_at, created_at)";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");

  await db.schema.alterTable("posts").addColumn("search_text", "text").execute();
  const fill = async (trx: Kysely<any>) => {
    let last = 0;
    for (;;) {
      const rows: { id: number; content: string }[] = await trx
        .selectFrom("posts")
        .select(["id", "content"])
        .where("id", ">", last)
        .orderBy("id")
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        await trx
          .updateTable("posts")
          .set({ search_text: plainText(row.content ?? "") })
          .where("id", "=", row.id)
          .execute();
      }
      last = rows[rows.length - 1]!.id;
    }
  };
  // PostgreSQL runs migrations in a transaction already; SQLite does not.
  await (db.isTransaction ? fill(db) : db.transaction().execute(fill));

  // Rows written without the plain text (outside the posts service) are found
  // through this (normally empty) index and filled in.
  await db.schema
    .createIndex("posts_search_text_missing")
    .on("posts")
    .column("id")
    .where(sql.ref("search_text"), "is", null)
    .execute();

  if (postgres) {
    await sql`
      alter table posts add column search_vector tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B') ||
        setweight(to_tsvector('english'::regconfig,
          coalesce(search_text, regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g'))), 'C')
      ) stored`.execute(db);
    await sql`create index posts_search_vector on posts using gin (search_vector)`.execute(db);
  } else {
    // Contentless (the text already lives in posts) with deletes allowed.
    await sql`
      create virtual table posts_fts using fts5(
        title, excerpt, body,
        content = '', contentless_delete = 1,
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`
      create trigger posts_fts_insert after insert on posts begin
        insert into posts_fts (rowid, title, excerpt, body)
        values (new.id, new.title, new.excerpt, coalesce(new.search_text, new.content));
      end`.execute(db);
    await sql`
      create trigger posts_fts_delete after delete on posts begin
        delete from posts_fts where rowid = old.id;
      end`.execute(db);
    // Only text changes re-index: counting views or publishing does not.
    await sql`
      create trigger posts_fts_update after update of title, excerpt, content, search_text
      on posts begin
        delete from posts_fts where rowid = old.id;
        insert into posts_fts (rowid, title, excerpt, body)
        values (new.id, new.title, new.excerpt, coalesce(new.search_text, new.content));
      end`.execute(db);
    await sql`
      insert into posts_fts (rowid, title, excerpt, body)
      select id, title, excerpt, coalesce(search_text, content) from posts`.execute(db);
    // The mid-word fallback (text inside a title or excerpt) reads this index
    // instead of every row. Not on PostgreSQL: a B-tree entry there is limited
    // to about 2.7 kB and an excerpt may be longer.
    await db.schema
      .createIndex("posts_title_excerpt")
      .on("posts")
      .columns(["title", "excerpt"])
      .execute();
  }

  // Newest live posts (public lists, sitemap, the staff "published" filter):
  // the status is in the index so pages and counts need no table reads.
  await db.schema.dropIndex("posts_published_at").ifExists().execute();
  await db.schema
    .createIndex("posts_live_order")
    .on("posts")
    .columns(["published_at", "id", "status"])
    .execute();
  await db.schema.dropIndex("posts_featured_published_at").ifExists().execute();
  await db.schema
    .createIndex("posts_featured_order")
    .on("posts")
    .columns(["is_featured", "published_at", "id", "status"])
    .execute();
  // The staff list: every status, newest first by publish (else creation) date.
  await sql`create index posts_admin_order on posts ((${sql.raw(ADMIN_ORDER)}), id)`.execute(db);
  await sql`create index posts_status_admin_order on posts (status, (${sql.raw(ADMIN_ORDER)}), id)`.execute(
    db,
  );
  await db.schema.dropIndex("posts_author_id").ifExists().execute();
  await sql`create index posts_author_admin_order on posts (author_id, (${sql.raw(ADMIN_ORDER)}), id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = !db.getExecutor().adapter.constructor.name.toLowerCase().includes("sqlite");
  for (const index of [
    "posts_author_admin_order",
    "posts_status_admin_order",
    "posts_admin_order",
    "posts_featured_order",
    "posts_live_order",
    "posts_search_text_missing",
    "posts_title_excerpt",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.createIndex("posts_author_id").on("posts").column("author_id").execute();
  await db.schema
    .createIndex("posts_featured_published_at")
    .on("posts")
    .columns(["is_featured", "published_at"])
    .execute();
  await db.schema.createIndex("posts_published_at").on("posts").column("published_at").execute();
  if (postgres) {
    await db.schema.dropIndex("posts_search_vector").ifExists().execute();
    await db.schema.alterTable("posts").dropColumn("search_vector").execute();
  } else {
    for (const trigger of ["posts_fts_insert", "posts_fts_delete", "posts_fts_update"]) {
      await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
    }
    await sql`drop table if exists posts_fts`.execute(db);
  }
  await db.schema.alterTable("posts").dropColumn("search_text").execute();
}
