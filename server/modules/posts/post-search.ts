import { sql } from "kysely";
import { type Db, dialectOf } from "#server/db/client.ts";
import { toCount } from "#server/db/normalize.ts";
import type { PostFilter } from "./post-filter.ts";
import type { PostPage } from "./post-list.ts";
import { attachRelations, selectPostColumns } from "./post-rows.ts";
import { postgresTiers } from "./post-search-postgres.ts";
import { sqliteTiers } from "./post-search-sqlite.ts";
import { searchTerms } from "./search-text.ts";

/**
 * Full-text search, ranked in three tiers: posts whose title holds every word
 * come first, then those whose title and excerpt do, then the rest; within a
 * tier by relevance (SQLite bm25, PostgreSQL ts_rank; title weighted above
 * excerpt above body). Tiers let the first pages be ranked from a few
 * hundred title matches even when a common word matches most posts.
 * Words match by stem ("designs" finds "design") and as prefixes ("deve"
 * finds "development"). When no post matches, a mid-word fallback looks for
 * the text inside titles and excerpts (see docs/decisions): this answers
 * null then, and the list (post-list.ts) looks with `midWordFallback`.
 * The dialect is decided here, once: FTS5 tables on SQLite
 * (post-search-sqlite.ts), tsvectors on PostgreSQL (post-search-postgres.ts).
 */
export async function searchPostPage(
  db: Db,
  filter: PostFilter,
  paging: { page: number; limit: number },
  content: boolean | number,
): Promise<PostPage | null> {
  const raw = filter.search ?? "";
  const terms = searchTerms(raw);
  // Only punctuation: nothing to look for, so nothing is found.
  if (terms.length === 0) return { posts: [], count: 0 };
  const found = await (dialectOf(db) === "sqlite"
    ? rankedIds(sqliteTiers(db, filter, terms), paging)
    : // PostgreSQL misjudges a common word: it would read every row's vector
      // (out of line) rather than the GIN index, 50 times slower.
      db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return rankedIds(postgresTiers(trx, filter, terms), paging);
      }));
  const { ids, count } = found;
  if (count === 0) return null;
  if (ids.length === 0) return { posts: [], count };

  const rows = await selectPostColumns(db, content).where("posts.id", "in", ids).execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { posts: await attachRelations(db, rows, filter.now), count };
}

/**
 * The text a search that found nothing looks for inside titles and excerpts,
 * or null when too short (under three characters) to be worth it.
 */
export function midWordFallback(search: string): string | null {
  // Control characters (NUL, which PostgreSQL refuses in text) never reach the query.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const text = search.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  return text.replace(/\s/g, "").length < 3 ? null : text;
}

/** The total, and the ids of one page taken tier after tier. */
async function rankedIds(tiers: Tiers, paging: { page: number; limit: number }) {
  const counts = tierSizes(await tiers.counts());
  const count = counts.reduce((sum, n) => sum + n, 0);
  const ids: number[] = [];
  let skip = (paging.page - 1) * paging.limit;
  for (const [tier, size] of counts.entries()) {
    if (count === 0 || ids.length === paging.limit) break;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    ids.push(...(await tiers.page(tier, paging.limit - ids.length, skip)));
    skip = 0;
  }
  return { ids, count };
}

/** A dialect's ranked search, tier by tier. */
export type Tiers = {
  /**
   * How many posts the filter lets through whose title, title and excerpt,
   * or any text matches (three overlapping counts, made tiers by `tierSizes`).
   */
  counts: () => Promise<TierCounts | undefined>;
  /** Ids of one tier, best first. */
  page: (tier: number, limit: number, offset: number) => Promise<number[]>;
};

export type TierCounts = { title: unknown; lead: unknown; all: unknown };

function tierSizes(row: TierCounts | undefined) {
  const title = toCount(row?.title);
  const lead = toCount(row?.lead);
  return [title, lead - title, toCount(row?.all) - lead];
}
