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
import { nowIso } from "../../db/normalize.ts";
import { parseInput } from "../../http/validation.ts";
import { AppError } from "../app-error.ts";
import { changedFields, insertAuditEvents } from "../audit/audit.repository.ts";
import { findUploadSize } from "../media/media.repository.ts";
import {
  deleteGalleryCategory,
  deleteGalleryImage,
  findGalleryCategories,
  findGalleryImageById,
  findGalleryImageIds,
  findGalleryImages,
  findStoredGalleryImage,
  galleryCategoryExists,
  insertGalleryCategory,
  insertGalleryImage,
  nextGalleryImageOrder,
  updateGalleryCategory,
  updateGalleryImage,
  updateGalleryImagesOrder,
} from "./gallery.repository.ts";

export function createGalleryService(db: Db) {
  async function listGalleryCategories(): Promise<GalleryCategory[]> {
    return findGalleryCategories(db);
  }

  async function listGalleryImages(query: { category?: string } = {}): Promise<GalleryImage[]> {
    const categories = await listGalleryCategories();
    if (!query.category) return findGalleryImages(db, categories);
    const category = categories.find((c) => c.slug === query.category);
    if (!category) return [];
    return findGalleryImages(db, categories, { categoryId: category.id });
  }

  async function getImage(id: number) {
    const categories = await listGalleryCategories();
    const image = await findGalleryImageById(db, id, categories);
    if (!image) throw AppError.notFound("Gallery image not found");
    return image;
  }

  async function requireCategory(id: number | null | undefined) {
    if (id === null || id === undefined) return;
    const exists = await galleryCategoryExists(db, id);
    if (!exists) throw AppError.validation({ category_id: "Category does not exist" });
  }

  async function createGalleryImage(actor: Actor | null, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryImageInputSchema, input);
    await requireCategory(data.category_id);
    const now = nowIso();
    const order = data.sort_order ?? (await nextGalleryImageOrder(db));
    const upload = await findUploadSize(db, data.url.replace(/^\/uploads\//, ""));
    const id = await db.transaction().execute(async (trx) => {
      const imageId = await insertGalleryImage(
        trx,
        {
          title: data.title,
          description: data.description,
          url: data.url,
          thumbnail_url: data.thumbnail ?? "",
          alt: data.alt ?? "",
          width: upload?.width ?? null,
          height: upload?.height ?? null,
          category_id: data.category_id ?? null,
          sort_order: order,
        },
        now,
      );
      await insertAuditEvents(
        trx,
        actor,
        [
          {
            action: "created",
            entityType: "gallery_image",
            entityId: imageId,
            label: data.title,
          },
        ],
        now,
      );
      return imageId;
    });
    return getImage(id);
  }

  async function updateGalleryImageById(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryImageInputSchema, input);
    await requireCategory(data.category_id);
    const before = await findStoredGalleryImage(db, id);
    if (!before) throw AppError.notFound("Gallery image not found");
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const changes = {
        title: data.title,
        description: data.description,
        url: data.url,
        ...(data.thumbnail !== undefined ? { thumbnail_url: data.thumbnail } : {}),
        ...(data.alt !== undefined ? { alt: data.alt } : {}),
        ...(data.category_id !== undefined ? { category_id: data.category_id } : {}),
        ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
      };
      const after = { ...before, ...changes };
      const updated = await updateGalleryImage(trx, id, changes, now);
      if (!updated) throw AppError.notFound("Gallery image not found");
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

  async function deleteGalleryImageById(actor: Actor | null, id: number) {
    requirePermission(actor, "gallery:manage");
    await db.transaction().execute(async (trx) => {
      const image = await deleteGalleryImage(trx, id);
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
    const found = await findGalleryImageIds(db, unique);
    if (found.length !== unique.length) throw AppError.notFound("Some gallery images do not exist");
    await db.transaction().execute(async (trx) => {
      await updateGalleryImagesOrder(trx, unique);
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
        const row = await insertGalleryCategory(
          trx,
          { name: data.name, slug, sort_order: data.sort_order ?? 0 },
          now,
        );
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

  async function updateGalleryCategoryById(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryCategoryInputSchema, input);
    const slug = data.slug || slugify(data.name);
    if (!slug) throw AppError.validation({ slug: "Slug is required" });
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await updateGalleryCategory(trx, id, {
          name: data.name,
          slug,
          ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
        });
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

  async function deleteGalleryCategoryById(actor: Actor | null, id: number) {
    requirePermission(actor, "gallery:manage");
    await db.transaction().execute(async (trx) => {
      const category = await deleteGalleryCategory(trx, id);
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
    updateGalleryImage: updateGalleryImageById,
    deleteGalleryImage: deleteGalleryImageById,
    reorderGalleryImages,
    createGalleryCategory,
    updateGalleryCategory: updateGalleryCategoryById,
    deleteGalleryCategory: deleteGalleryCategoryById,
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
