import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import { created, ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { authCalls, profileCalls } from "./contract/accounts.ts";

export const authApi = createRouter()
  .openapi(authCalls.login, async (c) => {
    const { token, user } = await c.var.services.auth.login(c.req.valid("json"), {
      userAgent: c.req.header("user-agent"),
      client: c.var.client,
    });
    return c.json({ success: true as const, token, data: user }, 200);
  })
  .openapi(authCalls.register, async (c) => {
    const user = await c.var.services.auth.register(c.req.valid("json"), {
      client: c.var.client,
    });
    return created(c, user, "Registration successful! Your account is awaiting approval.");
  })
  .openapi(authCalls.forgotPassword, async (c) => {
    await c.var.services.account.requestPasswordReset(c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, null, PASSWORD_RESET_TEXTS.requested);
  })
  .openapi(authCalls.resetPassword, async (c) => {
    const data = await c.var.services.account.resetPassword(c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, data, PASSWORD_RESET_TEXTS.done);
  })
  .openapi(authCalls.acceptInvite, async (c) => {
    const data = await c.var.services.account.acceptInvitation(c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, data, INVITATION_TEXTS.done);
  })
  .openapi(profileCalls.getProfile, async (c) => {
    const data = await c.var.services.profile.getProfile(c.var.user);
    return ok(c, data);
  })
  .openapi(profileCalls.updateProfile, async (c) => {
    const data = await c.var.services.profile.updateProfile(c.var.user, c.req.valid("json"));
    return ok(c, data, PROFILE_TEXTS.saved);
  })
  .openapi(profileCalls.changePassword, async (c) => {
    await c.var.services.profile.changePassword(c.var.user, c.var.token, c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, null, PROFILE_TEXTS.passwordChanged);
  })
  .openapi(profileCalls.changeEmail, async (c) => {
    const data = await c.var.services.profile.requestEmailChange(c.var.user, c.req.valid("json"), {
      client: c.var.client,
    });
    return ok(c, data, PROFILE_TEXTS.emailSent(data.email));
  })
  .openapi(profileCalls.confirmEmail, async (c) => {
    const data = await c.var.services.profile.confirmEmailChange(c.req.valid("json"));
    return ok(c, data, PROFILE_TEXTS.emailConfirmed);
  })
  .openapi(profileCalls.listSessions, async (c) => {
    const data = await c.var.services.profile.listSessions(c.var.user, c.var.token);
    return ok(c, data);
  })
  .openapi(profileCalls.signOutOthers, async (c) => {
    const sessions = await c.var.services.profile.signOutOthers(c.var.user, c.var.token);
    return ok(c, { sessions }, PROFILE_TEXTS.othersSignedOut(sessions));
  })
  .openapi(authCalls.me, async (c) => {
    return ok(c, c.var.user);
  })
  .openapi(authCalls.logout, async (c) => {
    await c.var.services.presence.leaveAll(c.var.user);
    await c.var.services.auth.logout(c.var.token);
    return ok(c, null, "Signed out");
  })
  .openapi(authCalls.logoutAll, async (c) => {
    await c.var.services.presence.leaveAll(c.var.user);
    const sessions = await c.var.services.auth.logoutEverywhere(c.var.user);
    return ok(c, { sessions }, "Signed out everywhere");
  });
