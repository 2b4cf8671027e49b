import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { findRow } from "#server/db/rows.ts";

export type RedirectKind = "post" | "service" | "page";

/**
 * Remembers an old slug after a rename. A slug now in use by a live item
 * never redirects (the item wins), so the new slug's own old entry goes.
 */
export async function recordSlugChange(
  db: Db,
  kind: RedirectKind,
  targetId: number,
  oldSlug: string,
  newSlug: string,
) {
  if (oldSlug === newSlug) return;
  await releaseSlug(db, kind, newSlug);
  await db
    .insertInto("slug_redirects")
    .values({ kind, old_slug: oldSlug, target_id: targetId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["kind", "old_slug"]).doUpdateSet({ target_id: targetId }))
    .execute();
}

async function deleteRedirectsWhere(
  db: Db,
  kind: RedirectKind,
  column: "old_slug" | "target_id",
  value: string | number,
) {
  await db
    .deleteFrom("slug_redirects")
    .where("kind", "=", kind)
    .where(column, "=", value)
    .execute();
}

/** A new item takes a slug: any redirect from that slug stops. */
export async function releaseSlug(db: Db, kind: RedirectKind, slug: string) {
  await deleteRedirectsWhere(db, kind, "old_slug", slug);
}

export async function findRedirectTarget(db: Db, kind: RedirectKind, oldSlug: string) {
  const row = await findRow(db, "slug_redirects", { kind, old_slug: oldSlug }, ["target_id"]);
  return row?.target_id ?? null;
}

/**
 * The current slug of what used to live at `oldSlug`: the redirect's target
 * as `load` finds it (the kind's visible item by id), if its slug has changed
 * since. A target since hidden or gone, or back at its old slug, redirects
 * nowhere.
 */
export async function findCurrentSlug(
  db: Db,
  kind: RedirectKind,
  oldSlug: string,
  load: (id: number) => Promise<{ slug: string } | null | undefined>,
): Promise<string | null> {
  const id = await findRedirectTarget(db, kind, oldSlug);
  if (id === null) return null;
  const item = await load(id);
  return item && item.slug !== oldSlug ? item.slug : null;
}

export async function deleteRedirectsTo(db: Db, kind: RedirectKind, targetId: number) {
  await deleteRedirectsWhere(db, kind, "target_id", targetId);
}
