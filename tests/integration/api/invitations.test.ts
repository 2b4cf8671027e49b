import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TEXTS } from "#common/account-texts.ts";
import {
  type Accounts,
  createAccounts,
  expectError,
  expectOk,
  get,
  login,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { clockedEnv, deliver, linkIn } from "#tests/setup/mail-links.ts";
import { type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const DAY = 86_400_000;
const PASSWORD = "Copper-Valley-62";

describe("invitations", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let a: Accounts;
  const clock = { offset: 0 };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // Sessions outlive the 7 days the clock moves (the admin stays signed in).
    const { env } = clockedEnv(smtp, { SESSION_MAX_DAYS: "30", SESSION_IDLE_HOURS: "720" });
    t = await createTestApp({ env, now: () => new Date(Date.now() + clock.offset) });
    a = await createAccounts(t);
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { siteTitle: "Acme Works" },
      }),
    );
    expectOk(
      await put(t, `/users/${a.admin.id}`, {
        token: a.admin.token,
        body: { first_name: "Ada", last_name: "Admin" },
      }),
    );
    await deliver(t, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.mails.length = 0;
  });

  function invitee(overrides: Record<string, unknown> = {}) {
    const username = unique("inv").replace(/-/g, "_");
    return {
      username,
      email: `${username}@example.com`,
      first_name: "Ivy",
      last_name: "Invited",
      role: "editor",
      ...overrides,
    };
  }

  async function invite(body = invitee()) {
    const result = await post(t, "/users/invite", { token: a.admin.token, body });
    expectOk(result, 201);
    const mails = await deliver(t, smtp);
    expect(mails).toHaveLength(1);
    return { body, user: result.body.data, mail: mails[0]! };
  }

  it("adds the user without a password and mails a link to set one", async () => {
    const { body, user, mail } = await invite();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      role: "editor",
      status: "active",
      invitation_pending: true,
    });
    expect(mail.envelope.to).toEqual([body.email]);
    expect(mail.parsed.subject).toBe("[Acme Works] You are invited to Acme Works");
    expect(mail.parsed.text).toContain("Welcome, Ivy");
    expect(mail.parsed.text).toContain("Ada Admin added you to Acme Works");
    expect(mail.parsed.text).toContain("expires in 7 days");
    linkIn(mail, "/accept-invite");

    // No password yet: signing in fails like a wrong password.
    const attempt = await post(t, "/auth/login", {
      body: { email: body.email, password: PASSWORD },
    });
    expectError(attempt, 401, "Invalid email or password");
    // The admins' list says so.
    const list = await get(t, "/users", { token: a.admin.token });
    const listed = list.body.data.find((u: { id: number }) => u.id === user.id);
    expect(listed.invitation_pending).toBe(true);
  });

  it("the link sets the password once; then the user signs in", async () => {
    const { body, user, mail } = await invite();
    const { token } = linkIn(mail, "/accept-invite");
    expectError(await post(t, "/auth/accept-invite", { body: { token, password: "short" } }), 400);
    const accepted = await post(t, "/auth/accept-invite", { body: { token, password: PASSWORD } });
    expectOk(accepted);
    expect(accepted.body.message).toBe(INVITATION_TEXTS.done);
    await login(t, body.email, PASSWORD);
    expectError(
      await post(t, "/auth/accept-invite", { body: { token, password: "Other-River-77" } }),
      400,
      INVITATION_TEXTS.invalidLink,
    );
    // Accepted: no more "pending", and no re-send.
    const list = await get(t, "/users", { token: a.admin.token });
    expect(
      list.body.data.find((u: { id: number }) => u.id === user.id).invitation_pending,
    ).toBeUndefined();
    expectError(await post(t, `/users/${user.id}/invite`, { token: a.admin.token }), 409);
  });

  it("a reset link is not an invitation link, nor the other way round", async () => {
    const { mail } = await invite();
    const { token } = linkIn(mail, "/accept-invite");
    expectError(
      await post(t, "/auth/reset-password", { body: { token, password: PASSWORD } }),
      400,
    );
    expectOk(await post(t, "/auth/accept-invite", { body: { token, password: PASSWORD } }));
  });

  it("expires after 7 days; a re-sent invitation replaces the old link", async () => {
    const { user, mail } = await invite();
    const old = linkIn(mail, "/accept-invite").token;
    clock.offset += 7 * DAY + 1000;
    try {
      expectError(
        await post(t, "/auth/accept-invite", { body: { token: old, password: PASSWORD } }),
        400,
        INVITATION_TEXTS.invalidLink,
      );
      const resent = await post(t, `/users/${user.id}/invite`, { token: a.admin.token });
      expectOk(resent);
      const mails = await deliver(t, smtp);
      expect(mails.map((m) => m.envelope.to)).toEqual([[user.email]]);
      const fresh = linkIn(mails[0]!, "/accept-invite").token;
      expect(fresh).not.toBe(old);
      expectOk(
        await post(t, "/auth/accept-invite", { body: { token: fresh, password: PASSWORD } }),
      );
    } finally {
      clock.offset -= 7 * DAY + 1000;
    }
  });

  it("re-sending makes the earlier link stop working", async () => {
    const { user, mail } = await invite();
    const first = linkIn(mail, "/accept-invite").token;
    expectOk(await post(t, `/users/${user.id}/invite`, { token: a.admin.token }));
    const second = linkIn((await deliver(t, smtp))[0]!, "/accept-invite").token;
    expectError(
      await post(t, "/auth/accept-invite", { body: { token: first, password: PASSWORD } }),
      400,
    );
    expectOk(await post(t, "/auth/accept-invite", { body: { token: second, password: PASSWORD } }));
  });

  it("only admins invite; taken names and addresses are refused; POST /users with a password still works", async () => {
    for (const role of ["editor", "author"] as const) {
      const result = await post(t, "/users/invite", { token: a[role].token, body: invitee() });
      expect(result.status).toBe(403);
      const resend = await post(t, `/users/${a.author.id}/invite`, { token: a[role].token });
      expect(resend.status).toBe(403);
    }
    expect((await post(t, "/users/invite", { body: invitee() })).status).toBe(401);
    const taken = await post(t, "/users/invite", {
      token: a.admin.token,
      body: invitee({ email: a.editor.email }),
    });
    expectError(taken, 409, "Email already exists");
    expectError(
      await post(t, "/users/invite", {
        token: a.admin.token,
        body: invitee({ password: PASSWORD }),
      }),
      400,
    );
    expect(await deliver(t, smtp)).toHaveLength(0);

    const classic = invitee();
    const created = await post(t, "/users", {
      token: a.admin.token,
      body: { ...classic, password: PASSWORD },
    });
    expectOk(created, 201);
    expect(created.body.data.invitation_pending).toBeUndefined();
    await login(t, classic.email, PASSWORD);
    expect(await deliver(t, smtp)).toHaveLength(0);
  });

  it("an edit keeps the pending mark; a password the admin sets ends the invitation", async () => {
    const { user, mail } = await invite();
    const { token } = linkIn(mail, "/accept-invite");
    const renamed = await put(t, `/users/${user.id}`, {
      token: a.admin.token,
      body: { first_name: "Iris" },
    });
    expectOk(renamed);
    expect(renamed.body.data.invitation_pending).toBe(true);
    const set = await put(t, `/users/${user.id}`, {
      token: a.admin.token,
      body: { password: PASSWORD },
    });
    expectOk(set);
    expect(set.body.data.invitation_pending).toBeUndefined();
    expectError(
      await post(t, "/auth/accept-invite", { body: { token, password: "Other-River-77" } }),
      400,
      INVITATION_TEXTS.invalidLink,
    );
    await login(t, user.email, PASSWORD);
  });
});
