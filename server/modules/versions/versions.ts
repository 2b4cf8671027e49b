import { sql } from "kysely";
import type { DocumentType } from "#common/documents.ts";
import type { Actor } from "#common/permissions.ts";
import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { keepStateBeforeFirstSave } from "#server/modules/revisions/revisions.service.ts";

/**
 * Edit conflicts (issue 23, decision 018): posts, pages and services carry a
 * `version` that grows by one with every save, and `updated_by`, who saved
 * last. A save that says which version it started from is refused with 409
 * when someone saved after that; a save that says nothing saves (the spec's
 * clients).
 */

const TABLES = { post: "posts", page: "pages", service: "services" } as const;
const NOUNS = { post: "post", page: "page", service: "service" } as const;

export type EditConflict = {
  error: "edit_conflict";
  last_saved_by: { id: number; name: string } | null;
  last_saved_at: string;
  version: number;
};

/**
 * Counts this save: inside the save's transaction and before its writes, it
 * takes the row (so two saves of one document queue behind each other), and
 * when `expected` (the version the editor loaded) is older than the stored
 * one, throws the 409 that names who saved last and when. Answers the new
 * version, or null when there is no such document (the caller's 404). A
 * save that goes through also drops the saver's autosave of the document.
 */
export async function requireCurrentVersion(
  trx: Db,
  kind: DocumentType,
  id: number,
  actor: Actor,
  expected?: number,
): Promise<number | null> {
  const table = TABLES[kind];
  let update = trx
    .updateTable(table)
    .set({ version: sql`version + 1`, updated_by: actor.id || null })
    .where("id", "=", id);
  if (expected !== undefined) update = update.where("version", "<=", expected);
  const row = await update.returning("version").executeTakeFirst();
  if (row) {
    await keepStateBeforeFirstSave(trx, kind, id);
    // Saved: the saver's autosave of it is behind the document now.
    await trx
      .deleteFrom("autosaves")
      .where("document_type", "=", kind)
      .where("document_id", "=", id)
      .where("user_id", "=", actor.id)
      .execute();
    return Number(row.version);
  }
  const stored = await trx
    .selectFrom(table)
    .select(["version", "updated_by", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!stored) return null;
  throw await editConflict(trx, kind, id, stored);
}

/** A bulk status change is a save of each document too. */
export async function countBulkSaves(
  trx: Db,
  kind: DocumentType,
  ids: number[],
  actor: Actor,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable(TABLES[kind])
    .set({ version: sql`version + 1`, updated_by: actor.id || null })
    .where("id", "in", ids)
    .execute();
  for (const id of ids) await keepStateBeforeFirstSave(trx, kind, id);
}

async function lastSaver(
  trx: Db,
  kind: DocumentType,
  id: number,
  userId: number | null,
): Promise<{ id: number; name: string } | null> {
  if (userId !== null) {
    const user = await trx
      .selectFrom("users")
      .select(["id", "username", "first_name", "last_name"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (user)
      return { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() || user.username };
  }
  // Saved before versions existed: the audit log knows who wrote last.
  const entry = await trx
    .selectFrom("audit_logs")
    .select(["actor_id", "actor_name"])
    .where("entity_type", "=", kind)
    .where("entity_id", "=", String(id))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return entry?.actor_id != null ? { id: entry.actor_id, name: entry.actor_name } : null;
}

async function editConflict(
  trx: Db,
  kind: DocumentType,
  id: number,
  stored: { version: number; updated_by: number | null; updated_at: string },
): Promise<AppError> {
  const by = await lastSaver(trx, kind, id, stored.updated_by);
  const at = toIso(stored.updated_at) ?? "";
  const version = Number(stored.version);
  const who = by?.name ?? "Someone else";
  const error = AppError.conflict(
    `${who} saved this ${NOUNS[kind]} at ${at} (version ${version}) after you opened it. Load their version, or send version ${version} to overwrite it.`,
    { version: `Version ${version} is the current one` },
  );
  error.details = {
    error: "edit_conflict",
    last_saved_by: by,
    last_saved_at: at,
    version,
  } satisfies EditConflict;
  return error;
}
