import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import {
  type Accounts,
  createAccounts,
  createUser,
  expectError,
  expectOk,
  get,
  login,
  post,
  put,
} from "#tests/factories/index.ts";
import { clockedEnv, deliver, linkIn } from "#tests/setup/mail-links.ts";
import { type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const HOUR = 3_600_000;
const NEW_PASSWORD = "Silver-Orchard-58";

describe("password reset", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let a: Accounts;
  const clock = { offset: 0 };
  let client = 0;
  /** Each request from its own client address, unless told (throttling is per client). */
  const from = (address = `203.0.113.${++client % 250}`) => ({ "x-forwarded-for": address });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const { env } = clockedEnv(smtp, { TRUST_PROXY: "1", PASSWORD_RESET_RATE_LIMIT: "3/1h" });
    t = await createTestApp({ env, now: () => new Date(Date.now() + clock.offset) });
    a = await createAccounts(t);
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { siteTitle: "Acme Works" },
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

  const ask = (email: string, headers = from()) =>
    post(t, "/auth/forgot-password", { body: { email }, headers });

  it("mails a one-time link to an active account", async () => {
    const { email, user } = await createUser(t, { role: "editor", first_name: "Erin" });
    const answer = await ask(email.toUpperCase());
    expectOk(answer);
    expect(answer.body.message).toBe(PASSWORD_RESET_TEXTS.requested);

    const mails = await deliver(t, smtp);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [(typeof mails)[number]];
    expect(mail.envelope.to).toEqual([email]);
    expect(mail.parsed.subject).toBe("[Acme Works] Reset your password");
    expect(mail.parsed.text).toContain("Hello Erin");
    expect(mail.parsed.text).toContain("expires in 1 hour");
    const { token } = linkIn(mail, "/reset-password");
    // Only the hash is stored.
    const stored = await t.db.selectFrom("account_tokens").selectAll().execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    expect(stored.find((row) => row.user_id === user.id)?.purpose).toBe("password_reset");
  });

  it("answers the same for known, unknown and inactive addresses, and mails only the active one", async () => {
    const active = await createUser(t);
    const inactive = await createUser(t, { status: "inactive" });
    const answers = [];
    for (const email of [active.email, "nobody-here@example.com", inactive.email]) {
      const result = await ask(email);
      answers.push({ status: result.status, body: result.body });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const mails = await deliver(t, smtp);
    expect(mails.map((m) => m.envelope.to)).toEqual([[active.email]]);
  });

  it("sets the new password once, ends every session, and the old password stops working", async () => {
    const { email, password } = await createUser(t, { role: "author" });
    const first = await login(t, email, password);
    const second = await login(t, email, password);
    expectOk(await ask(email));
    const { token } = linkIn((await deliver(t, smtp))[0]!, "/reset-password");

    const common = await post(t, "/auth/reset-password", { body: { token, password: "password" } });
    expectError(common, 400);
    const reset = await post(t, "/auth/reset-password", {
      body: { token, password: NEW_PASSWORD },
    });
    expectOk(reset);
    expect(reset.body.message).toBe(PASSWORD_RESET_TEXTS.done);

    for (const session of [first, second]) {
      expect((await get(t, "/auth/me", { token: session })).status).toBe(401);
    }
    expect((await post(t, "/auth/login", { body: { email, password } })).status).toBe(401);
    await login(t, email, NEW_PASSWORD);

    const again = await post(t, "/auth/reset-password", {
      body: { token, password: "Another-Meadow-91" },
    });
    expectError(again, 400, PASSWORD_RESET_TEXTS.invalidLink);
  });

  it("expires the link after one hour", async () => {
    const { email } = await createUser(t);
    expectOk(await ask(email));
    const { token } = linkIn((await deliver(t, smtp))[0]!, "/reset-password");
    clock.offset += HOUR + 1000;
    try {
      const late = await post(t, "/auth/reset-password", {
        body: { token, password: NEW_PASSWORD },
      });
      expectError(late, 400, PASSWORD_RESET_TEXTS.invalidLink);
    } finally {
      clock.offset -= HOUR + 1000;
    }
  });

  it("a second request replaces the first link; an account deactivated since cannot use it", async () => {
    const { email, user } = await createUser(t);
    expectOk(await ask(email));
    const old = linkIn((await deliver(t, smtp))[0]!, "/reset-password").token;
    expectOk(await ask(email));
    const fresh = linkIn((await deliver(t, smtp))[0]!, "/reset-password").token;
    expectError(
      await post(t, "/auth/reset-password", { body: { token: old, password: NEW_PASSWORD } }),
      400,
    );
    expectOk(
      await put(t, `/users/${user.id}`, { token: a.admin.token, body: { status: "inactive" } }),
    );
    expectError(
      await post(t, "/auth/reset-password", { body: { token: fresh, password: NEW_PASSWORD } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );
  });

  it("refuses made-up and malformed tokens", async () => {
    expectError(
      await post(t, "/auth/reset-password", { body: { token: "made-up", password: NEW_PASSWORD } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );
    expect(
      (await post(t, "/auth/reset-password", { body: { password: NEW_PASSWORD } })).status,
    ).toBe(400);
  });

  it("throttles per e-mail address silently, and per client with a 429", async () => {
    const { email } = await createUser(t);
    // Per address: the answer stays the same; past the limit no more mail.
    for (let i = 0; i < 5; i++) {
      const result = await ask(email);
      expectOk(result);
      expect(result.body.message).toBe(PASSWORD_RESET_TEXTS.requested);
    }
    const queued = await t.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to", "=", email)
      .execute();
    expect(queued).toHaveLength(3);
    // Each request replaced the link before: only the newest mail's link works, and is sent.
    expect(await deliver(t, smtp)).toHaveLength(1);

    // Per client: the fourth request from one address is refused, whatever the e-mail.
    const one = from("198.51.100.7");
    for (let i = 0; i < 3; i++) expectOk(await ask(`someone-${i}@example.com`, one));
    const refused = await ask("someone-else@example.com", one);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);

    // An hour later both may ask again.
    clock.offset += HOUR + 1000;
    expectOk(await ask(email, one));
    expect(await deliver(t, smtp)).toHaveLength(1);
  });
});
