import { z } from "@hono/zod-openapi";
import { OutboxPageSchema } from "#common/schemas/responses.ts";
import { pagingQuery } from "#server/http/request.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";

const { route } = routesFor("Mail");

const OutboxQuery = z.object({
  status: z
    .enum(["queued", "sent", "failed"], { error: "status must be one of queued, sent, failed" })
    .optional()
    .openapi({ param: { name: "status", in: "query" }, example: "queued" }),
  ...pagingQuery(200),
});

const list = route("GET /mail/outbox", "listMailOutbox", {
  summary: "The mails the site sent or will send, newest first, with their status (admins)",
  ...signedIn("mail:view"),
  request: { query: OutboxQuery },
  responses: dataResponses(OutboxPageSchema, "`{mails, count, page, totalPages, delivering}`"),
});

export const mailApi = createRouter().openapi(list, async (c) => {
  const query = c.req.valid("query");
  const data = await c.var.services.mail.listOutbox(c.var.user, query);
  return ok(c, data);
});
