import { created, ok } from "#server/http/responses.ts";
import { createRouter, editOf, itemOf } from "#server/http/router.ts";
import { CONTACT_SUCCESS } from "#server/modules/contact/contact.service.ts";
import { contactCalls } from "./contract/site.ts";

export const contactApi = createRouter()
  .openapi(contactCalls.submit, async (c) => {
    const data = await c.var.services.contact.submitContactMessage(c.req.valid("json"), {
      client: c.var.client,
    });
    return created(c, { id: data.id }, CONTACT_SUCCESS);
  })
  .openapi(contactCalls.list, async (c) => {
    const q = c.req.valid("query");
    const data = await c.var.services.contact.listContactMessages(c.var.user, {
      page: q.page,
      limit: q.limit,
      unread: q.unread === "true",
    });
    return ok(c, data);
  })
  .openapi(contactCalls.mark, async (c) => {
    const data = await c.var.services.contact.markContactMessage(...editOf(c));
    return ok(c, data);
  })
  .openapi(contactCalls.remove, async (c) => {
    await c.var.services.contact.deleteContactMessage(...itemOf(c));
    return ok(c, null, "Message deleted");
  });
