import { created, ok } from "#server/http/responses.ts";
import { createRouter, editOf, itemOf } from "#server/http/router.ts";
import { teamCalls } from "./contract/site.ts";

export const TEAM_TEXT = {
  created: "Team member added successfully",
  updated: "Team member updated successfully",
  deleted: "Team member deleted successfully",
  reordered: "Team order saved",
} as const;

export const teamApi = createRouter()
  .openapi(teamCalls.list, async (c) => {
    return ok(c, await c.var.services.team.listTeamMembers(c.var.user));
  })
  .openapi(teamCalls.create, async (c) => {
    const data = await c.var.services.team.createTeamMember(c.var.user, c.req.valid("json"));
    return created(c, data, TEAM_TEXT.created);
  })
  // Registered before PUT /team/{id}, which would otherwise take "order" for an id.
  .openapi(teamCalls.reorder, async (c) => {
    const data = await c.var.services.team.reorderTeamMembers(c.var.user, c.req.valid("json"));
    return ok(c, data, TEAM_TEXT.reordered);
  })
  .openapi(teamCalls.update, async (c) => {
    const data = await c.var.services.team.updateTeamMember(...editOf(c));
    return ok(c, data, TEAM_TEXT.updated);
  })
  .openapi(teamCalls.remove, async (c) => {
    await c.var.services.team.deleteTeamMember(...itemOf(c));
    return ok(c, null, TEAM_TEXT.deleted);
  });
