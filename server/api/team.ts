import { z } from "@hono/zod-openapi";
import { TeamMemberSchema } from "#common/schemas/responses.ts";
import {
  TeamMemberInputSchema,
  TeamMemberUpdateSchema,
  TeamOrderSchema,
} from "#common/schemas/team.ts";
import { IdParams, jsonBody } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, editOf, itemOf, routesFor, signedIn } from "#server/http/router.ts";

const { route, deleteRoute } = routesFor("Team");

export const TEAM_TEXT = {
  created: "Team member added successfully",
  updated: "Team member updated successfully",
  deleted: "Team member deleted successfully",
  reordered: "Team order saved",
} as const;

const list = route("GET /team", "listTeamMembers", {
  summary: "The team in display order",
  description:
    "Staff who may manage the team (admins, editors) get every member; anyone else, the published members only (what the About page shows).",
  responses: dataResponses(z.array(TeamMemberSchema), "Team members in display order", [400]),
});

const create = route("POST /team", "createTeamMember", {
  summary: "Add a team member (after the last one unless `sort_order` is given)",
  ...signedIn("team:manage"),
  request: jsonBody(TeamMemberInputSchema),
  responses: dataResponses(TeamMemberSchema, "The new member", [], 201),
});

// Declared before PUT /team/{id}, which would otherwise take "order" for an id.
const reorder = route("PUT /team/order", "reorderTeamMembers", {
  summary: "Set the display order: every member's id exactly once",
  ...signedIn("team:manage"),
  request: jsonBody(TeamOrderSchema),
  responses: dataResponses(z.array(TeamMemberSchema), "Every member in the new order"),
});

const update = route("PUT /team/{id}", "updateTeamMember", {
  summary: "Change a team member (any subset of its fields; the others stay)",
  ...signedIn("team:manage"),
  request: { params: IdParams, ...jsonBody(TeamMemberUpdateSchema) },
  responses: dataResponses(TeamMemberSchema, "The member", [404]),
});

const remove = deleteRoute("/team/{id}", "deleteTeamMember", {
  summary: "Remove a team member",
  permission: "team:manage",
});

export const teamApi = createRouter()
  .openapi(list, async (c) => {
    return ok(c, await c.var.services.team.listTeamMembers(c.var.user));
  })
  .openapi(create, async (c) => {
    const data = await c.var.services.team.createTeamMember(c.var.user, c.req.valid("json"));
    return created(c, data, TEAM_TEXT.created);
  })
  .openapi(reorder, async (c) => {
    const data = await c.var.services.team.reorderTeamMembers(c.var.user, c.req.valid("json"));
    return ok(c, data, TEAM_TEXT.reordered);
  })
  .openapi(update, async (c) => {
    const data = await c.var.services.team.updateTeamMember(...editOf(c));
    return ok(c, data, TEAM_TEXT.updated);
  })
  .openapi(remove, async (c) => {
    await c.var.services.team.deleteTeamMember(...itemOf(c));
    return ok(c, null, TEAM_TEXT.deleted);
  });
