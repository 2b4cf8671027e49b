import type { DocumentType } from "#common/documents.ts";
import type { Autosave } from "#common/schemas/autosave.ts";
import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";

/** One row per document and user (unique), written over in place. */

type Key = { kind: DocumentType; documentId: number; userId: number };

function where(db: Db, key: Key) {
  return db
    .selectFrom("autosaves")
    .where("document_type", "=", key.kind)
    .where("document_id", "=", key.documentId)
    .where("user_id", "=", key.userId);
}

export async function findAutosave(db: Db, key: Key): Promise<Autosave | null> {
  const row = await where(db, key)
    .select(["document_type", "document_id", "data", "base_version", "saved_at"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    document_type: row.document_type,
    document_id: row.document_id,
    fields: JSON.parse(row.data) as Record<string, unknown>,
    version: row.base_version === null ? null : Number(row.base_version),
    saved_at: toIso(row.saved_at) ?? "",
  };
}

/** Insert or overwrite the user's copy (one statement: two tabs cannot make two rows). */
export async function upsertAutosave(
  db: Db,
  key: Key,
  fields: Record<string, unknown>,
  baseVersion: number | null,
  now: string,
): Promise<void> {
  const data = JSON.stringify(fields);
  await db
    .insertInto("autosaves")
    .values({
      document_type: key.kind,
      document_id: key.documentId,
      user_id: key.userId,
      data,
      base_version: baseVersion,
      saved_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(["document_type", "document_id", "user_id"])
        .doUpdateSet({ data, base_version: baseVersion, saved_at: now }),
    )
    .execute();
}

/** Whether there was one to delete. */
export async function deleteAutosave(db: Db, key: Key): Promise<boolean> {
  const rows = await db
    .deleteFrom("autosaves")
    .where("document_type", "=", key.kind)
    .where("document_id", "=", key.documentId)
    .where("user_id", "=", key.userId)
    .returning("id")
    .execute();
  return rows.length > 0;
}
