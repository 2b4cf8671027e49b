import { randomBytes } from "node:crypto";
import { type Actor, can } from "#common/permissions.ts";
import type { PostInput } from "#common/schemas/posts.ts";
import { termSlug } from "#common/text.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AuditEvent } from "#server/modules/audit/audit.repository.ts";
import {
  findTagIdBySlug,
  findTermsByNames,
  insertTag,
  insertTagUnlessTaken,
  unknownTags,
} from "#server/modules/categories/categories.repository.ts";
import { setPostTerms } from "./posts.repository.ts";

/**
 * A post's categories and tags as its form names them: checked before the
 * save (`resolveTaxonomy`), written inside it (`setRelations`).
 */

export function unknownTagsMessage(names: string[]) {
  return `Unknown tag: ${names.join(", ")}. Only editors and admins can create new tags`;
}

/** Categories must exist; authors tag with existing tags only, editors and admins may name new ones. */
export async function resolveTaxonomy(
  db: Db,
  actor: Actor,
  input: Pick<PostInput, "categories" | "tags">,
): Promise<{ categoryIds: number[] | undefined; tagNames: string[] | undefined }> {
  let categoryIds: number[] | undefined;
  if (input.categories) {
    const found = await findTermsByNames(db, "categories", input.categories);
    const known = new Set(found.map((c) => c.name.toLowerCase()));
    const unknown = input.categories.filter((n) => !known.has(n.toLowerCase()));
    if (unknown.length) {
      const message = `Unknown category: ${unknown.join(", ")}`;
      throw AppError.validation({ categories: message });
    }
    categoryIds = found.map((c) => c.id);
  }
  if (input.tags?.length && !can(actor, "tags:manage")) {
    const unknown = await unknownTags(db, input.tags);
    if (unknown.length) throw AppError.validation({ tags: unknownTagsMessage(unknown) });
  }
  return { categoryIds, tagNames: input.tags };
}

/** What `setRelations` did: the tag ids it set (when given) and the tags it had to create. */
export type RelationsSet = { tagIds?: number[]; createdTags: { id: number; name: string }[] };

/** Replaces the post's categories and tags (those given), creating tags when `mayCreateTags`. */
export async function setRelations(
  trx: Db,
  postId: number,
  categoryIds: number[] | undefined,
  tagNames: string[] | undefined,
  mayCreateTags: boolean,
): Promise<RelationsSet> {
  if (categoryIds) await setPostTerms(trx, "categories", postId, categoryIds);
  const createdTags: RelationsSet["createdTags"] = [];
  if (!tagNames) return { createdTags };
  const existing = await findTermsByNames(trx, "tags", tagNames);
  const byName = new Map(existing.map((t) => [t.name.toLowerCase(), t.id]));
  const ids: number[] = [];
  for (const name of tagNames) {
    let id = byName.get(name.toLowerCase());
    // Deleted since resolveTaxonomy looked: still not the author's to create.
    if (id === undefined && !mayCreateTags) {
      throw AppError.validation({ tags: unknownTagsMessage([name]) });
    }
    if (id === undefined) {
      id = await createTag(trx, name);
      byName.set(name.toLowerCase(), id);
      createdTags.push({ id, name });
    }
    if (!ids.includes(id)) ids.push(id);
  }
  await setPostTerms(trx, "tags", postId, ids);
  return { tagIds: ids, createdTags };
}

/** The "created" entries of the tags a post's save created. */
export function createdTagEvents({ createdTags }: RelationsSet): AuditEvent[] {
  return createdTags.map(({ id, name }) => ({
    action: "created",
    entityType: "tag",
    entityId: id,
    label: name,
  }));
}

/**
 * A new tag named by a post. Two posts saved at the same moment with the
 * same new tag: the second waits for the first and then uses its tag.
 */
async function createTag(trx: Db, name: string): Promise<number> {
  let slug = termSlug(name, "tag");
  if ((await findTagIdBySlug(trx, slug)) !== null) slug = `${slug}-${Date.now().toString(36)}`;
  const now = nowIso();
  return (
    (await insertTagUnlessTaken(trx, { name, slug }, now)) ??
    (await findTermsByNames(trx, "tags", [name]))[0]?.id ??
    // Only the slug was taken meanwhile (by a tag of another name).
    (await insertTag(trx, { name, slug: `${slug}-${randomBytes(3).toString("hex")}` }, now)).id
  );
}
