import { z } from "@hono/zod-openapi";
import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import { ForgotPasswordSchema, SetPasswordSchema, TokenSchema } from "#common/schemas/account.ts";
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
} from "#common/schemas/profile.ts";
import {
  ActiveSessionSchema,
  EmailReceiptSchema,
  ProfileSchema,
  RegistrationReceiptSchema,
  SessionCountSchema,
  UserSchema,
} from "#common/schemas/responses.ts";
import { LoginSchema, RegisterSchema } from "#common/schemas/users.ts";
import { jsonBody } from "#server/http/request.ts";
import { created, Done, dataResponses, dataResponsesWith, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";

const { route } = routesFor("Auth");
const { route: profileRoute } = routesFor("Profile");

const login = route("POST /auth/login", "login", {
  summary: "Sign in with e-mail and password",
  request: jsonBody(LoginSchema),
  responses: dataResponsesWith(
    UserSchema,
    { token: z.string() },
    "Signed in: a bearer token and the user",
    [400, 401, 403, 429],
  ),
});

const register = route("POST /auth/register", "register", {
  summary: "Register: the new author account awaits approval",
  description:
    "The same 201 whether or not the e-mail address already has an account (then nothing is created); `data` echoes the account as sent: `{username, email, first_name, last_name, role, status}`.",
  request: jsonBody(RegisterSchema),
  responses: dataResponses(
    RegistrationReceiptSchema,
    "Registered (inactive until an admin activates it)",
    [409, 429],
    201,
  ),
});

const me = route("GET /auth/me", "getCurrentUser", {
  summary: "The signed-in user",
  ...signedIn(),
  responses: dataResponses(UserSchema, "The user"),
});

const logout = route("POST /auth/logout", "logout", {
  summary: "Sign out: the token stops working",
  ...signedIn(),
  responses: dataResponses(Done, "Signed out"),
});

const logoutAll = route("POST /auth/logout-all", "logoutEverywhere", {
  summary: "Sign out everywhere: every session of the caller ends, this one included",
  ...signedIn(),
  responses: dataResponses(SessionCountSchema, "Signed out everywhere: how many sessions ended"),
});

const forgotPassword = route("POST /auth/forgot-password", "requestPasswordReset", {
  summary: "Forgot password: mail a one-time reset link (valid for one hour)",
  description:
    "The same 200 and text whether or not the address has an (active) account, and when the address is past PASSWORD_RESET_RATE_LIMIT (then no mail is sent). A client address past that limit gets a 429 with Retry-After.",
  request: jsonBody(ForgotPasswordSchema),
  responses: dataResponses(
    Done,
    "Answered (a mail is queued when an active account has the address)",
    [429],
  ),
});

const resetPassword = route("POST /auth/reset-password", "resetPassword", {
  summary:
    "Set a new password with the token of a reset link (once); every session of the user ends",
  description:
    "A client address past SET_PASSWORD_RATE_LIMIT (this call and accept-invite together) gets a 429 with Retry-After.",
  request: jsonBody(SetPasswordSchema),
  responses: dataResponses(EmailReceiptSchema, "Password changed: sign in with it", [429]),
});

const acceptInvite = route("POST /auth/accept-invite", "acceptInvitation", {
  summary: "Set the first password with the token of an invitation link (once)",
  description:
    "A client address past SET_PASSWORD_RATE_LIMIT (this call and reset-password together) gets a 429 with Retry-After.",
  request: jsonBody(SetPasswordSchema),
  responses: dataResponses(EmailReceiptSchema, "Password set: sign in with it", [429]),
});

/** What the calls that ask for the current password say about getting it wrong. */
const WRONG_PASSWORD_COUNTS =
  "A wrong current password counts as a failed sign-in of the account: past the sign-in limits, 429 with Retry-After before the password is checked.";

const getProfile = profileRoute("GET /auth/me/profile", "getProfile", {
  summary: "Your profile: the user and avatar_url",
  ...signedIn(),
  responses: dataResponses(ProfileSchema, "The profile"),
});

const updateProfile = profileRoute("POST /auth/me/profile", "updateProfile", {
  summary: "Change your name, username or avatar",
  ...signedIn(),
  request: jsonBody(ProfileUpdateSchema),
  responses: dataResponses(ProfileSchema, "The profile", [409]),
});

const changePassword = profileRoute("POST /auth/me/password", "changeOwnPassword", {
  summary: "Change your password (the current one required); your other sessions end",
  description: WRONG_PASSWORD_COUNTS,
  ...signedIn(),
  request: jsonBody(PasswordChangeSchema),
  responses: dataResponses(Done, "Password changed", [429]),
});

const changeEmail = profileRoute("POST /auth/me/email", "requestEmailChange", {
  summary: "Change your e-mail address: a confirmation link goes to the new address (24 hours)",
  description: WRONG_PASSWORD_COUNTS,
  ...signedIn(),
  request: jsonBody(EmailChangeSchema),
  responses: dataResponses(
    EmailReceiptSchema,
    "Link sent; the address changes when it is opened",
    [409, 429],
  ),
});

const confirmEmail = profileRoute("POST /auth/confirm-email", "confirmEmailChange", {
  summary: "Confirm a new e-mail address with the token of its link (once)",
  request: jsonBody(TokenSchema),
  responses: dataResponses(EmailReceiptSchema, "The e-mail address changed", [409]),
});

const listSessions = profileRoute("GET /auth/me/sessions", "listOwnSessions", {
  summary: "Your active sessions (created, last used, user agent; `current` marks this one)",
  ...signedIn(),
  responses: dataResponses(z.array(ActiveSessionSchema), "The sessions, most recently used first"),
});

const signOutOthers = profileRoute(
  "POST /auth/me/sessions/sign-out-others",
  "signOutOtherSessions",
  {
    summary: "Sign out of every other session; this one stays",
    ...signedIn(),
    responses: dataResponses(SessionCountSchema, "How many sessions ended: `{sessions: n}`"),
  },
);

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
    return created(c, user, "Registration successful! Your account is awaiting approval.");
  })
  .openapi(forgotPassword, async (c) => {
    await c.var.services.account.requestPasswordReset(c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, null, PASSWORD_RESET_TEXTS.requested);
  })
  .openapi(resetPassword, async (c) => {
    const data = await c.var.services.account.resetPassword(c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, data, PASSWORD_RESET_TEXTS.done);
  })
  .openapi(acceptInvite, async (c) => {
    const data = await c.var.services.account.acceptInvitation(c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, data, INVITATION_TEXTS.done);
  })
  .openapi(getProfile, async (c) => {
    const data = await c.var.services.profile.getProfile(c.var.user);
    return ok(c, data);
  })
  .openapi(updateProfile, async (c) => {
    const data = await c.var.services.profile.updateProfile(c.var.user, c.req.valid("json"));
    return ok(c, data, PROFILE_TEXTS.saved);
  })
  .openapi(changePassword, async (c) => {
    await c.var.services.profile.changePassword(c.var.user, c.var.token, c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, null, PROFILE_TEXTS.passwordChanged);
  })
  .openapi(changeEmail, async (c) => {
    const data = await c.var.services.profile.requestEmailChange(c.var.user, c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, data, PROFILE_TEXTS.emailSent(data.email));
  })
  .openapi(confirmEmail, async (c) => {
    const data = await c.var.services.profile.confirmEmailChange(c.req.valid("json"));
    return ok(c, data, PROFILE_TEXTS.emailConfirmed);
  })
  .openapi(listSessions, async (c) => {
    const data = await c.var.services.profile.listSessions(c.var.user, c.var.token);
    return ok(c, data);
  })
  .openapi(signOutOthers, async (c) => {
    const sessions = await c.var.services.profile.signOutOthers(c.var.user, c.var.token);
    return ok(c, { sessions }, PROFILE_TEXTS.othersSignedOut(sessions));
  })
  .openapi(me, async (c) => {
    return ok(c, c.var.user);
  })
  .openapi(logout, async (c) => {
    await c.var.services.auth.logout(c.var.token);
    return ok(c, null, "Signed out");
  })
  .openapi(logoutAll, async (c) => {
    const sessions = await c.var.services.auth.logoutEverywhere(c.var.user);
    return ok(c, { sessions }, "Signed out everywhere");
  });
