import { createRoute } from "@hono/zod-openapi";
import { DashboardSchema } from "../../common/schemas/responses.ts";
import { dataResponses, ok } from "../http/responses.ts";
import { createRouter, signedIn } from "../http/router.ts";
import { toPostResponse } from "./post-response.ts";

const get = createRoute({
  method: "get",
  path: "/dashboard",
  operationId: "getDashboard",
  tags: ["Dashboard"],
  summary: "Counts, recent posts and recent messages for the signed-in staff member",
  ...signedIn("admin:access"),
  responses: dataResponses(DashboardSchema, "`{counts, recentPosts, recentMessages}`"),
});

export const dashboardApi = createRouter().openapi(get, async (c) => {
  const dashboard = await c.var.services.dashboard.getDashboard(c.var.user);
  const data = { ...dashboard, recentPosts: dashboard.recentPosts.map((p) => toPostResponse(p)) };
  return ok(c, data);
});
