import { sql } from "kysely";
import type { Db } from "#server/db/client.ts";
import {
  applyFilter,
  hiddenPostIds,
  onlyLive,
  type PostFilter,
  unfiltered,
} from "./post-filter.ts";
import type { Tiers } from "./post-search.ts";
import { ftsMatchQuery } from "./search-text.ts";

/**
 * SQLite: an FTS5 table per tier (title; title and excerpt; everything), so
 * that a tier is counted and ranked from its own index.
 */
export function sqliteTiers(db: Db, filter: PostFilter, terms: string[]): Tiers {
  const match = ftsMatchQuery(terms);
  const tables = [
    sql.table("posts_title_fts"),
    sql.table("posts_lead_fts"),
    sql.table("posts_fts"),
  ] as const;
  const rank = [
    sql`bm25(posts_title_fts)`,
    sql`bm25(posts_lead_fts, 10.0, 5.0)`,
    sql`bm25(posts_fts, 10.0, 5.0, 1.0)`,
  ] as const;
  // Which rows the rest of the filter lets through, without reading the posts
  // table for each match: none to check, all but the few hidden ones, or the
  // allowed set. (The unary + keeps SQLite from handing the test to FTS5.)
  const hidden = hiddenPostIds(db, filter.now);
  const restrict = unfiltered(filter)
    ? sql`1 = 1`
    : onlyLive(filter)
      ? sql`+rowid not in (${hidden})`
      : sql`+rowid in (${applyFilter(
          db.selectFrom("posts").select("posts.id"),
          { ...filter, search: undefined },
          "sqlite",
        )})`;
  const matching = (tier: number) =>
    sql`select rowid from ${tables[tier]!} where ${tables[tier]!} match ${match}`;
  return {
    async counts() {
      const count = (tier: number) => {
        const table = tables[tier]!;
        // All matches less the hidden ones among them: probing the few hidden
        // ids (a Bloom filter) costs less than excluding them from every match.
        if (onlyLive(filter)) {
          return sql`((select count(*) from ${table} where ${table} match ${match})
            - (select count(*) from ${table} where ${table} match ${match} and +rowid in (${hidden})))`;
        }
        return sql`(select count(*) from ${table} where ${table} match ${match} and ${restrict})`;
      };
      const { rows } = await sql<{ title: number; lead: number; all: number }>`
        select ${count(0)} as title, ${count(1)} as lead, ${count(2)} as "all"`.execute(db);
      return rows[0];
    },
    async page(tier, limit, offset) {
      const table = tables[tier]!;
      const lower = tier > 0 ? sql`and +rowid not in (${matching(tier - 1)})` : sql``;
      const { rows } = await sql<{ id: number }>`
        select rowid as id from ${table}
        where ${table} match ${match} and ${restrict} ${lower}
        order by ${rank[tier]!}, rowid desc
        limit ${limit} offset ${offset}`.execute(db);
      return rows.map((r) => r.id);
    },
  };
}
