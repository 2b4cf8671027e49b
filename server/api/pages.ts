import { created, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, saveOf } from "#server/http/router.ts";

/**
 * Company pages. Every call is for staff with `pages:manage` (editors and
 * admins): visitors read a published page as the page at `/{slug}`, which the
 * server renders through the same service, so no anonymous call is needed
 * (docs/api.md).
 */
import { pagesCalls } from "./contract/content.ts";

export const pagesApi = createRouter()
  .openapi(pagesCalls.list, async (c) => {
    const data = await c.var.services.pages.listPages(c.var.user, c.req.valid("query"));
    return ok(c, data);
  })
  .openapi(pagesCalls.bulk, async (c) => {
    const { action, ids } = c.req.valid("json");
    const data = await c.var.services.pages.bulkPages(c.var.user, action, ids);
    return ok(c, data);
  })
  .openapi(pagesCalls.get, async (c) => {
    const data = await c.var.services.pages.getPage(...itemOf(c));
    return ok(c, data);
  })
  .openapi(pagesCalls.create, async (c) => {
    const data = await c.var.services.pages.createPage(c.var.user, c.req.valid("json"));
    return created(c, data, "Page created successfully!");
  })
  .openapi(pagesCalls.update, async (c) => {
    // The body as sent: the service merges it with the stored page and validates the whole.
    const data = await c.var.services.pages.updatePage(...saveOf(c, await c.req.json()));
    return ok(c, data, "Page updated successfully!");
  })
  .openapi(pagesCalls.remove, async (c) => {
    await c.var.services.pages.deletePage(...itemOf(c));
    return ok(c, null, "Page deleted successfully");
  });
