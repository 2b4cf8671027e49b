import { z } from "@hono/zod-openapi";
import { PageBulkSchema, PageInputSchema, PageStatusFilterSchema } from "#common/schemas/pages.ts";
import { BulkResultSchema, PageListSchema, PageSchema } from "#common/schemas/responses.ts";
import { IdParams, jsonBody, pagingQuery } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, routesFor, saveOf, signedIn } from "#server/http/router.ts";
import { PAGE_LIST_SIZE } from "#server/modules/pages/pages.service.ts";

/**
 * Company pages. Every call is for staff with `pages:manage` (editors and
 * admins): visitors read a published page as the page at `/{slug}`, which the
 * server renders through the same service, so no anonymous call is needed
 * (docs/api.md).
 */
const { route, deleteRoute, saveRoute } = routesFor("Pages");

const list = route("GET /pages", "listPages", {
  summary: "Every page, newest change first, with a status filter, search and paging",
  ...signedIn("pages:manage"),
  request: {
    query: z.object({
      ...pagingQuery(PAGE_LIST_SIZE.max),
      status: PageStatusFilterSchema.optional(),
      search: z.string().max(200, "search must be 200 characters or less").optional(),
    }),
  },
  responses: dataResponses(PageListSchema, "`{pages, count, totalPages, page, limit}`"),
});

const get = route("GET /pages/{id}", "getPage", {
  summary: "A page by id, whatever its status",
  ...signedIn("pages:manage"),
  request: { params: IdParams },
  responses: dataResponses(PageSchema, "The page", [404]),
});

const create = route("POST /pages", "createPage", {
  summary: "Create a page",
  ...signedIn("pages:manage"),
  request: jsonBody(PageInputSchema),
  responses: dataResponses(PageSchema, "The new page", [409], 201),
});

const update = saveRoute("/pages/{id}", "updatePage", {
  summary: "Update a page (fields left out stay as they are)",
  permission: "pages:manage",
  body: PageInputSchema.partial(),
  item: PageSchema,
  saved: "The updated page",
});

const remove = deleteRoute("/pages/{id}", "deletePage", {
  summary: "Delete a page (its old addresses stop redirecting)",
  permission: "pages:manage",
});

const bulk = route("POST /pages/bulk", "bulkUpdatePages", {
  summary: "Publish, move to draft or delete several pages at once",
  ...signedIn("pages:manage"),
  request: jsonBody(PageBulkSchema),
  responses: dataResponses(BulkResultSchema, "How many pages changed", [404]),
});

export const pagesApi = createRouter()
  .openapi(list, async (c) => {
    const data = await c.var.services.pages.listPages(c.var.user, c.req.valid("query"));
    return ok(c, data);
  })
  .openapi(bulk, async (c) => {
    const { action, ids } = c.req.valid("json");
    const data = await c.var.services.pages.bulkPages(c.var.user, action, ids);
    return ok(c, data);
  })
  .openapi(get, async (c) => {
    const data = await c.var.services.pages.getPage(...itemOf(c));
    return ok(c, data);
  })
  .openapi(create, async (c) => {
    const data = await c.var.services.pages.createPage(c.var.user, c.req.valid("json"));
    return created(c, data, "Page created successfully!");
  })
  .openapi(update, async (c) => {
    // The body as sent: the service merges it with the stored page and validates the whole.
    const data = await c.var.services.pages.updatePage(...saveOf(c, await c.req.json()));
    return ok(c, data, "Page updated successfully!");
  })
  .openapi(remove, async (c) => {
    await c.var.services.pages.deletePage(...itemOf(c));
    return ok(c, null, "Page deleted successfully");
  });
