import type { Kysely } from "kysely";
import { referenceHref } from "../../../common/navigation.ts";
import type { NavigationTarget } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { toBool, toIso } from "../../db/normalize.ts";
import { isLive, LIVE_STATUSES } from "../posts/visibility.ts";

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

/**
 * The columns of the `pages` table this module reads (its migration,
 * 2026_11_25_0001_create_pages, comes with the Pages work of issue 22). Typed
 * here on their own so that menus can refer to pages whether or not the table
 * is in this build's schema; where it is not, there are no pages to find.
 */
type PagesOnly = {
  pages: {
    id: number;
    title: string;
    slug: string;
    status: string;
    published_at: string | Date | null;
  };
};

function isMissingTable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return e.code === "42P01" || /no such table/i.test(e.message ?? "");
}

/** A page is live as a post is: published (or scheduled) with a publish time that has passed. */
function isPageLive(status: string, publishedAt: string | null, now: string): boolean {
  return (
    (LIVE_STATUSES as readonly string[]).includes(status) && !!publishedAt && publishedAt <= now
  );
}

export async function findPageTargets(
  db: Db,
  options: { ids?: readonly number[]; limit: number; now: string },
): Promise<NavigationTarget[]> {
  if (options.ids?.length === 0) return [];
  const pagesDb = db as unknown as Kysely<PagesOnly>;
  let query = pagesDb.selectFrom("pages").select(["id", "title", "slug", "status", "published_at"]);
  if (options.ids) query = query.where("id", "in", options.ids.slice(0, MAX_IDS));
  try {
    const rows = await query.orderBy("title").orderBy("id").limit(options.limit).execute();
    return rows.map((row) => ({
      type: "page",
      id: row.id,
      title: row.title,
      href: referenceHref("page", row.slug),
      live: isPageLive(row.status, toIso(row.published_at), options.now),
    }));
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
}
