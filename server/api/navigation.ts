import { z } from "@hono/zod-openapi";
import { NavigationTargetQuerySchema } from "#common/schemas/navigation.ts";
import { NavigationTargetSchema } from "#common/schemas/responses.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";

/*
 * The menus themselves are the settings section `navigation`
 * (GET/PUT /settings/navigation); these calls serve the admin's menu editor.
 */
const { route } = routesFor("Navigation");

const targets = route("GET /navigation/targets", "listNavigationTargets", {
  summary: "What a menu item can link to: pages, services, posts or categories (admins)",
  description:
    "`type` page|service|post|category; `search` matches titles (posts: the posts list's search, the 50 best matches). Drafts are listed too, with `live: false`: a menu leaves them out until they are published.",
  ...signedIn("settings:manage"),
  request: { query: NavigationTargetQuerySchema },
  responses: dataResponses(z.array(NavigationTargetSchema), "`[{type, id, title, href, live}]`"),
});

const references = route("GET /navigation/references", "listNavigationReferences", {
  summary: "The content the saved menus link to (admins)",
  description:
    "Every page, service, post or category the saved menus refer to that still exists, with its current address and whether visitors can see it; a reference missing here points at deleted content.",
  ...signedIn("settings:manage"),
  responses: dataResponses(z.array(NavigationTargetSchema), "`[{type, id, title, href, live}]`"),
});

export const navigationApi = createRouter()
  .openapi(targets, async (c) => {
    const data = await c.var.services.navigation.listNavigationTargets(
      c.var.user,
      c.req.valid("query"),
    );
    return ok(c, data);
  })
  .openapi(references, async (c) => {
    const data = await c.var.services.navigation.listNavigationReferences(c.var.user);
    return ok(c, data);
  });
