import type { Post } from "#common/types.ts";

/**
 * A post's status rules: the ones shared with pages live in
 * ../content/publishing.ts (re-exported here); what only posts need is below.
 */
export { effectiveStatus, resolveStatus, toIsoDate } from "#server/modules/content/publishing.ts";

/** A post (as read, with its effective status) that anyone may read. */
export function isPublicPost(post: Pick<Post, "status">): boolean {
  return post.status === "published";
}
