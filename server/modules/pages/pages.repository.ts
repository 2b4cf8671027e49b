import { type ExpressionBuilder, type Insertable, type Selectable, sql } from "kysely";
import type { Page, PageSummary } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { containsPattern } from "#server/db/like.ts";
import { toBool, toCount, toIso } from "#server/db/normalize.ts";
import { reusableRead } from "#server/db/reusable-read.ts";
import { findRow, insertRow, stamped, updateById } from "#server/db/rows.ts";
import type { Database, PagesTable } from "#server/db/schema.ts";
import { effectiveStatus } from "#server/modules/content/publishing.ts";

/**
 * The SQL of company pages. A site has a handful of pages, so the queries are
 * plain (no search index, no paging tricks); the column names are the ones
 * the menus read too (id, title, slug, status, published_at).
 */

type PagesEb = ExpressionBuilder<Database, "pages">;

const LIVE_STATUSES = ["published", "scheduled"] as const;

/**
 * Which pages the public sees, decided at read time: published (or scheduled)
 * with a publish time that has passed. The one place this rule is written for
 * pages (posts: posts/visibility.ts).
 */
export function isLivePage(eb: PagesEb, now: string) {
  return eb.and([
    eb("pages.status", "in", LIVE_STATUSES),
    eb("pages.published_at", "is not", null),
    eb("pages.published_at", "<=", now),
  ]);
}

/** A live status whose time has not come (or that has no date): "scheduled" as read. */
function isPendingPage(eb: PagesEb, now: string) {
  return eb.and([
    eb("pages.status", "in", LIVE_STATUSES),
    eb.or([eb("pages.published_at", "is", null), eb("pages.published_at", ">", now)]),
  ]);
}

/** What a staff member writes (and an edit's audit entry compares). */
export const PAGE_FIELDS = [
  "title",
  "slug",
  "content",
  "meta_title",
  "meta_description",
  "featured_image",
  "featured_image_alt",
  "status",
  "published_at",
  "noindex",
] as const;

const summaryColumns = [
  "pages.id",
  "pages.title",
  "pages.slug",
  "pages.meta_title",
  "pages.meta_description",
  "pages.featured_image",
  "pages.featured_image_alt",
  "pages.status",
  "pages.published_at",
  "pages.noindex",
  "pages.author_id",
  "pages.version",
  "pages.created_at",
  "pages.updated_at",
] as const;

const columns = [...summaryColumns, "pages.content"] as const;

type SummaryRow = Omit<Selectable<PagesTable>, "content" | "updated_by">;

function toSummary(row: SummaryRow, now: string): PageSummary {
  const publishedAt = toIso(row.published_at);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    featured_image: row.featured_image,
    featured_image_alt: row.featured_image_alt,
    status: effectiveStatus(row.status, publishedAt, now),
    published_at: publishedAt,
    noindex: toBool(row.noindex),
    author_id: row.author_id,
    version: Number(row.version),
    created_at: toIso(row.created_at) ?? "",
    updated_at: toIso(row.updated_at) ?? "",
  };
}

function toPage(row: Omit<Selectable<PagesTable>, "updated_by">, now: string): Page {
  return { ...toSummary(row, now), content: row.content };
}

export type PageStatusFilter = "all" | "published" | "draft" | "scheduled";

/** One page of the staff list (newest change first) and how many pages match. */
export async function findPagePage(
  db: Db,
  filter: { status?: PageStatusFilter; search?: string; now: string },
  paging: { page: number; limit: number },
): Promise<{ pages: PageSummary[]; count: number }> {
  let query = db.selectFrom("pages");
  switch (filter.status) {
    case "published":
      query = query.where((eb) => isLivePage(eb, filter.now));
      break;
    case "scheduled":
      query = query.where((eb) => isPendingPage(eb, filter.now));
      break;
    case "draft":
      query = query.where("pages.status", "=", "draft");
      break;
    default:
      break;
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(pages.title)`, "like", pattern),
        eb(sql`lower(pages.slug)`, "like", pattern),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select(summaryColumns)
      .orderBy("pages.updated_at", "desc")
      .orderBy("pages.id", "desc")
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { pages: rows.map((row) => toSummary(row, filter.now)), count: toCount(total.count) };
}

type PageKey = { by: "id" | "slug"; visibility: "all" | "public" };

/** A page by id or slug (built once per shape, decision 040: every page's render reads one). */
const readPage = reusableRead(
  (db, shape: PageKey, values: { key: number | string; now: string }) => {
    let query = db
      .selectFrom("pages")
      .select(columns)
      .where(shape.by === "id" ? "pages.id" : "pages.slug", "=", values.key);
    if (shape.visibility === "public") query = query.where((eb) => isLivePage(eb, values.now));
    return query;
  },
);

/** A page by id or slug: any status for staff, only a live one for the public. */
export async function findPage(
  db: Db,
  key: { id: number } | { slug: string },
  options: { visibility: "all" | "public"; now: string },
): Promise<Page | null> {
  const [row] = await readPage(
    db,
    { by: "id" in key ? "id" : "slug", visibility: options.visibility },
    { key: "id" in key ? key.id : key.slug, now: options.now },
  );
  return row ? toPage(row, options.now) : null;
}

export async function findPageIdBySlug(db: Db, slug: string): Promise<number | null> {
  const row = await findRow(db, "pages", { slug }, ["id"]);
  return row?.id ?? null;
}

/** The columns a page's form (and its author) write; the rest are the database's. */
export type PageWrite = Required<
  Omit<Insertable<Database["pages"]>, "id" | "version" | "updated_by" | "created_at" | "updated_at">
>;

export async function insertPage(db: Db, values: PageWrite, now: string): Promise<number> {
  const row = await insertRow(db, "pages", { ...values, ...stamped(now) }, ["id"]);
  return row.id;
}

/** Whether a page with this id was there to change. */
export async function updatePageColumns(
  db: Db,
  id: number,
  values: Partial<Omit<PageWrite, "author_id">>,
  now: string,
): Promise<boolean> {
  return (await updateById(db, "pages", id, { ...values, updated_at: now }, ["id"])) !== null;
}

export async function deletePages(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.deleteFrom("pages").where("id", "in", ids).returning("id").execute();
  return rows.length;
}

/** What a bulk action needs of each page: its title, status and date. */
export async function findPagesForBulk(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("pages")
    .select(["id", "title", "status", "published_at"])
    .where("id", "in", ids)
    .execute();
  return rows.map((row) => ({ ...row, published_at: toIso(row.published_at) }));
}

/** The pages search engines are offered: live and not hidden from them. */
export async function findIndexablePageSlugs(db: Db, now: string) {
  const rows = await db
    .selectFrom("pages")
    .select(["slug", "updated_at", "published_at"])
    .where((eb) => isLivePage(eb, now))
    .where("noindex", "=", false)
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    lastmod: toIso(row.updated_at) ?? toIso(row.published_at) ?? now,
  }));
}
