import type { AuditAction, AuditEntityType } from "#common/audit.ts";
import type { Actor } from "#common/permissions.ts";
import type { AuditEntry } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toCount, toIso } from "#server/db/normalize.ts";

/** One thing that happened, as a service describes it. */
export type AuditEvent = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | number | null;
  /** The title, name or section at the time (kept after the entity is gone). */
  label: string;
  details?: Record<string, unknown>;
};

export type AuditFilters = {
  action?: AuditAction;
  entityType?: AuditEntityType;
  actorId?: number;
  /** ISO timestamps: from (inclusive) and to (exclusive). */
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

/**
 * Who did it: a user, someone without an account named as the log should
 * show them (a failed sign-in: "Visitor at 198.51.100.7"), or null, the system.
 */
export type AuditActor = Actor | { anonymous: string } | null;

/**
 * Writes the entries with the actor's name as it is now. Call it with the
 * transaction that makes the change, so the change and its record commit
 * together or not at all.
 */
export async function insertAuditEvents(
  db: Db,
  by: AuditActor,
  events: AuditEvent[],
  at: string,
): Promise<void> {
  // A save that changed nothing is no event: the log keeps what happened.
  events = events.filter(
    (event) =>
      !(
        event.action === "updated" &&
        Array.isArray(event.details?.changed) &&
        event.details.changed.length === 0
      ),
  );
  if (events.length === 0) return;
  const actor = by && "id" in by ? by : null;
  const user = actor
    ? await db
        .selectFrom("users")
        .select(["username", "first_name", "last_name"])
        .where("id", "=", actor.id)
        .executeTakeFirst()
    : undefined;
  const name = user
    ? `${user.first_name} ${user.last_name}`.trim() || user.username
    : actor
      ? `User #${actor.id}`
      : by && "anonymous" in by
        ? by.anonymous
        : "System";
  for (let i = 0; i < events.length; i += 200) {
    await db
      .insertInto("audit_logs")
      .values(
        events.slice(i, i + 200).map((event) => ({
          created_at: at,
          actor_id: user ? actor!.id : null,
          actor_name: name.slice(0, 200),
          action: event.action,
          entity_type: event.entityType,
          entity_id:
            event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
          entity_label: event.label.slice(0, 300),
          details: event.details ? JSON.stringify(event.details) : null,
        })),
      )
      .execute();
  }
}

export async function findAuditEntries(
  db: Db,
  filters: AuditFilters,
): Promise<{ entries: AuditEntry[]; count: number }> {
  let query = db.selectFrom("audit_logs");
  if (filters.action) query = query.where("action", "=", filters.action);
  if (filters.entityType) query = query.where("entity_type", "=", filters.entityType);
  if (filters.actorId !== undefined) query = query.where("actor_id", "=", filters.actorId);
  if (filters.from) query = query.where("created_at", ">=", filters.from);
  if (filters.to) query = query.where("created_at", "<", filters.to);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    count: toCount(total.count),
    entries: rows.map((row) => ({
      id: row.id,
      created_at: toIso(row.created_at) ?? row.created_at,
      actor_id: row.actor_id,
      actor_name: row.actor_name,
      action: row.action,
      entity_type: row.entity_type,
      entity_id: row.entity_id,
      entity_label: row.entity_label,
      details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    })),
  };
}

/** Everyone who appears in the log, for the actor filter. */
export async function findAuditActors(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom("audit_logs")
    .select(["actor_id", (eb) => eb.fn.max("actor_name").as("name")])
    .where("actor_id", "is not", null)
    .groupBy("actor_id")
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ id: row.actor_id as number, name: String(row.name) }));
}

/** The names of the fields whose values differ, for an "updated" entry's details. */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: (keyof T)[],
): string[] {
  const same = (a: unknown, b: unknown) =>
    a === b || (typeof a === "object" && JSON.stringify(a) === JSON.stringify(b));
  return fields.filter((field) => !same(before[field], after[field])).map(String);
}
