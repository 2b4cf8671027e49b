import { DOCUMENT_EDIT_PERMISSION, type DocumentType } from "#common/documents.ts";
import type { Actor } from "#common/permissions.ts";
import { requirePermission, requirePostManager } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";

const NOT_FOUND: Record<DocumentType, (id: number) => string> = {
  post: (id) => `Post with ID ${id} not found.`,
  page: (id) => `Page with ID ${id} not found.`,
  service: () => "Service not found",
};

/** A document the caller may edit: the caller, and what the calls around it name it by. */
export type EditableDocument<A extends Actor> = { editor: A; title: string; slug: string };

/**
 * The rule of everything around an editor (autosave, presence, revisions,
 * preview links): the caller may do it when they may edit the document
 * itself. Posts: any for editors and admins, their own for authors; pages and
 * services: their permission. In that order: 401 without a caller, 403 for a
 * role that may not edit such documents, 404 for an unknown document, 403 for
 * another author's post.
 */
export async function requireEditableDocument<A extends Actor>(
  db: Db,
  actor: A | null,
  kind: DocumentType,
  id: number,
): Promise<EditableDocument<A>> {
  requirePermission(actor, DOCUMENT_EDIT_PERMISSION[kind]);
  if (kind === "post") {
    const post = await db
      .selectFrom("posts")
      .select(["title", "slug", "author_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!post) throw AppError.notFound(NOT_FOUND.post(id));
    requirePostManager(actor, post);
    return { editor: actor, title: post.title, slug: post.slug };
  }
  const row = await db
    .selectFrom(kind === "page" ? "pages" : "services")
    .select(["title", "slug"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(NOT_FOUND[kind](id));
  return { editor: actor, title: row.title, slug: row.slug };
}
