import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import {
  type Account,
  createAccount,
  expectError,
  expectOk,
  get,
  login,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { clockedEnv, deliver, linkIn } from "#tests/setup/mail-links.ts";
import { commandEnv, NODE, runCommand } from "#tests/setup/server-process.ts";
import { type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const NEW_PASSWORD = "Harbour-Lantern-63";

describe("the life of one-time links", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(
      clockedEnv(smtp, { PASSWORD_RESET_RATE_LIMIT: "off", SET_PASSWORD_RATE_LIMIT: "off" }),
    );
    admin = await createAccount(t, "admin");
    expectOk(
      await put(t, "/settings/general", {
        token: admin.token,
        body: { siteTitle: "Acme Works", contactEmail: "security@acme.test" },
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

  /**
   * The reproduction: someone with the owner's password and a session
   * of their own asks to move the account to their address, and receives the
   * confirmation link. Answers the owner, the thief's session and the link.
   */
  async function thiefAsksForEmailChange() {
    const owner = await createAccount(t, "editor");
    const thief = await login(t, owner.email, owner.password);
    const thiefAddress = `thief-${owner.id}@evil.test`;
    expectOk(
      await post(t, "/auth/me/email", {
        token: thief,
        body: { email: thiefAddress, current_password: owner.password },
      }),
    );
    const [mail] = await deliver(t, smtp);
    expect(mail!.envelope.to).toEqual([thiefAddress]);
    return { owner, thief, link: linkIn(mail!, "/confirm-email").token };
  }

  /** The thief's link is refused, and the account keeps the owner's address. */
  async function expectTakeoverRefused(owner: Account, link: string) {
    expectError(
      await post(t, "/auth/confirm-email", { body: { token: link } }),
      400,
      PROFILE_TEXTS.invalidEmailLink,
    );
    const user = await t.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(owner.email);
  }

  /** A reset link for the account, as mailed. */
  async function resetLink(email: string): Promise<string> {
    expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
    const [mail] = await deliver(t, smtp);
    return linkIn(mail!, "/reset-password").token;
  }

  it("the owner's new password (profile) ends the thief's pending e-mail change and every other link", async () => {
    const { owner, link } = await thiefAsksForEmailChange();
    const reset = await resetLink(owner.email);
    expectOk(
      await post(t, "/auth/me/password", {
        token: owner.token,
        body: { current_password: owner.password, password: NEW_PASSWORD },
      }),
    );
    await expectTakeoverRefused(owner, link);
    expectError(
      await post(t, "/auth/reset-password", { body: { token: reset, password: "Other-Pier-28" } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );
  });

  it("so does a password set through a reset link", async () => {
    const { owner, link } = await thiefAsksForEmailChange();
    const reset = await resetLink(owner.email);
    const page = async () =>
      (await t.request(`/reset-password?token=${encodeURIComponent(reset)}`)).text();
    expect(await page()).toContain("Set New Password");
    expectOk(
      await post(t, "/auth/reset-password", { body: { token: reset, password: NEW_PASSWORD } }),
    );
    await expectTakeoverRefused(owner, link);
    // Used: its page says so before anyone types a password again.
    const used = await page();
    expect(used).toContain(PASSWORD_RESET_TEXTS.invalidLink);
    expect(used).not.toContain("Set New Password");
  });

  it("so does a password an admin sets", async () => {
    const { owner, link } = await thiefAsksForEmailChange();
    expectOk(
      await put(t, `/users/${owner.id}`, {
        token: admin.token,
        body: { password: NEW_PASSWORD },
      }),
    );
    await expectTakeoverRefused(owner, link);
  });

  it("so does a password set with npm run admin:password", async () => {
    const { owner, link } = await thiefAsksForEmailChange();
    const { code } = await runCommand(
      NODE,
      ["server/cli/admin-password.ts", "--email", owner.email, "--password", NEW_PASSWORD],
      commandEnv(t),
    );
    expect(code).toBe(0);
    await expectTakeoverRefused(owner, link);
  });

  it("'Sign out everywhere' ends the thief's pending e-mail change", async () => {
    const { owner, link } = await thiefAsksForEmailChange();
    expectOk(await post(t, "/auth/logout-all", { token: owner.token }));
    await expectTakeoverRefused(owner, link);
  });

  it("'Sign out of other sessions' ends it too", async () => {
    const { owner, thief, link } = await thiefAsksForEmailChange();
    expectOk(await post(t, "/auth/me/sessions/sign-out-others", { token: owner.token }));
    expect((await get(t, "/auth/me", { token: thief })).status).toBe(401);
    await expectTakeoverRefused(owner, link);
  });

  it("deactivating the account ends the thief's pending e-mail change and its reset links, also after a reactivation", async () => {
    for (const deactivate of ["one", "bulk"] as const) {
      const { owner, link } = await thiefAsksForEmailChange();
      const reset = await resetLink(owner.email);
      const status = (value: "active" | "inactive") =>
        deactivate === "one"
          ? put(t, `/users/${owner.id}`, { token: admin.token, body: { status: value } })
          : post(t, "/users/bulk", {
              token: admin.token,
              body: { action: value === "active" ? "activate" : "deactivate", ids: [owner.id] },
            });
      expectOk(await status("inactive"));
      expectOk(await status("active"));
      await expectTakeoverRefused(owner, link);
      expectError(
        await post(t, "/auth/reset-password", { body: { token: reset, password: NEW_PASSWORD } }),
        400,
        PASSWORD_RESET_TEXTS.invalidLink,
      );
    }
  });

  it("an invitation to a mistyped address stops working once an admin corrects the address", async () => {
    const username = unique("inv").replace(/-/g, "_");
    const typo = `${username}@exmaple.com`;
    const invited = await post(t, "/users/invite", {
      token: admin.token,
      body: { username, email: typo, first_name: "Tia", last_name: "Typo", role: "admin" },
    });
    expectOk(invited, 201);
    const [mail] = await deliver(t, smtp);
    expect(mail!.envelope.to).toEqual([typo]);
    const stranger = linkIn(mail!, "/accept-invite").token;

    const right = `${username}@example.com`;
    expectOk(
      await put(t, `/users/${invited.body.data.id}`, {
        token: admin.token,
        body: { email: right },
      }),
    );
    // The stranger at the mistyped address cannot make themselves an admin.
    expectError(
      await post(t, "/auth/accept-invite", { body: { token: stranger, password: NEW_PASSWORD } }),
      400,
      INVITATION_TEXTS.invalidLink,
    );
    // Nobody owned the mistyped address: it is not told of the change.
    expect(await deliver(t, smtp)).toEqual([]);

    // Sent again, to the right address, the invitation works.
    expectOk(await post(t, `/users/${invited.body.data.id}/invite`, { token: admin.token }));
    const [again] = await deliver(t, smtp);
    expect(again!.envelope.to).toEqual([right]);
    const token = linkIn(again!, "/accept-invite").token;
    // The page of a working link shows the form; of a link that stopped working, says so at once.
    const page = async (linkToken: string) =>
      (await t.request(`/accept-invite?token=${encodeURIComponent(linkToken)}`)).text();
    const working = await page(token);
    expect(working).toContain("Set Password");
    expect(working).not.toContain(INVITATION_TEXTS.invalidLink);
    expectOk(await post(t, "/auth/accept-invite", { body: { token, password: NEW_PASSWORD } }));
    await login(t, right, NEW_PASSWORD);
    for (const stopped of [token, stranger]) {
      const html = await page(stopped);
      expect(html).toContain(INVITATION_TEXTS.invalidLink);
      expect(html).not.toContain("Set Password");
    }
  });

  it("a link works only while the account has the address it was made for", async () => {
    /** The address moves by a way that revokes nothing (here: straight in the database). */
    const move = (id: number) =>
      t.db
        .updateTable("users")
        .set({ email: `elsewhere-${id}@example.com` })
        .where("id", "=", id)
        .execute();
    const owner = await createAccount(t, "author");
    const reset = await resetLink(owner.email);
    await move(owner.id);
    expectError(
      await post(t, "/auth/reset-password", { body: { token: reset, password: NEW_PASSWORD } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );

    // A link mail still queued when the address moves is not sent to the old address.
    const other = await createAccount(t, "author");
    expectOk(await post(t, "/auth/forgot-password", { body: { email: other.email } }));
    await move(other.id);
    expect(await deliver(t, smtp)).toEqual([]);
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select(["status", "link_nonce"])
      .where("to", "=", other.email)
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ status: "failed", link_nonce: null });
  });

  it("the old address is told when the user confirms a new one, and every link ends", async () => {
    const owner = await createAccount(t, "editor", { first_name: "Olga" });
    const reset = await resetLink(owner.email);
    const newEmail = `olga-${owner.id}@new.test`;
    expectOk(
      await post(t, "/auth/me/email", {
        token: owner.token,
        body: { email: newEmail, current_password: owner.password },
      }),
    );
    const link = linkIn((await deliver(t, smtp))[0]!, "/confirm-email").token;
    expectOk(await post(t, "/auth/confirm-email", { body: { token: link } }));

    const [told] = await deliver(t, smtp);
    expect(told!.envelope.to).toEqual([owner.email]);
    expect(told!.parsed.subject).toBe("[Acme Works] Your e-mail address was changed");
    expect(told!.parsed.text).toContain("Hello Olga");
    expect(told!.parsed.text).toContain(`was changed from ${owner.email} to ${newEmail}.`);
    expect(told!.parsed.text).toContain("contact Acme Works at security@acme.test");
    expect(told!.parsed.html).toContain("security@acme.test");
    // The reset link mailed to the old address no longer works.
    expectError(
      await post(t, "/auth/reset-password", { body: { token: reset, password: NEW_PASSWORD } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );
  });

  it("the old address is told when an admin changes it, and its links end", async () => {
    const owner = await createAccount(t, "author", { first_name: "Abel" });
    const reset = await resetLink(owner.email);
    const moved = `abel-${owner.id}@moved.test`;
    expectOk(await put(t, `/users/${owner.id}`, { token: admin.token, body: { email: moved } }));
    const [told] = await deliver(t, smtp);
    expect(told!.envelope.to).toEqual([owner.email]);
    expect(told!.parsed.text).toContain(
      `was changed from ${owner.email} to ${moved} by an administrator.`,
    );
    expectError(
      await post(t, "/auth/reset-password", { body: { token: reset, password: NEW_PASSWORD } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );
    // A change of something else tells nobody.
    expectOk(await put(t, `/users/${owner.id}`, { token: admin.token, body: { last_name: "X" } }));
    expect(await deliver(t, smtp)).toEqual([]);
  });

  it("a deactivated account's e-mail change link is refused", async () => {
    const owner = await createAccount(t, "author");
    const newEmail = `inactive-${owner.id}@new.test`;
    expectOk(
      await post(t, "/auth/me/email", {
        token: owner.token,
        body: { email: newEmail, current_password: owner.password },
      }),
    );
    const link = linkIn((await deliver(t, smtp))[0]!, "/confirm-email").token;
    expectOk(
      await put(t, `/users/${owner.id}`, { token: admin.token, body: { status: "inactive" } }),
    );
    expectError(
      await post(t, "/auth/confirm-email", { body: { token: link } }),
      400,
      PROFILE_TEXTS.invalidEmailLink,
    );
    const user = await t.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(owner.email);
  });
});
