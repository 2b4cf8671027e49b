import { createRoute, z } from "@hono/zod-openapi";
import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "../../common/account-texts.ts";
import { ForgotPasswordSchema, SetPasswordSchema } from "../../common/schemas/account.ts";
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

const forgotPassword = createRoute({
  method: "post",
  path: "/auth/forgot-password",
  operationId: "requestPasswordReset",
  tags: ["Auth"],
  summary: "Forgot password: mail a one-time reset link (valid for one hour)",
  description:
    "The same 200 and text whether or not the address has an (active) account, and when the address is past PASSWORD_RESET_RATE_LIMIT (then no mail is sent). A client address past that limit gets a 429 with Retry-After.",
  request: jsonBody(ForgotPasswordSchema),
  responses: dataResponses(
    "Answered (a mail is queued when an active account has the address)",
    [400, 429],
  ),
});

const resetPassword = createRoute({
  method: "post",
  path: "/auth/reset-password",
  operationId: "resetPassword",
  tags: ["Auth"],
  summary:
    "Set a new password with the token of a reset link (once); every session of the user ends",
  request: jsonBody(SetPasswordSchema),
  responses: dataResponses("Password changed: sign in with it", [400]),
});

const acceptInvite = createRoute({
  method: "post",
  path: "/auth/accept-invite",
  operationId: "acceptInvitation",
  tags: ["Auth"],
  summary: "Set the first password with the token of an invitation link (once)",
  request: jsonBody(SetPasswordSchema),
  responses: dataResponses("Password set: sign in with it", [400]),
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
  .openapi(forgotPassword, async (c) => {
    await c.var.services.account.requestPasswordReset(c.req.valid("json"), {
      client: c.var.client,
    });
    return c.json(
      { success: true as const, data: null, message: PASSWORD_RESET_TEXTS.requested },
      200,
    );
  })
  .openapi(resetPassword, async (c) => {
    const data = await c.var.services.account.resetPassword(c.req.valid("json"));
    return c.json({ success: true as const, data, message: PASSWORD_RESET_TEXTS.done }, 200);
  })
  .openapi(acceptInvite, async (c) => {
    const data = await c.var.services.account.acceptInvitation(c.req.valid("json"));
    return c.json({ success: true as const, data, message: INVITATION_TEXTS.done }, 200);
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
