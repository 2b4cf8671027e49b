import { referenceHref } from "#common/navigation.ts";
import type { NavigationTarget } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toBool } from "#server/db/normalize.ts";
import { isLivePage } from "#server/modules/pages/pages.repository.ts";
import { isLive } from "#server/modules/posts/visibility.ts";

export type { NavigationTarget };

const MAX_IDS = 200;

export async function findServiceTargets(
  db: Db,
  options: { ids?: readonly number[]; limit: number },
): Promise<NavigationTarget[]> {
  if (options.ids?.length === 0) return [];
  let query = db.selectFrom("services").select(["id", "title", "slug"]);
  if (options.ids) query = query.where("id", "in", options.ids.slice(0, MAX_IDS));
  const rows = await query.orderBy("sort_order").orderBy("id").limit(options.limit).execute();
  return rows.map((row) => ({
    type: "service",
    id: row.id,
    title: row.title,
    href: referenceHref("service", row.slug),
    live: true,
  }));
}

export async function findCategoryTargets(
  db: Db,
  options: { ids?: readonly number[]; limit: number },
): Promise<NavigationTarget[]> {
  if (options.ids?.length === 0) return [];
  let query = db.selectFrom("categories").select(["id", "name", "slug"]);
  if (options.ids) query = query.where("id", "in", options.ids.slice(0, MAX_IDS));
  const rows = await query.orderBy("name").orderBy("id").limit(options.limit).execute();
  return rows.map((row) => ({
    type: "category",
    id: row.id,
    title: row.name,
    href: referenceHref("category", row.slug),
    live: true,
  }));
}

/** Posts by id, each with whether it is live now (the one rule, `isLive`). */
export async function findPostTargets(
  db: Db,
  ids: readonly number[],
  now: string,
): Promise<NavigationTarget[]> {
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
  return rows.map((row) => ({
    type: "post",
    id: row.id,
    title: row.title,
    href: referenceHref("post", row.slug),
    live: toBool(row.live),
  }));
}

/** Pages by id (or the first `limit`), each with whether it is live now (`isLivePage`). */
export async function findPageTargets(
  db: Db,
  options: { ids?: readonly number[]; limit: number; now: string },
): Promise<NavigationTarget[]> {
  if (options.ids?.length === 0) return [];
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
  return rows.map((row) => ({
    type: "page",
    id: row.id,
    title: row.title,
    href: referenceHref("page", row.slug),
    live: toBool(row.live),
  }));
}
