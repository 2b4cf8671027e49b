import { type Actor, can, canManagePost, type Permission } from "#common/permissions.ts";
import { AppError } from "#server/lib/app-error.ts";

/** Throws 401 without an actor, 403 when the role lacks the permission. */
export function requirePermission(
  actor: Actor | null | undefined,
  permission: Permission,
): asserts actor is Actor {
  if (!actor) throw AppError.unauthorized();
  if (!can(actor, permission)) throw AppError.forbidden();
}

export function requireActor(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw AppError.unauthorized();
}

export function requirePostManager(
  actor: Actor | null | undefined,
  post: { author_id: number | null },
) {
  requireActor(actor);
  if (!canManagePost(actor, post)) throw AppError.forbidden();
}
