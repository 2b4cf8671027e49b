import { type ExpressionBuilder, sql } from "kysely";
import { type Actor, can } from "#common/permissions.ts";
import type { DialectName } from "#server/db/client.ts";
import type { Database } from "#server/db/schema.ts";

/**
 * Which posts the public sees, decided at read time: published (or scheduled)
 * with a publish time that has passed. The one place this rule is written as
 * a query, with its exact complement (used to count the few hidden posts
 * instead of the many visible ones).
 */
export const LIVE_STATUSES = ["published", "scheduled"] as const;

type PostsEb = ExpressionBuilder<Database, "posts">;

/**
 * On SQLite the status test is kept off the (status, published_at) index (the
 * unary +): without statistics SQLite would pick that index and sort every
 * live post for each page, where the published_at index walks them in order.
 */
export function isLive(eb: PostsEb, now: string, dialect: DialectName = "postgres") {
  const status = dialect === "sqlite" ? sql`+${sql.ref("posts.status")}` : sql.ref("posts.status");
  return eb.and([
    eb(status, "in", LIVE_STATUSES),
    eb("posts.published_at", "is not", null),
    eb("posts.published_at", "<=", now),
  ]);
}

/**
 * NOT isLive as disjoint branches, each one range of the (status,
 * published_at) index: any status other than the two live ones (as ranges
 * around them), or a live status with no date, or with a future one. Hidden
 * posts are few, so they are counted and listed branch by branch.
 */
export function notLiveBranches(eb: PostsEb, now: string) {
  const [published, scheduled] = LIVE_STATUSES;
  return [
    eb("posts.status", "<", published),
    eb.and([eb("posts.status", ">", published), eb("posts.status", "<", scheduled)]),
    eb("posts.status", ">", scheduled),
    ...pendingBranches(eb, now),
  ];
}

export const NOT_LIVE_BRANCHES = 5;

/** Live statuses whose publish time has not come (or that have no date): "scheduled" as read. */
export function isPending(eb: PostsEb, now: string) {
  return eb.or(pendingBranches(eb, now));
}

function pendingBranches(eb: PostsEb, now: string) {
  return [
    eb.and([eb("posts.status", "in", LIVE_STATUSES), eb("posts.published_at", "is", null)]),
    eb.and([eb("posts.status", "in", LIVE_STATUSES), eb("posts.published_at", ">", now)]),
  ];
}

/**
 * Whose posts a staff member's lists and counts cover: undefined (everyone's)
 * for editors and admins, the author's own id for authors. The one place
 * "authors see only their own" is decided for queries; a single post is
 * judged by `canManagePost` (common/permissions.ts), the same rule.
 */
export function postsAuthorScope(actor: Actor): number | undefined {
  return can(actor, "posts:manage-any") ? undefined : actor.id;
}
