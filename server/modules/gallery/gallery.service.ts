import type { Selectable } from "kysely";
import type { Actor } from "../../../common/permissions.ts";
import {
  GalleryCategoryInputSchema,
  GalleryImageInputSchema,
  ReorderSchema,
} from "../../../common/schemas/content.ts";
import { slugify } from "../../../common/text.ts";
import type { GalleryCategory, GalleryImage } from "../../../common/types.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { nowIso, toIso } from "../../db/normalize.ts";
import type { GalleryImagesTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseInput } from "../../http/validation.ts";
import { changedFields, insertAuditEvents } from "../audit/audit.repository.ts";

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

export function createGalleryService(db: Db) {
  async function listGalleryCategories(): Promise<GalleryCategory[]> {
    return db
      .selectFrom("gallery_categories")
      .select(["id", "name", "slug", "sort_order"])
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
  }

  async function listGalleryImages(query: { category?: string } = {}): Promise<GalleryImage[]> {
    const categories = await listGalleryCategories();
    const byId = new Map(categories.map((c) => [c.id, c]));
    let q = db.selectFrom("gallery_images").select(imageColumns);
    if (query.category) {
      const category = categories.find((c) => c.slug === query.category);
      if (!category) return [];
      q = q.where("category_id", "=", category.id);
    }
    const rows = await q.orderBy("sort_order").orderBy("id").execute();
    return rows.map((row) => toImage(row, byId));
  }

  async function getImage(id: number) {
    const categories = await listGalleryCategories();
    const row = await db
      .selectFrom("gallery_images")
      .select(imageColumns)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound("Gallery image not found");
    return toImage(row, new Map(categories.map((c) => [c.id, c])));
  }

  async function requireCategory(id: number | null | undefined) {
    if (id === null || id === undefined) return;
    const found = await db
      .selectFrom("gallery_categories")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!found) throw AppError.validation({ category_id: "Category does not exist" });
  }

  async function createGalleryImage(actor: Actor | null, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryImageInputSchema, input);
    await requireCategory(data.category_id);
    const now = nowIso();
    const order =
      data.sort_order ??
      Number(
        (
          await db
            .selectFrom("gallery_images")
            .select((eb) => eb.fn.max("sort_order").as("max"))
            .executeTakeFirst()
        )?.max ?? -1,
      ) + 1;
    const upload = await db
      .selectFrom("uploads")
      .select(["width", "height"])
      .where("file_name", "=", data.url.replace(/^\/uploads\//, ""))
      .executeTakeFirst();
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("gallery_images")
        .values({
          title: data.title,
          description: data.description,
          url: data.url,
          thumbnail_url: data.thumbnail ?? "",
          alt: data.alt ?? "",
          width: upload?.width ?? null,
          height: upload?.height ?? null,
          category_id: data.category_id ?? null,
          sort_order: order,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await insertAuditEvents(
        trx,
        actor,
        [
          {
            action: "created",
            entityType: "gallery_image",
            entityId: inserted.id,
            label: data.title,
          },
        ],
        now,
      );
      return inserted;
    });
    return getImage(row.id);
  }

  async function updateGalleryImage(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryImageInputSchema, input);
    await requireCategory(data.category_id);
    const before = await db
      .selectFrom("gallery_images")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) throw AppError.notFound("Gallery image not found");
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const after = {
        ...before,
        title: data.title,
        description: data.description,
        url: data.url,
        ...(data.thumbnail !== undefined ? { thumbnail_url: data.thumbnail } : {}),
        ...(data.alt !== undefined ? { alt: data.alt } : {}),
        ...(data.category_id !== undefined ? { category_id: data.category_id } : {}),
        ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
      };
      const result = await trx
        .updateTable("gallery_images")
        .set({
          title: data.title,
          description: data.description,
          url: data.url,
          ...(data.thumbnail !== undefined ? { thumbnail_url: data.thumbnail } : {}),
          ...(data.alt !== undefined ? { alt: data.alt } : {}),
          ...(data.category_id !== undefined ? { category_id: data.category_id } : {}),
          ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
          updated_at: now,
        })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw AppError.notFound("Gallery image not found");
      const changed = changedFields(before, after, [
        "title",
        "description",
        "url",
        "thumbnail_url",
        "alt",
        "category_id",
        "sort_order",
      ]);
      await insertAuditEvents(
        trx,
        actor,
        [
          {
            action: "updated",
            entityType: "gallery_image",
            entityId: id,
            label: data.title,
            details: { changed },
          },
        ],
        now,
      );
    });
    return getImage(id);
  }

  async function deleteGalleryImage(actor: Actor | null, id: number) {
    requirePermission(actor, "gallery:manage");
    await db.transaction().execute(async (trx) => {
      const image = await trx
        .deleteFrom("gallery_images")
        .where("id", "=", id)
        .returning("title")
        .executeTakeFirst();
      if (!image) throw AppError.notFound("Gallery image not found");
      await insertAuditEvents(
        trx,
        actor,
        [{ action: "deleted", entityType: "gallery_image", entityId: id, label: image.title }],
        nowIso(),
      );
    });
  }

  async function reorderGalleryImages(actor: Actor | null, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const { ids } = parseInput(ReorderSchema, input);
    const unique = [...new Set(ids)];
    const found = await db
      .selectFrom("gallery_images")
      .select("id")
      .where("id", "in", unique)
      .execute();
    if (found.length !== unique.length) throw AppError.notFound("Some gallery images do not exist");
    await db.transaction().execute(async (trx) => {
      for (const [index, id] of unique.entries()) {
        await trx
          .updateTable("gallery_images")
          .set({ sort_order: index })
          .where("id", "=", id)
          .execute();
      }
      await insertAuditEvents(
        trx,
        actor,
        [
          {
            action: "updated",
            entityType: "gallery_image",
            label: "Gallery order",
            details: { reordered: unique },
          },
        ],
        nowIso(),
      );
    });
    return listGalleryImages();
  }

  function categoryConflict(error: unknown): never {
    if (isUniqueViolation(error)) {
      throw AppError.conflict("A gallery category with this slug already exists", {
        slug: "A gallery category with this slug already exists",
      });
    }
    throw error;
  }

  async function createGalleryCategory(actor: Actor | null, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryCategoryInputSchema, input);
    const slug = data.slug || slugify(data.name);
    if (!slug) throw AppError.validation({ slug: "Slug is required" });
    try {
      return await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const row = await trx
          .insertInto("gallery_categories")
          .values({ name: data.name, slug, sort_order: data.sort_order ?? 0, created_at: now })
          .returning(["id", "name", "slug", "sort_order"])
          .executeTakeFirstOrThrow();
        await insertAuditEvents(
          trx,
          actor,
          [
            {
              action: "created",
              entityType: "gallery_category",
              entityId: row.id,
              label: row.name,
            },
          ],
          now,
        );
        return row;
      });
    } catch (error) {
      categoryConflict(error);
    }
  }

  async function updateGalleryCategory(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryCategoryInputSchema, input);
    const slug = data.slug || slugify(data.name);
    if (!slug) throw AppError.validation({ slug: "Slug is required" });
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("gallery_categories")
          .set({
            name: data.name,
            slug,
            ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
          })
          .where("id", "=", id)
          .returning(["id", "name", "slug", "sort_order"])
          .executeTakeFirst();
        if (!row) throw AppError.notFound("Gallery category not found");
        await insertAuditEvents(
          trx,
          actor,
          [{ action: "updated", entityType: "gallery_category", entityId: id, label: row.name }],
          nowIso(),
        );
        return row;
      });
    } catch (error) {
      categoryConflict(error);
    }
  }

  async function deleteGalleryCategory(actor: Actor | null, id: number) {
    requirePermission(actor, "gallery:manage");
    await db.transaction().execute(async (trx) => {
      const category = await trx
        .deleteFrom("gallery_categories")
        .where("id", "=", id)
        .returning("name")
        .executeTakeFirst();
      if (!category) throw AppError.notFound("Gallery category not found");
      await insertAuditEvents(
        trx,
        actor,
        [{ action: "deleted", entityType: "gallery_category", entityId: id, label: category.name }],
        nowIso(),
      );
    });
  }

  return {
    listGalleryImages,
    listGalleryCategories,
    createGalleryImage,
    updateGalleryImage,
    deleteGalleryImage,
    reorderGalleryImages,
    createGalleryCategory,
    updateGalleryCategory,
    deleteGalleryCategory,
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
