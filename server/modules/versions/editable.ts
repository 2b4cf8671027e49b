import type { Actor } from "#common/permissions.ts";
import type { AutosaveKind } from "#common/schemas/autosave.ts";
import { requirePermission, requirePostManager } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";

const NOT_FOUND: Record<AutosaveKind, (id: number) => string> = {
  post: (id) => `Post with ID ${id} not found.`,
  page: (id) => `Page with ID ${id} not found.`,
  service: () => "Service not found",
};

/**
 * The rule of everything around an editor (autosave, presence): the caller
 * may do it when they may edit the document itself. Posts: any for editors
 * and admins, their own for authors; pages and services: their permission.
 */
export async function requireEditableDocument(
  db: Db,
  actor: Actor | null,
  kind: AutosaveKind,
  id: number,
): Promise<void> {
  if (kind === "post") {
    requirePermission(actor, "posts:create");
    const post = await db
      .selectFrom("posts")
      .select(["id", "author_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!post) throw AppError.notFound(NOT_FOUND.post(id));
    requirePostManager(actor, post);
    return;
  }
  requirePermission(actor, kind === "page" ? "pages:manage" : "services:manage");
  const row = await db
    .selectFrom(kind === "page" ? "pages" : "services")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(NOT_FOUND[kind](id));
}
