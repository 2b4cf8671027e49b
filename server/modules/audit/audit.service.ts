import type { AuditAction, AuditEntityType } from "#common/audit.ts";
import { AUDIT_PAGE_SIZE } from "#common/audit.ts";
import { LIST_PAGE_SIZE } from "#common/limits.ts";
import type { Actor } from "#common/permissions.ts";
import type { AuditLogPage } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { findAuditActors, findAuditEntries } from "./audit.repository.ts";

export type AuditLogQuery = {
  action?: AuditAction;
  entity_type?: AuditEntityType;
  actor_id?: number;
  /**
   * Days (YYYY-MM-DD, UTC), both inclusive, or instants with their offset:
   * `from` the first moment, `to` the first moment no longer in the range.
   */
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
};

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day's first moment (UTC), or an instant as stored (UTC). */
function startOf(value: string): string {
  return new Date(isDay(value) ? `${value}T00:00:00.000Z` : value).toISOString();
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

export function createAuditService(db: Db) {
  /** The log, newest first, for admins. */
  async function listAuditLog(actor: Actor | null, query: AuditLogQuery): Promise<AuditLogPage> {
    requirePermission(actor, "audit:view");
    const page = query.page ?? 1;
    const limit = Math.min(query.limit ?? AUDIT_PAGE_SIZE, LIST_PAGE_SIZE.auditLog.max);
    const [{ entries, count }, actors] = await Promise.all([
      findAuditEntries(db, {
        action: query.action,
        entityType: query.entity_type,
        actorId: query.actor_id,
        from: query.from ? startOf(query.from) : undefined,
        to: query.to ? (isDay(query.to) ? nextDay(query.to) : startOf(query.to)) : undefined,
        page,
        limit,
      }),
      findAuditActors(db),
    ]);
    return { entries, count, page, totalPages: Math.max(1, Math.ceil(count / limit)), actors };
  }

  return { listAuditLog };
}

export type AuditService = ReturnType<typeof createAuditService>;
