import { z } from "@hono/zod-openapi";
import { ForgotPasswordSchema, SetPasswordSchema, TokenSchema } from "#common/schemas/account.ts";
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
} from "#common/schemas/profile.ts";
import {
  ActiveSessionSchema,
  BulkResultSchema,
  EmailReceiptSchema,
  ProfileSchema,
  RegistrationReceiptSchema,
  SessionCountSchema,
  UserSchema,
} from "#common/schemas/responses.ts";
import {
  LoginSchema,
  RegisterSchema,
  UserBulkSchema,
  UserCreateSchema,
  UserInviteSchema,
  UserUpdateSchema,
} from "#common/schemas/users.ts";
import { IdParams, jsonBody } from "#server/http/request.ts";
import { Done, dataResponses, dataResponsesWith } from "#server/http/responses.ts";
import { callsOf, signedIn } from "#server/http/router.ts";

/**
 * The calls of accounts, declared once: signing in and out, registration,
 * one-time links, your own profile and sessions, and the users screen. Every
 * call of `/api` is declared in `server/api/contract/` by its request line,
 * operationId, summary, who may call it (`signedIn(permission)`; a call
 * without it is public), its input and its answers; the OpenAPI document is
 * generated from these, and `server/api/<resource>.ts` implements them in the
 * order they are matched (decision 042).
 */

// ── Demo sign-in (server/api/demo.ts) ──

export const demoCalls = callsOf("Auth", ({ route }) => ({
  /**
   * The demo button signs in here, so the demo admin's password never has to
   * be in a page. Outside demo mode the call does not exist (404).
   */
  demoSignIn: route("POST /auth/demo", "demoLogin", {
    summary: "Demo mode only: sign in as the demo admin (the sign-in page's demo button)",
    responses: dataResponsesWith(
      UserSchema,
      { token: z.string() },
      "Signed in as the demo admin: a bearer token and the user",
      [403, 404, 429],
    ),
  }),
}));

// ── Sign-in, registration, one-time links and your profile (server/api/auth.ts) ──

/** What the calls that ask for the current password say about getting it wrong. */
const WRONG_PASSWORD_COUNTS =
  "A wrong current password counts as a failed sign-in of the account: past the sign-in limits, 429 with Retry-After before the password is checked.";

export const authCalls = callsOf("Auth", ({ route }) => ({
  login: route("POST /auth/login", "login", {
    summary: "Sign in with e-mail and password",
    request: jsonBody(LoginSchema),
    responses: dataResponsesWith(
      UserSchema,
      { token: z.string() },
      "Signed in: a bearer token and the user",
      [400, 401, 403, 429],
    ),
  }),

  register: route("POST /auth/register", "register", {
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
  }),

  me: route("GET /auth/me", "getCurrentUser", {
    summary: "The signed-in user",
    ...signedIn(),
    responses: dataResponses(UserSchema, "The user"),
  }),

  logout: route("POST /auth/logout", "logout", {
    summary: "Sign out: the token stops working",
    ...signedIn(),
    responses: dataResponses(Done, "Signed out"),
  }),

  logoutAll: route("POST /auth/logout-all", "logoutEverywhere", {
    summary: "Sign out everywhere: every session of the caller ends, this one included",
    ...signedIn(),
    responses: dataResponses(SessionCountSchema, "Signed out everywhere: how many sessions ended"),
  }),

  forgotPassword: route("POST /auth/forgot-password", "requestPasswordReset", {
    summary: "Forgot password: mail a one-time reset link (valid for one hour)",
    description:
      "The same 200 and text whether or not the address has an (active) account, and when the address is past PASSWORD_RESET_RATE_LIMIT (then no mail is sent). A client address past that limit gets a 429 with Retry-After.",
    request: jsonBody(ForgotPasswordSchema),
    responses: dataResponses(
      Done,
      "Answered (a mail is queued when an active account has the address)",
      [429],
    ),
  }),

  resetPassword: route("POST /auth/reset-password", "resetPassword", {
    summary:
      "Set a new password with the token of a reset link (once); every session of the user ends",
    description:
      "A client address past SET_PASSWORD_RATE_LIMIT (this call and accept-invite together) gets a 429 with Retry-After.",
    request: jsonBody(SetPasswordSchema),
    responses: dataResponses(EmailReceiptSchema, "Password changed: sign in with it", [429]),
  }),

  acceptInvite: route("POST /auth/accept-invite", "acceptInvitation", {
    summary: "Set the first password with the token of an invitation link (once)",
    description:
      "A client address past SET_PASSWORD_RATE_LIMIT (this call and reset-password together) gets a 429 with Retry-After.",
    request: jsonBody(SetPasswordSchema),
    responses: dataResponses(EmailReceiptSchema, "Password set: sign in with it", [429]),
  }),
}));

export const profileCalls = callsOf("Profile", ({ route }) => ({
  getProfile: route("GET /auth/me/profile", "getProfile", {
    summary: "Your profile: the user and avatar_url",
    ...signedIn(),
    responses: dataResponses(ProfileSchema, "The profile"),
  }),

  updateProfile: route("POST /auth/me/profile", "updateProfile", {
    summary: "Change your name, username or avatar",
    ...signedIn(),
    request: jsonBody(ProfileUpdateSchema),
    responses: dataResponses(ProfileSchema, "The profile", [409]),
  }),

  changePassword: route("POST /auth/me/password", "changeOwnPassword", {
    summary: "Change your password (the current one required); your other sessions end",
    description: WRONG_PASSWORD_COUNTS,
    ...signedIn(),
    request: jsonBody(PasswordChangeSchema),
    responses: dataResponses(Done, "Password changed", [429]),
  }),

  changeEmail: route("POST /auth/me/email", "requestEmailChange", {
    summary: "Change your e-mail address: a confirmation link goes to the new address (24 hours)",
    description: `${WRONG_PASSWORD_COUNTS} Past EMAIL_CHANGE_RATE_LIMIT (default 5 an hour, per user and per new address), 429 with Retry-After: the call cannot flood a mailbox.`,
    ...signedIn(),
    request: jsonBody(EmailChangeSchema),
    responses: dataResponses(
      EmailReceiptSchema,
      "Link sent; the address changes when it is opened",
      [409, 429],
    ),
  }),

  confirmEmail: route("POST /auth/confirm-email", "confirmEmailChange", {
    summary: "Confirm a new e-mail address with the token of its link (once)",
    request: jsonBody(TokenSchema),
    responses: dataResponses(EmailReceiptSchema, "The e-mail address changed", [409]),
  }),

  listSessions: route("GET /auth/me/sessions", "listOwnSessions", {
    summary: "Your active sessions (created, last used, user agent; `current` marks this one)",
    ...signedIn(),
    responses: dataResponses(
      z.array(ActiveSessionSchema),
      "The sessions, most recently used first",
    ),
  }),

  signOutOthers: route("POST /auth/me/sessions/sign-out-others", "signOutOtherSessions", {
    summary: "Sign out of every other session; this one stays",
    ...signedIn(),
    responses: dataResponses(SessionCountSchema, "How many sessions ended: `{sessions: n}`"),
  }),
}));

// ── Users (server/api/users.ts) ──

export const usersCalls = callsOf("Users", ({ deleteRoute, route }) => ({
  list: route("GET /users", "listUsers", {
    summary: "All users (search matches username, e-mail, name or role)",
    ...signedIn("users:manage"),
    request: { query: z.object({ search: z.string().max(200).optional() }) },
    responses: dataResponses(z.array(UserSchema), "Users"),
  }),

  get: route("GET /users/{id}", "getUser", {
    summary: "One user",
    ...signedIn("users:manage"),
    request: { params: IdParams },
    responses: dataResponses(UserSchema, "The user", [404]),
  }),

  create: route("POST /users", "createUser", {
    summary: "Add a user",
    ...signedIn("users:manage"),
    request: jsonBody(UserCreateSchema),
    responses: dataResponses(UserSchema, "The new user", [409], 201),
  }),

  invite: route("POST /users/invite", "inviteUser", {
    summary: "Add a user without a password: they are mailed a link to set one (valid for 7 days)",
    ...signedIn("users:manage"),
    request: jsonBody(UserInviteSchema),
    responses: dataResponses(UserSchema, "The new user (invitation_pending: true)", [409], 201),
  }),

  resendInvite: route("POST /users/{id}/invite", "resendInvitation", {
    summary:
      "Send a new invitation link to a user who has not set a password yet (the old link stops working)",
    ...signedIn("users:manage"),
    request: { params: IdParams },
    responses: dataResponses(UserSchema, "Invitation sent", [404, 409]),
  }),

  bulk: route("POST /users/bulk", "bulkUpdateUsers", {
    summary: "Activate, deactivate or delete several users",
    ...signedIn("users:manage"),
    request: jsonBody(UserBulkSchema),
    responses: dataResponses(BulkResultSchema, "How many users changed", [404, 409]),
  }),

  update: route("PUT /users/{id}", "updateUser", {
    summary: "Update a user (the whole user or any of its fields)",
    ...signedIn("users:manage"),
    request: { params: IdParams, ...jsonBody(UserUpdateSchema) },
    responses: dataResponses(UserSchema, "The user", [404, 409]),
  }),

  remove: deleteRoute("/users/{id}", "deleteUser", {
    summary: "Delete a user",
    permission: "users:manage",
    errors: [409],
  }),
}));
