import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import type { PreviewLinksTable } from "#server/db/schema.ts";

export type PreviewDocumentType = PreviewLinksTable["document_type"];

export type PreviewLinkRow = {
  id: number;
  document_type: PreviewDocumentType;
  document_id: number;
  secret_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  created_by: { id: number; name: string } | null;
};

const COLUMNS = [
  "preview_links.id",
  "preview_links.document_type",
  "preview_links.document_id",
  "preview_links.secret_hash",
  "preview_links.created_at",
  "preview_links.expires_at",
  "preview_links.revoked_at",
  "preview_links.created_by",
  "users.username",
  "users.first_name",
  "users.last_name",
] as const;

function selectLinks(db: Db) {
  return db
    .selectFrom("preview_links")
    .leftJoin("users", "users.id", "preview_links.created_by")
    .select(COLUMNS);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectLinks>["executeTakeFirstOrThrow"]>>;

function toLink(row: Selected): PreviewLinkRow {
  const name = row.username
    ? `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.username
    : null;
  return {
    id: row.id,
    document_type: row.document_type,
    document_id: row.document_id,
    secret_hash: row.secret_hash,
    created_at: toIso(row.created_at) ?? row.created_at,
    expires_at: toIso(row.expires_at) ?? row.expires_at,
    revoked_at: toIso(row.revoked_at),
    created_by: row.created_by !== null && name !== null ? { id: row.created_by, name } : null,
  };
}

/** A document's links, newest first. */
export async function findPreviewLinks(
  db: Db,
  documentType: PreviewDocumentType,
  documentId: number,
): Promise<PreviewLinkRow[]> {
  const rows = await selectLinks(db)
    .where("preview_links.document_type", "=", documentType)
    .where("preview_links.document_id", "=", documentId)
    .orderBy("preview_links.id", "desc")
    .execute();
  return rows.map(toLink);
}

/** One link of a document, or null. */
export async function findPreviewLink(
  db: Db,
  documentType: PreviewDocumentType,
  documentId: number,
  linkId: number,
): Promise<PreviewLinkRow | null> {
  const row = await selectLinks(db)
    .where("preview_links.id", "=", linkId)
    .where("preview_links.document_type", "=", documentType)
    .where("preview_links.document_id", "=", documentId)
    .executeTakeFirst();
  return row ? toLink(row) : null;
}

/** The link whose secret has this hash, or null. */
export async function findPreviewLinkByHash(
  db: Db,
  secretHash: string,
): Promise<PreviewLinkRow | null> {
  const row = await selectLinks(db)
    .where("preview_links.secret_hash", "=", secretHash)
    .executeTakeFirst();
  return row ? toLink(row) : null;
}

export async function insertPreviewLink(
  db: Db,
  values: {
    document_type: PreviewDocumentType;
    document_id: number;
    secret_hash: string;
    created_by: number | null;
    created_at: string;
    expires_at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto("preview_links")
    .values({ ...values, revoked_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a link revoked (once); true when it was still unrevoked. */
export async function revokePreviewLinkRow(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("preview_links")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
