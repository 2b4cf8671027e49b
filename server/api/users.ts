import { created, ok } from "#server/http/responses.ts";
import { createRouter, itemOf } from "#server/http/router.ts";
import { usersCalls } from "./contract/accounts.ts";

export const usersApi = createRouter()
  .openapi(usersCalls.list, async (c) => {
    const data = await c.var.services.users.listUsers(c.var.user, c.req.valid("query").search);
    return ok(c, data);
  })
  .openapi(usersCalls.invite, async (c) => {
    const data = await c.var.services.users.inviteUser(c.var.user, c.req.valid("json"));
    return created(c, data, `Invitation sent to ${data.email}`);
  })
  .openapi(usersCalls.resendInvite, async (c) => {
    const data = await c.var.services.users.resendInvitation(...itemOf(c));
    return ok(c, data, `Invitation sent again to ${data.email}`);
  })
  .openapi(usersCalls.bulk, async (c) => {
    const { action, ids } = c.req.valid("json");
    const data = await c.var.services.users.bulkUsers(c.var.user, action, ids);
    return ok(c, data);
  })
  .openapi(usersCalls.get, async (c) => {
    const data = await c.var.services.users.getUser(...itemOf(c));
    return ok(c, data);
  })
  .openapi(usersCalls.create, async (c) => {
    const data = await c.var.services.users.createUser(c.var.user, c.req.valid("json"));
    return created(c, data, "User created successfully");
  })
  .openapi(usersCalls.update, async (c) => {
    const data = await c.var.services.users.updateUser(
      c.var.user,
      c.req.valid("param").id,
      c.req.valid("json"),
      { token: c.var.token },
    );
    return ok(c, data, "User updated successfully");
  })
  .openapi(usersCalls.remove, async (c) => {
    await c.var.services.users.deleteUser(...itemOf(c));
    return ok(c, null, "User deleted successfully");
  });
