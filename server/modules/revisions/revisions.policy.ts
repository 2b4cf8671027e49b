import { type Actor, can, canManagePost } from "#common/permissions.ts";
import type { RevisionDocumentType } from "#server/db/schema.ts";
import { AppError } from "#server/lib/app-error.ts";

/**
 * Revisions follow the document: whoever may edit it may see and restore its
 * revisions (an author: their own posts only; pages and services: editors and
 * admins).
 */
export function canUseRevisions(
  actor: Actor | null | undefined,
  type: RevisionDocumentType,
  document: { author_id?: number | null },
): boolean {
  if (type === "post") return canManagePost(actor, { author_id: document.author_id ?? null });
  return can(actor, type === "page" ? "pages:manage" : "services:manage");
}

/** 401 without an actor, 403 when the document is not theirs to edit. */
export function requireRevisionAccess(
  actor: Actor | null | undefined,
  type: RevisionDocumentType,
  document: { author_id?: number | null },
): asserts actor is Actor {
  if (!actor) throw AppError.unauthorized();
  if (!canUseRevisions(actor, type, document)) throw AppError.forbidden();
}
