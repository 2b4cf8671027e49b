import { type Actor, can, canManagePost } from "#common/permissions.ts";
import type { PostInput } from "#common/schemas/posts.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { findRedirectTarget } from "#server/modules/redirects/redirects.repository.ts";
import { findPostAuthor, findPostIdBySlug } from "./posts.repository.ts";

/** The checks of a post's save that answer 403, 409 or 422 before anything is written. */

export const FEATURE_REFUSED = "Only editors and admins can feature posts";
export const SLUG_REDIRECTS =
  "This slug is the old address of another author's post and still leads to it";
export const AUTHOR_UNCHANGEABLE = "author cannot be changed";
const SLUG_TAKEN = "A post with this slug already exists";

export function slugTaken(): never {
  throw AppError.conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
}

export async function requireSlugFree(db: Db, slug: string, exceptId?: number) {
  if ((await findPostIdBySlug(db, slug, exceptId)) !== null) slugTaken();
}

/**
 * A renamed post keeps its old address (a 301 from the old slug). Taking
 * that slug ends the redirect, so only the post's own managers, or those who
 * may manage every post, may take it.
 */
export async function requireSlugNotAnotherPostsAddress(
  db: Db,
  actor: Actor,
  slug: string,
  postId?: number,
) {
  if (can(actor, "posts:manage-any")) return;
  const targetId = await findRedirectTarget(db, "post", slug);
  if (targetId === null || targetId === postId) return;
  const target = await findPostAuthor(db, targetId);
  if (!target || canManagePost(actor, target)) return;
  throw AppError.conflict(SLUG_REDIRECTS, { slug: SLUG_REDIRECTS });
}

/**
 * Featuring a post is for editors and admins: an author may send the flag
 * only as it already is (the editor form sends the loaded value back).
 */
export function requireFeatureRight(
  actor: Actor,
  data: Pick<PostInput, "isFeatured" | "featured">,
  current: boolean,
) {
  if (can(actor, "posts:feature")) return;
  const field = data.isFeatured !== undefined ? "isFeatured" : "featured";
  const wanted = data.isFeatured ?? data.featured;
  if (wanted !== undefined && wanted !== current) {
    throw new AppError("FORBIDDEN", FEATURE_REFUSED, { [field]: FEATURE_REFUSED });
  }
}

/** The author a client sent back (round trip) must be the post's own: it is read-only. */
export function requireSameAuthor(data: PostInput, authorId: number | null) {
  const sentAuthor = data.author as { id?: unknown } | null | undefined;
  for (const [field, sent] of [
    ["author_id", data.author_id],
    ["author", sentAuthor && typeof sentAuthor === "object" ? sentAuthor.id : sentAuthor],
  ] as const) {
    if (sent !== undefined && String(sent ?? "") !== String(authorId ?? "")) {
      throw AppError.validation({ [field]: AUTHOR_UNCHANGEABLE });
    }
  }
}
