import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { mailCalls } from "./contract/site.ts";

export const mailApi = createRouter().openapi(mailCalls.list, async (c) => {
  const query = c.req.valid("query");
  const data = await c.var.services.mail.listOutbox(c.var.user, query);
  return ok(c, data);
});
