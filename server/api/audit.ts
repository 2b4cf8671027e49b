import { z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "#common/audit.ts";
import { AuditLogPageSchema } from "#common/schemas/responses.ts";
import { idParam, pagingQuery } from "#server/http/request.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";

const { route } = routesFor("Audit log");

const day = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date (YYYY-MM-DD)` })
    .optional()
    .openapi({ param: { name, in: "query" }, example: "2026-11-23" });

const AuditQuery = z.object({
  action: z
    .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` })
    .optional(),
  entity_type: z
    .enum(AUDIT_ENTITY_TYPES, {
      error: `entity_type must be one of ${AUDIT_ENTITY_TYPES.join(", ")}`,
    })
    .optional(),
  actor_id: idParam("actor_id", "query").optional(),
  from: day("from"),
  to: day("to"),
  ...pagingQuery(200),
});

const list = route("GET /audit-log", "listAuditLog", {
  summary: "Who created, changed, published or deleted what, newest first (admins)",
  ...signedIn("audit:view"),
  request: { query: AuditQuery },
  responses: dataResponses(AuditLogPageSchema, "`{entries, count, page, totalPages, actors}`"),
});

export const auditApi = createRouter().openapi(list, async (c) => {
  const query = c.req.valid("query");
  const data = await c.var.services.audit.listAuditLog(c.var.user, {
    ...query,
    actor_id: query.actor_id === undefined ? undefined : Number(query.actor_id),
  });
  return ok(c, data);
});
