import type { DocumentType } from "#common/documents.ts";
import type { RevisionSummary } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { parseJson, toIso } from "#server/db/normalize.ts";
import { findRow } from "#server/db/rows.ts";
import type { RevisionReason } from "#server/db/schema.ts";

export type RevisionRow = RevisionSummary & {
  document_type: DocumentType;
  document_id: number;
  snapshot: Record<string, unknown>;
};

const columns = [
  "revisions.id",
  "revisions.document_type",
  "revisions.document_id",
  "revisions.snapshot",
  "revisions.reason",
  "revisions.author_id",
  "revisions.created_at",
  "users.username as author_username",
  "users.first_name as author_first_name",
  "users.last_name as author_last_name",
] as const;

type Joined = {
  id: number;
  document_type: DocumentType;
  document_id: number;
  snapshot: string;
  reason: RevisionReason;
  author_id: number | null;
  created_at: string;
  author_username: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
};

function toRevision(row: Joined): RevisionRow {
  const snapshot = parseJson<Record<string, unknown>>(row.snapshot, {});
  const name =
    `${row.author_first_name ?? ""} ${row.author_last_name ?? ""}`.trim() ||
    row.author_username ||
    "Unknown user";
  return {
    id: row.id,
    document_type: row.document_type,
    document_id: row.document_id,
    created_at: toIso(row.created_at) ?? "",
    author: row.author_id === null ? null : { id: row.author_id, name },
    reason: row.reason,
    title: typeof snapshot.title === "string" ? snapshot.title : "",
    snapshot,
  };
}

function selectRevisions(db: Db) {
  return db
    .selectFrom("revisions")
    .leftJoin("users", "users.id", "revisions.author_id")
    .select(columns);
}

export async function insertRevision(
  db: Db,
  values: {
    document_type: DocumentType;
    document_id: number;
    snapshot: unknown;
    reason: RevisionReason;
    author_id: number | null;
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto("revisions")
    .values({ ...values, snapshot: JSON.stringify(values.snapshot), created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a document's revisions past the newest `keep` (0 keeps all); answers how many went. */
export async function pruneRevisions(
  db: Db,
  documentType: DocumentType,
  documentId: number,
  keep: number,
): Promise<number> {
  if (keep <= 0) return 0;
  const result = await db
    .deleteFrom("revisions")
    .where("document_type", "=", documentType)
    .where("document_id", "=", documentId)
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("revisions")
        .select("id")
        .where("document_type", "=", documentType)
        .where("document_id", "=", documentId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(keep),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a document has any revision. */
export async function hasRevisions(
  db: Db,
  documentType: DocumentType,
  documentId: number,
): Promise<boolean> {
  const match = { document_type: documentType, document_id: documentId };
  return (await findRow(db, "revisions", match, ["id"])) !== null;
}

/** A document's revisions, newest first. */
export async function findRevisions(
  db: Db,
  documentType: DocumentType,
  documentId: number,
): Promise<RevisionRow[]> {
  const rows = await selectRevisions(db)
    .where("revisions.document_type", "=", documentType)
    .where("revisions.document_id", "=", documentId)
    .orderBy("revisions.created_at", "desc")
    .orderBy("revisions.id", "desc")
    .execute();
  return (rows as Joined[]).map(toRevision);
}

/** One revision of that document, or null (another document's revision is not found either). */
export async function findRevision(
  db: Db,
  documentType: DocumentType,
  documentId: number,
  revisionId: number,
): Promise<RevisionRow | null> {
  const row = await selectRevisions(db)
    .where("revisions.id", "=", revisionId)
    .where("revisions.document_type", "=", documentType)
    .where("revisions.document_id", "=", documentId)
    .executeTakeFirst();
  return row ? toRevision(row as Joined) : null;
}
