import { createRoute, z } from "@hono/zod-openapi";
import { LoginSchema, RegisterSchema } from "../../common/schemas/users.ts";
import { AppError } from "../http/errors.ts";
import {
  AnyData,
  createRouter,
  dataResponses,
  errorResponses,
  jsonBody,
  jsonContent,
  signedIn,
} from "../http/router.ts";

const login = createRoute({
  method: "post",
  path: "/auth/login",
  operationId: "login",
  tags: ["Auth"],
  summary: "Sign in with e-mail and password",
  request: jsonBody(LoginSchema),
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), token: z.string(), data: AnyData }),
      "Signed in: a bearer token and the user",
    ),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    429: errorResponses[429],
  },
});

const register = createRoute({
  method: "post",
  path: "/auth/register",
  operationId: "register",
  tags: ["Auth"],
  summary: "Register: the new author account awaits approval",
  description:
    "The same 201 whether or not the e-mail address already has an account (then nothing is created); `data` echoes the account as sent: `{username, email, first_name, last_name, role, status}`.",
  request: jsonBody(RegisterSchema),
  responses: dataResponses(
    "Registered (inactive until an admin activates it)",
    [400, 409, 429],
    201,
  ),
});

const me = createRoute({
  method: "get",
  path: "/auth/me",
  operationId: "getCurrentUser",
  tags: ["Auth"],
  summary: "The signed-in user",
  ...signedIn(),
  responses: dataResponses("The user", [401]),
});

const logout = createRoute({
  method: "post",
  path: "/auth/logout",
  operationId: "logout",
  tags: ["Auth"],
  summary: "Sign out: the token stops working",
  ...signedIn(),
  responses: dataResponses("Signed out", [401]),
});

const logoutAll = createRoute({
  method: "post",
  path: "/auth/logout-all",
  operationId: "logoutEverywhere",
  tags: ["Auth"],
  summary: "Sign out everywhere: every session of the caller ends, this one included",
  ...signedIn(),
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        data: z.object({ sessions: z.number().int() }),
        message: z.string(),
      }),
      "Signed out everywhere: how many sessions ended",
    ),
    401: errorResponses[401],
  },
});

export const authApi = createRouter()
  .openapi(login, async (c) => {
    const { token, user } = await c.var.services.auth.login(c.req.valid("json"), {
      userAgent: c.req.header("user-agent"),
      client: c.var.client,
    });
    return c.json({ success: true as const, token, data: user }, 200);
  })
  .openapi(register, async (c) => {
    const user = await c.var.services.auth.register(c.req.valid("json"), {
      client: c.var.client,
    });
    return c.json(
      {
        success: true as const,
        data: user,
        message: "Registration successful! Your account is awaiting approval.",
      },
      201,
    );
  })
  .openapi(me, async (c) => {
    if (!c.var.user) throw AppError.unauthorized();
    return c.json({ success: true as const, data: c.var.user }, 200);
  })
  .openapi(logout, async (c) => {
    if (!c.var.user) throw AppError.unauthorized();
    await c.var.services.auth.logout(c.var.token);
    return c.json({ success: true as const, data: null, message: "Signed out" }, 200);
  })
  .openapi(logoutAll, async (c) => {
    if (!c.var.user) throw AppError.unauthorized();
    const sessions = await c.var.services.auth.logoutEverywhere(c.var.user.id);
    return c.json(
      { success: true as const, data: { sessions }, message: "Signed out everywhere" },
      200,
    );
  });
