import type { Selectable } from "kysely";
import type { GalleryCategory, GalleryImage } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import { deleteById, findRow, insertRow, stamped, updateById } from "#server/db/rows.ts";
import type { GalleryImagesTable } from "#server/db/schema.ts";
import { nextSortOrder, updateSortOrder } from "#server/db/sort-order.ts";

const categoryColumns = ["id", "name", "slug", "sort_order"] as const;

const imageColumns = [
  "id",
  "title",
  "description",
  "url",
  "thumbnail_url",
  "alt",
  "width",
  "height",
  "category_id",
  "sort_order",
  "created_at",
] as const;

type ImageRow = Pick<Selectable<GalleryImagesTable>, (typeof imageColumns)[number]>;

/** `categories`: all gallery categories, for the image's `category`. */
function toImage(row: ImageRow, categories: Map<number, GalleryCategory>): GalleryImage {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    thumbnail: row.thumbnail_url || row.url,
    alt: row.alt || row.title,
    width: row.width,
    height: row.height,
    category_id: row.category_id,
    category: row.category_id !== null ? (categories.get(row.category_id) ?? null) : null,
    sort_order: row.sort_order,
    created_at: toIso(row.created_at) ?? "",
  };
}

function byId(categories: GalleryCategory[]) {
  return new Map(categories.map((c) => [c.id, c]));
}

export async function findGalleryCategories(db: Db): Promise<GalleryCategory[]> {
  return db
    .selectFrom("gallery_categories")
    .select(categoryColumns)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

export async function galleryCategoryExists(db: Db, id: number): Promise<boolean> {
  return (await findRow(db, "gallery_categories", { id }, ["id"])) !== null;
}

/**
 * In gallery order; only those in `categoryId` when given. `categories` (all of
 * them, from findGalleryCategories) fill in each image's category.
 */
export async function findGalleryImages(
  db: Db,
  categories: GalleryCategory[],
  { categoryId }: { categoryId?: number } = {},
): Promise<GalleryImage[]> {
  let query = db.selectFrom("gallery_images").select(imageColumns);
  if (categoryId !== undefined) query = query.where("category_id", "=", categoryId);
  const rows = await query.orderBy("sort_order").orderBy("id").execute();
  const map = byId(categories);
  return rows.map((row) => toImage(row, map));
}

export async function findGalleryImageById(
  db: Db,
  id: number,
  categories: GalleryCategory[],
): Promise<GalleryImage | null> {
  const row = await findRow(db, "gallery_images", { id }, imageColumns);
  return row ? toImage(row, byId(categories)) : null;
}

/** The image as stored (column names, no defaults filled in), e.g. to compare before and after. */
export async function findStoredGalleryImage(db: Db, id: number) {
  const row = await db
    .selectFrom("gallery_images")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** The ids among `ids` that are gallery images. */
export async function findGalleryImageIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom("gallery_images").select("id").where("id", "in", ids).execute();
  return rows.map((row) => row.id);
}

/** One past the last place in the gallery order (0 when it is empty). */
export function nextGalleryImageOrder(db: Db): Promise<number> {
  return nextSortOrder(db, "gallery_images");
}

export type GalleryImageWrite = Omit<
  Selectable<GalleryImagesTable>,
  "id" | "created_at" | "updated_at"
>;

/** The new image's id. */
export async function insertGalleryImage(
  db: Db,
  values: GalleryImageWrite,
  now: string,
): Promise<number> {
  const row = await insertRow(db, "gallery_images", { ...values, ...stamped(now) }, ["id"]);
  return row.id;
}

/** False when there is no such image. */
export async function updateGalleryImage(
  db: Db,
  id: number,
  values: Partial<GalleryImageWrite>,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("gallery_images")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts the images in the order of `ids` (sort_order 0, 1, …). */
export function updateGalleryImagesOrder(db: Db, ids: number[]) {
  return updateSortOrder(db, "gallery_images", ids);
}

/** The deleted image's title, or null when there was none. */
export async function deleteGalleryImage(db: Db, id: number): Promise<string | null> {
  const row = await deleteById(db, "gallery_images", id, ["title"]);
  return row?.title ?? null;
}

export type GalleryCategoryWrite = { name: string; slug: string; sort_order: number };

export async function insertGalleryCategory(
  db: Db,
  values: GalleryCategoryWrite,
  now: string,
): Promise<GalleryCategory> {
  return insertRow(db, "gallery_categories", { ...values, created_at: now }, categoryColumns);
}

export async function updateGalleryCategory(
  db: Db,
  id: number,
  values: Partial<GalleryCategoryWrite>,
): Promise<GalleryCategory | null> {
  return updateById(db, "gallery_categories", id, values, categoryColumns);
}

/** The deleted category's name, or null when there was none. */
export async function deleteGalleryCategory(db: Db, id: number): Promise<string | null> {
  const row = await deleteById(db, "gallery_categories", id, ["name"]);
  return row?.name ?? null;
}
