import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { dashboardCalls } from "./contract/site.ts";
import { toPostResponse } from "./post-response.ts";

export const dashboardApi = createRouter().openapi(dashboardCalls.get, async (c) => {
  const dashboard = await c.var.services.dashboard.getDashboard(c.var.user);
  const data = { ...dashboard, recentPosts: dashboard.recentPosts.map((p) => toPostResponse(p)) };
  return ok(c, data);
});
