import { z } from "@hono/zod-openapi";
import { ContactSchema, MessageUpdateSchema } from "#common/schemas/content.ts";
import {
  ContactMessageListSchema,
  ContactMessageSchema,
  ContactReceiptSchema,
} from "#common/schemas/responses.ts";
import { IdParams, jsonBody, pagingQuery } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, editOf, itemOf, routesFor, signedIn } from "#server/http/router.ts";
import { CONTACT_SUCCESS } from "#server/modules/contact/contact.service.ts";

const { route, deleteRoute } = routesFor("Contact");

const submit = route("POST /contact", "sendContactMessage", {
  summary: "Send a message from the contact form",
  request: jsonBody(ContactSchema),
  responses: dataResponses(ContactReceiptSchema, "Stored", [429], 201),
});
const list = route("GET /contact/messages", "listContactMessages", {
  summary: "Contact messages, newest first",
  ...signedIn("messages:manage"),
  request: {
    query: z.object({
      ...pagingQuery(100),
      unread: z.enum(["true", "false"], { error: "unread must be true or false" }).optional(),
    }),
  },
  responses: dataResponses(ContactMessageListSchema, "`{messages, count, unread, totalPages}`"),
});
const mark = route("PATCH /contact/messages/{id}", "markContactMessage", {
  summary: "Mark a message read or unread",
  ...signedIn("messages:manage"),
  request: { params: IdParams, ...jsonBody(MessageUpdateSchema) },
  responses: dataResponses(ContactMessageSchema, "The message", [404]),
});
const remove = deleteRoute("/contact/messages/{id}", "deleteContactMessage", {
  summary: "Delete a message",
  permission: "messages:manage",
});

export const contactApi = createRouter()
  .openapi(submit, async (c) => {
    const data = await c.var.services.contact.submitContactMessage(c.req.valid("json"), {
      client: c.var.client,
    });
    return created(c, { id: data.id }, CONTACT_SUCCESS);
  })
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    const data = await c.var.services.contact.listContactMessages(c.var.user, {
      page: q.page,
      limit: q.limit,
      unread: q.unread === "true",
    });
    return ok(c, data);
  })
  .openapi(mark, async (c) => {
    const data = await c.var.services.contact.markContactMessage(...editOf(c));
    return ok(c, data);
  })
  .openapi(remove, async (c) => {
    await c.var.services.contact.deleteContactMessage(...itemOf(c));
    return ok(c, null, "Message deleted");
  });
