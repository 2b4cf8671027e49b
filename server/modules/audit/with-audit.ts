import type { Actor } from "#common/permissions.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
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
