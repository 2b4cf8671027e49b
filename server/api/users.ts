import { z } from "@hono/zod-openapi";
import { BulkResultSchema, UserSchema } from "#common/schemas/responses.ts";
import {
  UserBulkSchema,
  UserCreateSchema,
  UserInviteSchema,
  UserUpdateSchema,
} from "#common/schemas/users.ts";
import { IdParams, jsonBody } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, routesFor, signedIn } from "#server/http/router.ts";

const { route, deleteRoute } = routesFor("Users");

const list = route("GET /users", "listUsers", {
  summary: "All users (search matches username, e-mail, name or role)",
  ...signedIn("users:manage"),
  request: { query: z.object({ search: z.string().max(200).optional() }) },
  responses: dataResponses(z.array(UserSchema), "Users"),
});
const get = route("GET /users/{id}", "getUser", {
  summary: "One user",
  ...signedIn("users:manage"),
  request: { params: IdParams },
  responses: dataResponses(UserSchema, "The user", [404]),
});
const create = route("POST /users", "createUser", {
  summary: "Add a user",
  ...signedIn("users:manage"),
  request: jsonBody(UserCreateSchema),
  responses: dataResponses(UserSchema, "The new user", [409], 201),
});
const invite = route("POST /users/invite", "inviteUser", {
  summary: "Add a user without a password: they are mailed a link to set one (valid for 7 days)",
  ...signedIn("users:manage"),
  request: jsonBody(UserInviteSchema),
  responses: dataResponses(UserSchema, "The new user (invitation_pending: true)", [409], 201),
});
const resendInvite = route("POST /users/{id}/invite", "resendInvitation", {
  summary:
    "Send a new invitation link to a user who has not set a password yet (the old link stops working)",
  ...signedIn("users:manage"),
  request: { params: IdParams },
  responses: dataResponses(UserSchema, "Invitation sent", [404, 409]),
});
const bulk = route("POST /users/bulk", "bulkUpdateUsers", {
  summary: "Activate, deactivate or delete several users",
  ...signedIn("users:manage"),
  request: jsonBody(UserBulkSchema),
  responses: dataResponses(BulkResultSchema, "How many users changed", [404, 409]),
});
const update = route("PUT /users/{id}", "updateUser", {
  summary: "Update a user (the whole user or any of its fields)",
  ...signedIn("users:manage"),
  request: { params: IdParams, ...jsonBody(UserUpdateSchema) },
  responses: dataResponses(UserSchema, "The user", [404, 409]),
});
const remove = deleteRoute("/users/{id}", "deleteUser", {
  summary: "Delete a user",
  permission: "users:manage",
  errors: [409],
});

export const usersApi = createRouter()
  .openapi(list, async (c) => {
    const data = await c.var.services.users.listUsers(c.var.user, c.req.valid("query").search);
    return ok(c, data);
  })
  .openapi(invite, async (c) => {
    const data = await c.var.services.users.inviteUser(c.var.user, c.req.valid("json"));
    return created(c, data, `Invitation sent to ${data.email}`);
  })
  .openapi(resendInvite, async (c) => {
    const data = await c.var.services.users.resendInvitation(...itemOf(c));
    return ok(c, data, `Invitation sent again to ${data.email}`);
  })
  .openapi(bulk, async (c) => {
    const { action, ids } = c.req.valid("json");
    const data = await c.var.services.users.bulkUsers(c.var.user, action, ids);
    return ok(c, data);
  })
  .openapi(get, async (c) => {
    const data = await c.var.services.users.getUser(...itemOf(c));
    return ok(c, data);
  })
  .openapi(create, async (c) => {
    const data = await c.var.services.users.createUser(c.var.user, c.req.valid("json"));
    return created(c, data, "User created successfully");
  })
  .openapi(update, async (c) => {
    const data = await c.var.services.users.updateUser(
      c.var.user,
      c.req.valid("param").id,
      c.req.valid("json"),
      { token: c.var.token },
    );
    return ok(c, data, "User updated successfully");
  })
  .openapi(remove, async (c) => {
    await c.var.services.users.deleteUser(...itemOf(c));
    return ok(c, null, "User deleted successfully");
  });
