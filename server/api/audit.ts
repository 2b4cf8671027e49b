import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { auditCalls } from "./contract/site.ts";

export const auditApi = createRouter().openapi(auditCalls.list, async (c) => {
  const query = c.req.valid("query");
  const data = await c.var.services.audit.listAuditLog(c.var.user, {
    ...query,
    actor_id: query.actor_id === undefined ? undefined : Number(query.actor_id),
  });
  return ok(c, data);
});
