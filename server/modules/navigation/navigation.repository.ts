import { type MenuReferenceType, referenceHref } from "#common/navigation.ts";
import type { NavigationTarget } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toBool } from "#server/db/normalize.ts";
import { isLivePage } from "#server/modules/pages/pages.repository.ts";
import { isLive } from "#server/modules/posts/visibility.ts";

export type { NavigationTarget };

const MAX_IDS = 200;

type TargetQuery = { ids?: readonly number[]; limit: number; now: string };
type TargetRow = { id: number; title: string; slug: string; live?: unknown };

/**
 * The content of one type a menu item can point at: the items with `ids`, or
 * (without) the first `limit` of them; posts by id only. Pages and posts say
 * whether they are live now; services and categories always are.
 */
export function findTargets(
  db: Db,
  type: MenuReferenceType,
  query: TargetQuery,
): Promise<NavigationTarget[]> {
  if (query.ids?.length === 0) return Promise.resolve([]);
  switch (type) {
    case "page":
      return findPageTargets(db, query);
    case "service":
      return findServiceTargets(db, query);
    case "category":
      return findCategoryTargets(db, query);
    case "post":
      return findPostTargets(db, query.ids ?? [], query.now);
  }
}

function toTargets(type: MenuReferenceType, rows: TargetRow[]): NavigationTarget[] {
  return rows.map((row) => ({
    type,
    id: row.id,
    title: row.title,
    href: referenceHref(type, row.slug),
    live: row.live === undefined ? true : toBool(row.live),
  }));
}

async function findServiceTargets(db: Db, options: TargetQuery) {
  let query = db.selectFrom("services").select(["id", "title", "slug"]);
  if (options.ids) query = query.where("id", "in", options.ids.slice(0, MAX_IDS));
  const rows = await query.orderBy("sort_order").orderBy("id").limit(options.limit).execute();
  return toTargets("service", rows);
}

async function findCategoryTargets(db: Db, options: TargetQuery) {
  let query = db.selectFrom("categories").select(["id", "name as title", "slug"]);
  if (options.ids) query = query.where("id", "in", options.ids.slice(0, MAX_IDS));
  const rows = await query.orderBy("name").orderBy("id").limit(options.limit).execute();
  return toTargets("category", rows);
}

/** Posts by id, each with whether it is live now (the one rule, `isLive`). */
async function findPostTargets(db: Db, ids: readonly number[], now: string) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("posts")
    .select((eb) => [
      "id",
      "title",
      "slug",
      eb.case().when(isLive(eb, now)).then(1).else(0).end().as("live"),
    ])
    .where("id", "in", ids.slice(0, MAX_IDS))
    .execute();
  return toTargets("post", rows);
}

/** Pages by id (or the first `limit`), each with whether it is live now (`isLivePage`). */
async function findPageTargets(db: Db, options: TargetQuery) {
  let query = db
    .selectFrom("pages")
    .select((eb) => [
      "id",
      "title",
      "slug",
      eb.case().when(isLivePage(eb, options.now)).then(1).else(0).end().as("live"),
    ]);
  if (options.ids) query = query.where("id", "in", options.ids.slice(0, MAX_IDS));
  const rows = await query.orderBy("title").orderBy("id").limit(options.limit).execute();
  return toTargets("page", rows);
}
