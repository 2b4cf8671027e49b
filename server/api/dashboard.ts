import { DashboardSchema } from "#common/schemas/responses.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";
import { toPostResponse } from "./post-response.ts";

const { route } = routesFor("Dashboard");

const get = route("GET /dashboard", "getDashboard", {
  summary: "Counts, recent posts and recent messages for the signed-in staff member",
  ...signedIn("admin:access"),
  responses: dataResponses(DashboardSchema, "`{counts, recentPosts, recentMessages}`"),
});

export const dashboardApi = createRouter().openapi(get, async (c) => {
  const dashboard = await c.var.services.dashboard.getDashboard(c.var.user);
  const data = { ...dashboard, recentPosts: dashboard.recentPosts.map((p) => toPostResponse(p)) };
  return ok(c, data);
});
