import { type Actor, can } from "#common/permissions.ts";
import { foldPostAliases, PostInputSchema } from "#common/schemas/posts.ts";
import type { Post } from "#common/types.ts";
import { requirePermission, requirePostManager } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import type { CreateOptions } from "#server/modules/content/create-options.ts";
import {
  type BulkAction,
  createdEvents,
  deleteDocuments,
  recordSave,
  requireContent,
  rethrowSlugTaken,
  updatedEvents,
  writeBulkAction,
} from "#server/modules/content/document-writes.ts";
import type { RevisionContext } from "#server/modules/revisions/revisions.service.ts";
import { requireCurrentVersion } from "#server/modules/versions/versions.ts";
import {
  requireFeatureRight,
  requireSameAuthor,
  requireSlugFree,
  requireSlugNotAnotherPostsAddress,
  slugTaken,
} from "./post-rules.ts";
import { resolveStatus, toIsoDate } from "./post-status.ts";
import { createdTagEvents, resolveTaxonomy, setRelations } from "./post-taxonomy.ts";
import {
  deletePosts,
  findPostsForBulk,
  insertPost,
  updatePostColumns,
} from "./posts.repository.ts";
import { searchTextOf } from "./search-text.ts";

/**
 * A post's writes: each checks who may and what is valid, then changes the
 * rows, the old addresses, the revisions and the audit log in one
 * transaction (`writeWithAudit`). The service (posts.service.ts) reads the
 * post back for the answer.
 */

/** The fields an edit's audit entry lists when they changed. */
const AUDITED_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "featured_image",
  "featured_image_alt",
  "isFeatured",
  "status",
  "published_at",
  "meta_title",
  "meta_description",
  "og_image",
] as const;

type AuditedPostFields = Pick<Post, (typeof AUDITED_FIELDS)[number]>;

function slugConflict(error: unknown): never {
  return rethrowSlugTaken(error, "posts", slugTaken);
}

/** A new post; answers its id. */
export async function writeNewPost(
  db: Db,
  actor: Actor | null,
  input: unknown,
  options: CreateOptions = {},
): Promise<number> {
  requirePermission(actor, "posts:create");
  const parsed = parseInput(PostInputSchema, input);
  const data = foldPostAliases(parsed);
  const content = requireContent(data.content);
  requireFeatureRight(actor, parsed, false);
  const { categoryIds, tagNames } = await resolveTaxonomy(db, actor, data);
  await requireSlugFree(db, data.slug);
  await requireSlugNotAnotherPostsAddress(db, actor, data.slug);
  try {
    const { postId } = await writeWithAudit(
      db,
      actor,
      async (trx, now) => {
        const state = resolveStatus(data.status, toIsoDate(data.published_at) ?? null, now);
        const postId = await insertPost(
          trx,
          {
            title: data.title,
            slug: data.slug,
            excerpt: data.excerpt ?? "",
            content,
            search_text: searchTextOf(content),
            featured_image: data.featured_image ?? "",
            featured_image_alt: data.featured_image_alt ?? "",
            status: state.status,
            is_featured: data.isFeatured ?? false,
            author_id: options.authorId === undefined ? actor.id : options.authorId,
            published_at: state.published_at,
            meta_title: data.meta_title ?? "",
            meta_description: data.meta_description ?? "",
            og_image: data.og_image ?? "",
          },
          now,
        );
        const relations = await setRelations(
          trx,
          postId,
          categoryIds ?? [],
          tagNames ?? [],
          can(actor, "tags:manage"),
        );
        await recordSave(trx, actor, { type: "post", id: postId, slug: data.slug, state }, null);
        await options.within?.(trx, postId);
        return { postId, state, relations };
      },
      ({ postId, state, relations }) => [
        ...createdTagEvents(relations),
        ...createdEvents({ entityType: "post", entityId: postId, label: data.title }, state),
      ],
    );
    return postId;
  } catch (error) {
    slugConflict(error);
  }
}

/**
 * An edit of `current` (read by the caller, who checked the actor manages
 * it). Fields left out of the body stay as they are. `expectedVersion`: the
 * version the editor loaded; an older one than stored is a 409.
 */
export async function writePostEdit(
  db: Db,
  actor: Actor,
  current: Post,
  input: unknown,
  expectedVersion?: number,
  revision: RevisionContext = {},
): Promise<void> {
  const { id } = current;
  const body = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const parsed = parseInput(PostInputSchema, {
    title: current.title,
    slug: current.slug,
    excerpt: current.excerpt,
    content: current.content,
    ...body,
  });
  requireSameAuthor(parsed, current.author_id);
  const data = foldPostAliases(parsed);
  const content = requireContent(data.content);
  requireFeatureRight(actor, parsed, current.isFeatured);
  const { categoryIds, tagNames } = await resolveTaxonomy(db, actor, data);
  if (data.slug !== current.slug) {
    await requireSlugFree(db, data.slug, id);
    await requireSlugNotAnotherPostsAddress(db, actor, data.slug, id);
  }
  const givenDate = toIsoDate(data.published_at);
  const image = data.featured_image;
  const featured = data.isFeatured;
  const wasPublic = current.status !== "draft";
  try {
    await writeWithAudit(
      db,
      actor,
      async (trx, now) => {
        const state =
          data.status !== undefined || givenDate !== undefined
            ? resolveStatus(
                data.status ?? (wasPublic ? undefined : "draft"),
                givenDate === undefined ? current.published_at : givenDate,
                now,
              )
            : { status: current.status, published_at: current.published_at };
        if ((await requireCurrentVersion(trx, "post", id, actor, expectedVersion)) === null)
          throw AppError.notFound(`Post with ID ${id} not found.`);
        await updatePostColumns(
          trx,
          id,
          {
            title: data.title,
            slug: data.slug,
            excerpt: data.excerpt ?? current.excerpt,
            content,
            search_text: searchTextOf(content),
            ...(image !== undefined ? { featured_image: image } : {}),
            ...(data.featured_image_alt !== undefined
              ? { featured_image_alt: data.featured_image_alt }
              : {}),
            // Only what changes: these decide which lists hold the post (and
            // an edit of its text alone re-renders only the pages showing it).
            ...(state.status !== current.status || state.published_at !== current.published_at
              ? { status: state.status, published_at: state.published_at }
              : {}),
            ...(featured !== undefined && featured !== current.isFeatured
              ? { is_featured: featured }
              : {}),
            ...(data.meta_title !== undefined ? { meta_title: data.meta_title } : {}),
            ...(data.meta_description !== undefined
              ? { meta_description: data.meta_description }
              : {}),
            ...(data.og_image !== undefined ? { og_image: data.og_image } : {}),
          },
          now,
        );
        const relations = await setRelations(
          trx,
          id,
          categoryIds,
          tagNames,
          can(actor, "tags:manage"),
        );
        await recordSave(
          trx,
          actor,
          { type: "post", id, slug: data.slug, state },
          current,
          revision,
        );
        return { state, relations };
      },
      ({ state, relations }) => {
        const after: AuditedPostFields = {
          title: data.title,
          slug: data.slug,
          excerpt: data.excerpt ?? current.excerpt,
          content,
          featured_image: image ?? current.featured_image,
          featured_image_alt: data.featured_image_alt ?? current.featured_image_alt,
          isFeatured: featured ?? current.isFeatured,
          meta_title: data.meta_title ?? current.meta_title,
          meta_description: data.meta_description ?? current.meta_description,
          og_image: data.og_image ?? current.og_image,
          ...state,
        };
        const changed: string[] = AUDITED_FIELDS.filter((field) => current[field] !== after[field]);
        const ids = (terms: { id: number }[]) => terms.map((term) => term.id).sort((a, b) => a - b);
        const sameIds = (a: number[], b: number[]) =>
          a.length === b.length && [...b].sort((x, y) => x - y).every((v, i) => v === a[i]);
        if (categoryIds && !sameIds(ids(current.categories), categoryIds)) {
          changed.push("categories");
        }
        if (relations.tagIds && !sameIds(ids(current.tags), relations.tagIds)) {
          changed.push("tags");
        }
        const entity = { entityType: "post", entityId: id, label: after.title } as const;
        return [
          ...createdTagEvents(relations),
          ...updatedEvents(entity, changed, wasPublic, after),
        ];
      },
    );
  } catch (error) {
    slugConflict(error);
  }
}

/** Deletes `post` (read by the caller, who checked the actor manages it) and what it leaves. */
export async function writePostDelete(db: Db, actor: Actor | null, post: Post): Promise<void> {
  await writeWithAudit(
    db,
    actor,
    (trx) => deleteDocuments(trx, "post", [post.id], deletePosts),
    () => ({ action: "deleted", entityType: "post", entityId: post.id, label: post.title }),
  );
}

/** All or nothing: every post must exist and be the caller's to manage. */
export async function writePostsBulk(
  db: Db,
  actor: Actor | null,
  action: BulkAction,
  ids: number[],
) {
  requirePermission(actor, "posts:create");
  const unique = [...new Set(ids)];
  const rows = await findPostsForBulk(db, unique);
  if (rows.length !== unique.length)
    throw AppError.notFound("Some of the selected posts do not exist");
  for (const row of rows) requirePostManager(actor, row);
  return writeBulkAction(db, actor, "post", action, rows, {
    deleteRows: deletePosts,
    updateStatus: updatePostColumns,
  });
}
