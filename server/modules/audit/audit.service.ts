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
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
};

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
        from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
        to: query.to ? nextDay(query.to) : undefined,
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
