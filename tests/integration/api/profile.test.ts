import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import { readExportDocument } from "#server/maintenance/transfer-export.ts";
import {
  createAccount,
  createUser,
  expectError,
  expectOk,
  get,
  login,
  post,
} from "#tests/factories/index.ts";
import { clockedEnv, deliver, linkIn } from "#tests/setup/mail-links.ts";
import { type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

const HOUR = 3_600_000;
const NEW_PASSWORD = "Amber-Canyon-39";

describe("profile", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  const clock = { offset: 0 };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const { env } = clockedEnv(smtp);
    t = await createTestApp({ env, now: () => new Date(Date.now() + clock.offset) });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.mails.length = 0;
  });

  const agent = (name: string) => ({ "user-agent": name });

  it("every role reads and changes its own name, username and avatar (audited)", async () => {
    for (const role of ["admin", "editor", "author"] as const) {
      const me = await createAccount(t, role);
      const profile = await get(t, "/auth/me/profile", { token: me.token });
      expectOk(profile);
      expect(profile.body.data).toMatchObject({ id: me.id, email: me.email, avatar_url: null });
      const username = `${role}_renamed_${me.id}`;
      const saved = await post(t, "/auth/me/profile", {
        token: me.token,
        body: {
          first_name: "Pat",
          last_name: "Profile",
          username,
          avatar_url: "/uploads/avatar.webp",
        },
      });
      expectOk(saved);
      expect(saved.body.data).toMatchObject({
        first_name: "Pat",
        username,
        avatar_url: "/uploads/avatar.webp",
        role,
      });
      const meNow = await get(t, "/auth/me", { token: me.token });
      expect(meNow.body.data.username).toBe(username);
      const entry = await t.db
        .selectFrom("audit_logs")
        .selectAll()
        .where("actor_id", "=", me.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(entry.action).toBe("updated");
      expect(JSON.parse(entry.details ?? "{}").changed).toEqual([
        "first_name",
        "last_name",
        "username",
        "avatar_url",
      ]);
    }
  });

  it("refuses a taken username, a role or e-mail change through it, and bad avatars", async () => {
    const me = await createAccount(t, "author");
    const other = await createUser(t);
    expectError(
      await post(t, "/auth/me/profile", {
        token: me.token,
        body: { username: other.user.username },
      }),
      409,
      "Username already exists",
    );
    for (const body of [
      { role: "admin" },
      { email: "x@example.com" },
      { avatar_url: "javascript:x" },
    ]) {
      expect((await post(t, "/auth/me/profile", { token: me.token, body })).status).toBe(400);
    }
    expect((await get(t, "/auth/me/profile")).status).toBe(401);
  });

  it("takes the profile back as GET answered it: no avatar is null there and here", async () => {
    const me = await createAccount(t, "author");
    expectOk(
      await post(t, "/auth/me/profile", {
        token: me.token,
        body: { avatar_url: "/uploads/face.webp" },
      }),
    );
    const read = (await get(t, "/auth/me/profile", { token: me.token })).body.data;
    const saved = await post(t, "/auth/me/profile", {
      token: me.token,
      body: {
        first_name: read.first_name,
        last_name: read.last_name,
        username: read.username,
        avatar_url: null,
      },
    });
    expectOk(saved);
    expect(saved.body.data.avatar_url).toBeNull();
  });

  it("changes the password with the current one; other sessions end, this one stays", async () => {
    const { email, password } = await createUser(t, { role: "editor" });
    const here = await login(t, email, password);
    const elsewhere = await login(t, email, password);
    const wrong = await post(t, "/auth/me/password", {
      token: here,
      body: { current_password: "not-it-at-all", password: NEW_PASSWORD },
    });
    expectError(wrong, 400, PROFILE_TEXTS.wrongPassword);
    expectError(
      await post(t, "/auth/me/password", {
        token: here,
        body: { current_password: password, password: "password" },
      }),
      400,
    );
    const changed = await post(t, "/auth/me/password", {
      token: here,
      body: { current_password: password, password: NEW_PASSWORD },
    });
    expectOk(changed);
    expectOk(await get(t, "/auth/me", { token: here }));
    expect((await get(t, "/auth/me", { token: elsewhere })).status).toBe(401);
    await login(t, email, NEW_PASSWORD);
  });

  it("lists the sessions, marks this one, and signs out the others", async () => {
    const { email, password } = await createUser(t, { role: "author" });
    const phone = (
      await post(t, "/auth/login", { body: { email, password }, headers: agent("Phone/1") })
    ).body.token as string;
    const laptop = (
      await post(t, "/auth/login", { body: { email, password }, headers: agent("Laptop/2") })
    ).body.token as string;
    const list = await get(t, "/auth/me/sessions", { token: laptop });
    expectOk(list);
    expect(list.body.data).toHaveLength(2);
    const byAgent = Object.fromEntries(
      list.body.data.map((s: { user_agent: string }) => [s.user_agent, s]),
    );
    expect(byAgent["Laptop/2"]).toMatchObject({ current: true });
    expect(byAgent["Phone/1"]).toMatchObject({ current: false });
    expect(byAgent["Phone/1"].created_at).toEqual(expect.any(String));
    expect(byAgent["Phone/1"].last_used_at).toEqual(expect.any(String));
    expect(JSON.stringify(list.body.data)).not.toContain("token");

    const out = await post(t, "/auth/me/sessions/sign-out-others", { token: laptop });
    expectOk(out);
    expect(out.body.data).toEqual({ sessions: 1 });
    expect((await get(t, "/auth/me", { token: phone })).status).toBe(401);
    const after = await get(t, "/auth/me/sessions", { token: laptop });
    expect(after.body.data).toHaveLength(1);
  });

  it("a user cannot make the site mail an address without end: 429 past the e-mail change limit", async () => {
    const asker = await createAccount(t, "author");
    const victim = `victim-${asker.id}@example.test`;
    const ask = (who: typeof asker) =>
      post(t, "/auth/me/email", {
        token: who.token,
        body: { email: victim, current_password: who.password },
      });
    for (let i = 0; i < 5; i++) expectOk(await ask(asker));
    const refused = await ask(asker);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many e-mail address changes asked for\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user asking for the same address is refused too: the address is counted.
    expect((await ask(await createAccount(t, "author"))).status).toBe(429);
    // The link (each request replaced the one before) went to the address typed.
    const mails = await deliver(t, smtp);
    expect(mails.map((m) => m.envelope.to)).toEqual([[victim]]);
  });

  it("a session past its idle limit is neither listed nor counted as signed out", async () => {
    const { email, password, user } = await createUser(t, { role: "author" });
    const signIn = async (name: string) =>
      (await post(t, "/auth/login", { body: { email, password }, headers: agent(name) })).body
        .token as string;
    await signIn("Forgotten/1");
    const desk = await signIn("Desk/2");
    // The first sign-in was last used 40 hours ago: past SESSION_IDLE_HOURS (12 here).
    const long = new Date(Date.now() - 40 * 3_600_000).toISOString();
    await t.db
      .updateTable("sessions")
      .set({ last_used_at: long })
      .where("user_id", "=", user.id)
      .where("user_agent", "=", "Forgotten/1")
      .execute();
    const list = await get(t, "/auth/me/sessions", { token: desk });
    expect(list.body.data.map((s: { user_agent: string }) => s.user_agent)).toEqual(["Desk/2"]);
    const out = await post(t, "/auth/me/sessions/sign-out-others", { token: desk });
    expect(out.body.data).toEqual({ sessions: 0 });
  });

  it("changes the e-mail only through the link sent to the new address, once", async () => {
    const { email, password, user } = await createUser(t, { role: "editor", first_name: "Eli" });
    const token = await login(t, email, password);
    const newEmail = `new-${user.id}@example.org`;
    expectError(
      await post(t, "/auth/me/email", {
        token,
        body: { email: newEmail, current_password: "wrong-password" },
      }),
      400,
      PROFILE_TEXTS.wrongPassword,
    );
    const asked = await post(t, "/auth/me/email", {
      token,
      body: { email: newEmail, current_password: password },
    });
    expectOk(asked);
    expect(asked.body.message).toBe(PROFILE_TEXTS.emailSent(newEmail));
    // Nothing changes before the link is opened.
    expect((await get(t, "/auth/me", { token })).body.data.email).toBe(email);

    const mails = await deliver(t, smtp);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [(typeof mails)[number]];
    expect(mail.envelope.to).toEqual([newEmail]);
    expect(mail.parsed.subject).toContain("Confirm your new e-mail address");
    expect(mail.parsed.text).toContain(`to ${newEmail}`);
    const link = linkIn(mail, "/confirm-email");

    const confirmed = await post(t, "/auth/confirm-email", { body: { token: link.token } });
    expectOk(confirmed);
    expect(confirmed.body.data).toEqual({ email: newEmail });
    expect((await get(t, "/auth/me", { token })).body.data.email).toBe(newEmail);
    // The old address is told.
    const told = await deliver(t, smtp);
    expect(told.map((m) => m.envelope.to)).toEqual([[email]]);
    expect(told[0]!.parsed.subject).toContain("Your e-mail address was changed");
    await login(t, newEmail, password);
    expectError(
      await post(t, "/auth/confirm-email", { body: { token: link.token } }),
      400,
      PROFILE_TEXTS.invalidEmailLink,
    );
  });

  it("the e-mail link expires after 24 hours; a taken address is refused", async () => {
    const me = await createAccount(t, "author");
    const other = await createUser(t);
    expectError(
      await post(t, "/auth/me/email", {
        token: me.token,
        body: { email: other.email, current_password: me.password },
      }),
      409,
      "Email already exists",
    );
    expectOk(
      await post(t, "/auth/me/email", {
        token: me.token,
        body: { email: `late-${me.id}@example.org`, current_password: me.password },
      }),
    );
    const link = linkIn((await deliver(t, smtp))[0]!, "/confirm-email");
    clock.offset += 24 * HOUR + 1000;
    try {
      expectError(
        await post(t, "/auth/confirm-email", { body: { token: link.token } }),
        400,
        PROFILE_TEXTS.invalidEmailLink,
      );
    } finally {
      clock.offset -= 24 * HOUR + 1000;
    }
  });

  it("an export carries the avatar but no one-time link", async () => {
    const me = await createAccount(t, "editor");
    expectOk(
      await post(t, "/auth/me/profile", {
        token: me.token,
        body: { avatar_url: "/uploads/exported-avatar.webp" },
      }),
    );
    expectOk(
      await post(t, "/auth/me/email", {
        token: me.token,
        body: { email: `exported-${me.id}@example.org`, current_password: me.password },
      }),
    );
    const doc = await readExportDocument(t.db, TEST_DB);
    expect(doc.users.find((u) => u.id === me.id)?.avatar_url).toBe("/uploads/exported-avatar.webp");
    // (The audit log records the request, with the address asked for: that is history, not a link.)
    const { auditLog, ...rest } = doc;
    expect(
      auditLog.filter(
        (entry) => entry.action === "email_change_requested" && entry.entity_id === String(me.id),
      ),
    ).toHaveLength(1);
    const text = JSON.stringify(rest);
    expect(text).not.toMatch(/token_hash|email_change|new_email/);
    expect(text).not.toContain(`exported-${me.id}@example.org`);
  });
});
