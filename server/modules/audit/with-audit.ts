import type { AuditEntityType } from "#common/audit.ts";
import type { Actor } from "#common/permissions.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { type AuditEvent, insertAuditEvents } from "./audit.repository.ts";

/**
 * Runs one change in a transaction and writes its audit entry with the same
 * transaction, so both commit or neither does. `change` gets the transaction
 * and the moment of the change and answers what it changed (it throws to undo
 * it, e.g. a 404); `entry` describes that result for the log (one entry, or
 * several: an edit that also published, a bulk action).
 */
export async function writeWithAudit<T>(
  db: Db,
  actor: Actor | null,
  change: (trx: Db, now: string) => Promise<T>,
  entry: (result: T) => AuditEvent | AuditEvent[],
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const result = await change(trx, now);
    await insertAuditEvents(trx, actor, [entry(result)].flat(), now);
    return result;
  });
}

/**
 * Deletes one row with its "deleted" entry (`writeWithAudit`): `remove`
 * deletes it and answers its label (title, name), or null when nothing had
 * the id, which is a 404 with `notFound` and writes nothing.
 */
export function deleteWithAudit(
  db: Db,
  actor: Actor | null,
  target: { entityType: AuditEntityType; id: number; notFound: string },
  remove: (trx: Db, id: number) => Promise<string | null>,
): Promise<string> {
  const { entityType, id, notFound } = target;
  return writeWithAudit(
    db,
    actor,
    async (trx) => {
      const label = await remove(trx, id);
      if (label === null) throw AppError.notFound(notFound);
      return label;
    },
    (label) => ({ action: "deleted", entityType, entityId: id, label }),
  );
}
