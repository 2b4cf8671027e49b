import { createRoute } from "@hono/zod-openapi";
import { createRouter, dataResponses, signedIn } from "../http/router.ts";
import { toPostResponse } from "./post-response.ts";

const get = createRoute({
  method: "get",
  path: "/dashboard",
  operationId: "getDashboard",
  tags: ["Dashboard"],
  summary: "Counts, recent posts and recent messages for the signed-in staff member",
  ...signedIn("admin:access"),
  responses: dataResponses("`{counts, recentPosts, recentMessages}`", [401, 403]),
});

export const dashboardApi = createRouter().openapi(get, async (c) => {
  const dashboard = await c.var.services.dashboard.getDashboard(c.var.user);
  const data = { ...dashboard, recentPosts: dashboard.recentPosts.map((p) => toPostResponse(p)) };
  return c.json({ success: true as const, data }, 200);
});
