import type { Actor } from "#common/permissions.ts";
import { CategoryInputSchema, TagInputSchema } from "#common/schemas/content.ts";
import { termSlug } from "#common/text.ts";
import type { Category, Tag } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { POSTS_TAG, readTagged, tagRead } from "#server/lib/cache-tags.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import {
  deleteTerm,
  findCategories,
  findTags,
  findTaxonomyConflict,
  insertCategory,
  insertTag,
  type Taxonomy,
  updateCategory,
  updateTag,
} from "./categories.repository.ts";

const LABEL = { categories: "category", tags: "tag" } as const;
const NOT_FOUND = { categories: "Category not found", tags: "Tag not found" } as const;

/**
 * Cache tags of a read of terms with their live post counts: the counts change
 * with what decides which lists hold a post (status, dates, its links: all
 * announced as `posts`), not with an edit of a post's text.
 */
function withPostCounts<T>(read: () => Promise<T>): Promise<T> {
  tagRead(POSTS_TAG);
  return readTagged(read);
}

/** Categories and tags: the same rules, two tables. */
export function createCategoriesService(db: Db) {
  async function requireFree(
    table: Taxonomy,
    values: { name: string; slug: string },
    exceptId?: number,
  ) {
    const conflict = await findTaxonomyConflict(db, table, values, exceptId);
    if (!conflict) return;
    const field = conflict.name.toLowerCase() === values.name.toLowerCase() ? "name" : "slug";
    const message = `A ${LABEL[table]} with this ${field} already exists`;
    throw AppError.conflict(message, { [field]: message });
  }

  function prepare(input: { name: string; slug?: string }, kind: "category" | "tag") {
    return { name: input.name, slug: input.slug || termSlug(input.name, kind) };
  }

  /**
   * Runs one change with its audit entry in a transaction: no row is a 404, a
   * taken name or slug a 409.
   */
  async function write<T extends { id: number; name: string }>(
    table: Taxonomy,
    actor: Actor,
    action: "created" | "updated" | "deleted",
    run: (trx: Db) => Promise<T | null>,
  ): Promise<T> {
    try {
      return await writeWithAudit(
        db,
        actor,
        async (trx) => {
          const row = await run(trx);
          if (!row) throw AppError.notFound(NOT_FOUND[table]);
          return row;
        },
        (row) => ({ action, entityType: LABEL[table], entityId: row.id, label: row.name }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw AppError.conflict(`A ${LABEL[table]} with this name or slug already exists`);
      }
      throw error;
    }
  }

  async function listCategories(): Promise<Category[]> {
    return withPostCounts(() => findCategories(db, nowIso()));
  }

  async function createCategory(actor: Actor | null, input: unknown): Promise<Category> {
    requirePermission(actor, "categories:manage");
    const data = parseInput(CategoryInputSchema, input);
    const values = prepare(data, "category");
    await requireFree("categories", values);
    const now = nowIso();
    return write("categories", actor, "created", (trx) =>
      insertCategory(trx, { ...values, description: data.description ?? "" }, now),
    );
  }

  async function updateCategoryById(
    actor: Actor | null,
    id: number,
    input: unknown,
  ): Promise<Category> {
    requirePermission(actor, "categories:manage");
    const data = parseInput(CategoryInputSchema, input);
    const values = prepare(data, "category");
    await requireFree("categories", values, id);
    return write("categories", actor, "updated", (trx) =>
      updateCategory(
        trx,
        id,
        {
          ...values,
          ...(data.description !== undefined ? { description: data.description } : {}),
        },
        nowIso(),
      ),
    );
  }

  async function deleteCategoryById(actor: Actor | null, id: number) {
    requirePermission(actor, "categories:manage");
    await write("categories", actor, "deleted", (trx) => deleteTerm(trx, "categories", id));
  }

  async function listTags(): Promise<Tag[]> {
    return withPostCounts(() => findTags(db, nowIso()));
  }

  async function createTag(actor: Actor | null, input: unknown): Promise<Tag> {
    requirePermission(actor, "tags:manage");
    const values = prepare(parseInput(TagInputSchema, input), "tag");
    await requireFree("tags", values);
    return write("tags", actor, "created", (trx) => insertTag(trx, values, nowIso()));
  }

  async function updateTagById(actor: Actor | null, id: number, input: unknown): Promise<Tag> {
    requirePermission(actor, "tags:manage");
    const values = prepare(parseInput(TagInputSchema, input), "tag");
    await requireFree("tags", values, id);
    return write("tags", actor, "updated", (trx) => updateTag(trx, id, values));
  }

  async function deleteTagById(actor: Actor | null, id: number) {
    requirePermission(actor, "tags:manage");
    await write("tags", actor, "deleted", (trx) => deleteTerm(trx, "tags", id));
  }

  return {
    listCategories,
    createCategory,
    updateCategory: updateCategoryById,
    deleteCategory: deleteCategoryById,
    listTags,
    createTag,
    updateTag: updateTagById,
    deleteTag: deleteTagById,
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
