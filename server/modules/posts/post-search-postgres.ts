import { sql } from "kysely";
import type { Db } from "#server/db/client.ts";
import { applyFilter, orderKey, type PostFilter } from "./post-filter.ts";
import type { Tiers } from "./post-search.ts";
import { tsQuery } from "./search-text.ts";

/**
 * PostgreSQL: tsvectors with GIN indexes, one per tier (title; title and
 * excerpt; everything, weighted A title, B excerpt, C body), so that each
 * tier is found and ranked from its own small vector.
 */
export function postgresTiers(db: Db, filter: PostFilter, terms: string[]): Tiers {
  const query = sql`to_tsquery('english'::regconfig, ${tsQuery(terms)})`;
  const vectors = [sql`posts.title_vector`, sql`posts.lead_vector`, sql`posts.search_vector`];
  const matches = (tier: number) => sql<boolean>`${vectors[tier]} @@ ${query}`;
  const rank = [
    sql`ts_rank(posts.title_vector, ${query})`,
    sql`ts_rank(posts.lead_vector, ${query})`,
    sql`ts_rank('{0.1, 0.2, 0.5, 1.0}', posts.search_vector, ${query})`,
  ];
  const base = () =>
    applyFilter(db.selectFrom("posts"), { ...filter, search: undefined }, "postgres");
  return {
    async counts() {
      const count = (tier: number) =>
        sql<number>`(${base()
          .select((eb) => eb.fn.countAll().as("n"))
          .where(matches(tier))})`;
      const { rows } = await sql<{ title: number; lead: number; all: number }>`
        select ${count(0)} as title, ${count(1)} as lead, ${count(2)} as "all"`.execute(db);
      return rows[0];
    },
    async page(tier, limit, offset) {
      let q = base().select("posts.id").where(matches(tier));
      if (tier > 0) q = q.where(sql<boolean>`not ${matches(tier - 1)}`);
      const rows = await q
        .orderBy(rank[tier]!, "desc")
        .orderBy(orderKey(filter), "desc")
        .orderBy("posts.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
