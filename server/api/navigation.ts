import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";

/*
 * The menus themselves are the settings section `navigation`
 * (GET/PUT /settings/navigation); these calls serve the admin's menu editor.
 */
import { navigationCalls } from "./contract/site.ts";

export const navigationApi = createRouter()
  .openapi(navigationCalls.targets, async (c) => {
    const data = await c.var.services.navigation.listNavigationTargets(
      c.var.user,
      c.req.valid("query"),
    );
    return ok(c, data);
  })
  .openapi(navigationCalls.references, async (c) => {
    const data = await c.var.services.navigation.listNavigationReferences(c.var.user);
    return ok(c, data);
  });
