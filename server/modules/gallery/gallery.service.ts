import type { Actor } from "#common/permissions.ts";
import {
  GalleryCategoryInputSchema,
  GalleryImageInputSchema,
  ReorderSchema,
} from "#common/schemas/content.ts";
import { termSlug } from "#common/text.ts";
import type { GalleryCategory, GalleryImage } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { changedFields } from "#server/modules/audit/audit.repository.ts";
import { deleteWithAudit, writeWithAudit } from "#server/modules/audit/with-audit.ts";
import { findUploadSize } from "#server/modules/media/media.repository.ts";
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

const NOT_FOUND = {
  gallery_image: "Gallery image not found",
  gallery_category: "Gallery category not found",
} as const;

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
    const order = data.sort_order ?? (await nextGalleryImageOrder(db));
    const upload = await findUploadSize(db, data.url.replace(/^\/uploads\//, ""));
    const values = {
      title: data.title,
      description: data.description,
      url: data.url,
      thumbnail_url: data.thumbnail ?? "",
      alt: data.alt ?? "",
      width: upload?.width ?? null,
      height: upload?.height ?? null,
      category_id: data.category_id ?? null,
      sort_order: order,
    };
    const id = await writeWithAudit(
      db,
      actor,
      (trx, now) => insertGalleryImage(trx, values, now),
      (imageId) => ({
        action: "created",
        entityType: "gallery_image",
        entityId: imageId,
        label: data.title,
      }),
    );
    return getImage(id);
  }

  async function updateGalleryImageById(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const data = parseInput(GalleryImageInputSchema, input);
    await requireCategory(data.category_id);
    const before = await findStoredGalleryImage(db, id);
    if (!before) throw AppError.notFound(NOT_FOUND.gallery_image);
    const changes = {
      title: data.title,
      description: data.description,
      url: data.url,
      ...(data.thumbnail !== undefined ? { thumbnail_url: data.thumbnail } : {}),
      ...(data.alt !== undefined ? { alt: data.alt } : {}),
      ...(data.category_id !== undefined ? { category_id: data.category_id } : {}),
      ...(data.sort_order !== undefined ? { sort_order: data.sort_order } : {}),
    };
    const changed = changedFields(before, { ...before, ...changes }, [
      "title",
      "description",
      "url",
      "thumbnail_url",
      "alt",
      "category_id",
      "sort_order",
    ]);
    await writeWithAudit(
      db,
      actor,
      async (trx, now) => {
        if (!(await updateGalleryImage(trx, id, changes, now))) {
          throw AppError.notFound(NOT_FOUND.gallery_image);
        }
      },
      () => ({
        action: "updated",
        entityType: "gallery_image",
        entityId: id,
        label: data.title,
        details: { changed },
      }),
    );
    return getImage(id);
  }

  async function deleteGalleryImageById(actor: Actor | null, id: number) {
    requirePermission(actor, "gallery:manage");
    const target = { entityType: "gallery_image", id, notFound: NOT_FOUND.gallery_image } as const;
    await deleteWithAudit(db, actor, target, deleteGalleryImage);
  }

  async function reorderGalleryImages(actor: Actor | null, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const { ids } = parseInput(ReorderSchema, input);
    const unique = [...new Set(ids)];
    const found = await findGalleryImageIds(db, unique);
    if (found.length !== unique.length) throw AppError.notFound("Some gallery images do not exist");
    await writeWithAudit(
      db,
      actor,
      (trx) => updateGalleryImagesOrder(trx, unique),
      () => ({
        action: "updated",
        entityType: "gallery_image",
        label: "Gallery order",
        details: { reordered: unique },
      }),
    );
    return listGalleryImages();
  }

  /**
   * A category written with its entry; a taken slug is a 409, named by the
   * field it came from (`slugGiven`: sent, else made from the name).
   */
  async function writeCategory(
    actor: Actor,
    action: "created" | "updated",
    slugGiven: boolean,
    change: (trx: Db, now: string) => Promise<GalleryCategory | null>,
  ): Promise<GalleryCategory> {
    try {
      return await writeWithAudit(
        db,
        actor,
        async (trx, now) => {
          const row = await change(trx, now);
          if (!row) throw AppError.notFound(NOT_FOUND.gallery_category);
          return row;
        },
        (row) => ({ action, entityType: "gallery_category", entityId: row.id, label: row.name }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        const field = slugGiven ? "slug" : "name";
        const message = `A gallery category with this ${field} already exists`;
        throw AppError.conflict(message, { [field]: message });
      }
      throw error;
    }
  }

  function prepareCategory(input: unknown) {
    const data = parseInput(GalleryCategoryInputSchema, input);
    const slug = data.slug || termSlug(data.name, "category");
    return { name: data.name, slug, sort_order: data.sort_order, slugGiven: Boolean(data.slug) };
  }

  async function createGalleryCategory(actor: Actor | null, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const { sort_order, slugGiven, ...values } = prepareCategory(input);
    return writeCategory(actor, "created", slugGiven, (trx, now) =>
      insertGalleryCategory(trx, { ...values, sort_order: sort_order ?? 0 }, now),
    );
  }

  async function updateGalleryCategoryById(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "gallery:manage");
    const { sort_order, slugGiven, ...values } = prepareCategory(input);
    return writeCategory(actor, "updated", slugGiven, (trx) =>
      updateGalleryCategory(trx, id, {
        ...values,
        ...(sort_order !== undefined ? { sort_order } : {}),
      }),
    );
  }

  async function deleteGalleryCategoryById(actor: Actor | null, id: number) {
    requirePermission(actor, "gallery:manage");
    const notFound = NOT_FOUND.gallery_category;
    const target = { entityType: "gallery_category", id, notFound } as const;
    await deleteWithAudit(db, actor, target, deleteGalleryCategory);
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
