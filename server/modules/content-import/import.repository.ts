import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import { findRow } from "#server/db/rows.ts";
import type { ImportItemsTable, OldAddressesTable } from "#server/db/schema.ts";
import { effectiveStatus } from "#server/modules/content/publishing.ts";

/** The SQL of the importer: its items, the old addresses, its jobs. */

export type ImportKind = ImportItemsTable["kind"];
export type AddressTarget = OldAddressesTable["target_type"];

/** Every source id of `kind` from `origin` already imported, with what it became. */
export async function findImportedItems(
  db: Db,
  origin: string,
  kind: ImportKind,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("import_items")
    .select(["source_id", "target_id"])
    .where("origin", "=", origin)
    .where("kind", "=", kind)
    .execute();
  return new Map(rows.map((row) => [row.source_id, row.target_id]));
}

export async function insertImportItem(
  db: Db,
  item: { origin: string; kind: ImportKind; sourceId: string; targetId: number; jobId: number },
  now: string,
) {
  await db
    .insertInto("import_items")
    .values({
      origin: item.origin,
      kind: item.kind,
      source_id: item.sourceId,
      target_id: item.targetId,
      job_id: item.jobId,
      created_at: now,
    })
    .execute();
}

/**
 * Old addresses of an item. An address already leading somewhere keeps its
 * first target (two items of one export with the same permalink, or a second
 * site moved in with the same paths); the answer counts the ones added.
 */
export async function insertOldAddresses(
  db: Db,
  addresses: string[],
  target: { type: AddressTarget; id: number },
  now: string,
): Promise<number> {
  if (addresses.length === 0) return 0;
  const result = await db
    .insertInto("old_addresses")
    .values(
      addresses.map((address) => ({
        address,
        target_type: target.type,
        target_id: target.id,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column("address").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Which of `addresses` already lead somewhere. */
export async function findTakenAddresses(db: Db, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .selectFrom("old_addresses")
    .select("address")
    .where("address", "in", addresses)
    .execute();
  return new Set(rows.map((row) => row.address));
}

/**
 * Where an old address leads now: the post's, page's, category's or tag's
 * current address while it is public; null for an unknown address and for a
 * target that is gone, a draft, or not yet due.
 */
export async function findOldAddressTarget(
  db: Db,
  address: string,
  now: string,
): Promise<string | null> {
  const row = await findRow(db, "old_addresses", { address }, ["target_type", "target_id"]);
  if (!row) return null;
  const id = row.target_id;
  switch (row.target_type) {
    case "post": {
      const post = await findRow(db, "posts", { id }, ["slug", "status", "published_at"]);
      if (!post || effectiveStatus(post.status, toIso(post.published_at), now) !== "published")
        return null;
      return `/blog/${post.slug}`;
    }
    case "page": {
      const page = await findRow(db, "pages", { id }, ["slug", "status", "published_at"]);
      if (!page || effectiveStatus(page.status, toIso(page.published_at), now) !== "published")
        return null;
      return `/${page.slug}`;
    }
    case "category": {
      const term = await findRow(db, "categories", { id }, ["slug"]);
      return term ? `/blog?category=${encodeURIComponent(term.slug)}` : null;
    }
    case "tag": {
      const term = await findRow(db, "tags", { id }, ["slug"]);
      return term ? `/blog?tag=${encodeURIComponent(term.slug)}` : null;
    }
  }
  return null;
}

/** The slug, name and id of the category or tag with this slug. */
export async function findTermBySlug(db: Db, table: "categories" | "tags", slug: string) {
  return findRow(db, table, { slug }, ["id", "name", "slug"]);
}

/** The slug and title of an imported post or page (for a page's children and the report). */
export async function findDocumentSlug(db: Db, table: "posts" | "pages", id: number) {
  const row = await findRow(db, table, { id }, ["slug"]);
  return row?.slug ?? null;
}

/** Is this slug taken in the table (a post or page the import must not overwrite)? */
export async function isSlugTaken(db: Db, table: "posts" | "pages", slug: string) {
  return (await findRow(db, table, { slug }, ["id"])) !== null;
}

/** The public address of an upload imported earlier. */
export async function findUploadUrl(db: Db, id: number): Promise<string | null> {
  const row = await findRow(db, "uploads", { id }, ["file_name"]);
  return row ? `/uploads/${row.file_name}` : null;
}

/** The id of the user with this e-mail address (case-insensitive: stored lower-case). */
export async function findUserIdByEmailAddress(db: Db, email: string) {
  const row = await findRow(db, "users", { email: email.toLowerCase() }, ["id"]);
  return row?.id ?? null;
}

export async function findUserIdByName(db: Db, username: string) {
  const row = await findRow(db, "users", { username }, ["id"]);
  return row?.id ?? null;
}

/**
 * An active admin, who a command-line import acts as: the one with this
 * e-mail address, or the oldest one when none is named.
 */
export async function findActiveAdmin(db: Db, email?: string) {
  let query = db
    .selectFrom("users")
    .select(["id", "role"])
    .where("role", "=", "admin")
    .where("status", "=", "active");
  if (email) query = query.where("email", "=", email.toLowerCase());
  return (await query.orderBy("id").executeTakeFirst()) ?? null;
}
