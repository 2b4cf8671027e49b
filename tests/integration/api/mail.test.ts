import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Accounts,
  createAccounts,
  createUser,
  expectOk,
  get,
  post,
  put,
  SITE_OWNER,
  sendContactMessage,
  unique,
} from "#tests/factories/index.ts";
import { freePort, type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const PUBLIC_URL = "https://www.acme.test";
const MINUTE = 60_000;

type OutboxMail = {
  id: number;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  kind: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
};

/** A test app whose clock the test moves (the sender's retries are judged by it). */
async function mailApp(env: Record<string, string>, { demoMode = false } = {}) {
  const clock = { offset: 0 };
  const t = await createTestApp({
    demoMode,
    env: { PUBLIC_URL, MAIL_FROM: "no-reply@acme.test", ...env },
    now: () => new Date(Date.now() + clock.offset),
  });
  const a = await createAccounts(t);
  const general = await put(t, "/settings/general", {
    token: a.admin.token,
    body: { siteTitle: "Acme Works", contactEmail: "office@acme.test" },
  });
  expectOk(general);
  return { t, a, clock, later: (ms: number) => (clock.offset += ms) };
}

async function outbox(t: TestApp, token: string, query = ""): Promise<OutboxMail[]> {
  const result = await get(t, `/mail/outbox${query}`, { token });
  expectOk(result);
  return result.body.data.mails;
}

function registration() {
  const username = unique("reg").replace(/-/g, "_");
  return {
    username,
    email: `${username}@example.com`,
    password: "Quiet-Lake-73",
    first_name: "Rita",
    last_name: "Register",
  };
}

describe("mail over SMTP", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ t, a } = await mailApp({ SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.mails.length = 0;
  });

  it("mails a contact message to the notification addresses, Reply-To the visitor", async () => {
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { notificationEmails: "sales@acme.test, boss@acme.test" },
      }),
    );
    const sent = await sendContactMessage(t, {
      name: "Vera Visitor",
      email: "vera@example.org",
      subject: "Quote for 12 <widgets>",
      message: "Could you send a quote?\nThanks, Vera",
    });
    expect(await t.services.mailSender.sendDueMails()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    const [{ envelope, parsed }] = smtp.mails as [(typeof smtp.mails)[number]];
    expect(envelope.to.sort()).toEqual(["boss@acme.test", "sales@acme.test"]);
    expect(envelope.from).toBe("no-reply@acme.test");
    expect(parsed.from?.value[0]).toEqual({ name: "Acme Works", address: "no-reply@acme.test" });
    expect(parsed.replyTo?.value[0]?.address).toBe("vera@example.org");
    expect(parsed.subject).toBe(`[Acme Works] New message: ${sent.subject}`);
    expect(parsed.text).toContain("Vera Visitor <vera@example.org>");
    expect(parsed.text).toContain("> Could you send a quote?\n> Thanks, Vera");
    expect(parsed.text).toContain(`${PUBLIC_URL}/admin/messages`);
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/admin/messages"`);
    // The visitor's text is escaped in the HTML version.
    expect(parsed.html).toContain("Quote for 12 &lt;widgets&gt;");
    expect(parsed.html).not.toContain("<widgets>");
    expect(parsed.html).toContain("Acme Works");

    const [listed] = await outbox(t, a.admin.token);
    expect(listed).toMatchObject({
      kind: "contact_notification",
      status: "sent",
      attempts: 1,
      reply_to: "vera@example.org",
      to: "sales@acme.test, boss@acme.test",
      last_error: null,
    });
    expect(listed?.sent_at).toEqual(expect.any(String));
  });

  it("sends contact notifications to the contact e-mail when no notification address is set", async () => {
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { notificationEmails: "" },
      }),
    );
    await sendContactMessage(t, { email: "sam@example.org" });
    expect(await t.services.mailSender.sendDueMails()).toBe(1);
    expect(smtp.mails[0]?.envelope.to).toEqual(["office@acme.test"]);
  });

  it("refuses notification e-mails that are not addresses", async () => {
    const result = await put(t, "/settings/general", {
      token: a.admin.token,
      body: { notificationEmails: "sales@acme.test, not-an-address" },
    });
    expect(result.status).toBe(400);
    expect(result.body.errors.notificationEmails).toBe(
      "Notification emails must be e-mail addresses separated by commas",
    );
  });

  it("tells every active admin of a registration, and the user when it is approved", async () => {
    const inactiveAdmin = await createUser(t, { role: "admin", status: "inactive" });
    const body = registration();
    expect((await post(t, "/auth/register", { body })).status).toBe(201);
    await t.services.mailSender.sendDueMails();
    const admins = await t.db
      .selectFrom("users")
      .select("email")
      .where("role", "=", "admin")
      .where("status", "=", "active")
      .execute();
    const told = smtp.mails.flatMap((m) => m.envelope.to).sort();
    expect(told).toEqual(admins.map((row) => row.email).sort());
    expect(told).not.toContain(inactiveAdmin.email);
    for (const { parsed } of smtp.mails) {
      expect(parsed.subject).toBe(
        "[Acme Works] New registration waiting for approval: Rita Register",
      );
      expect(parsed.text).toContain(`${body.username}`);
      expect(parsed.text).toContain(body.email);
      expect(parsed.text).toContain(`${PUBLIC_URL}/admin/users`);
      expect(parsed.html).toContain(`href="${PUBLIC_URL}/admin/users"`);
    }
    smtp.mails.length = 0;

    const user = await t.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", body.username)
      .executeTakeFirstOrThrow();
    expectOk(
      await put(t, `/users/${user.id}`, { token: a.admin.token, body: { status: "active" } }),
    );
    expect(await t.services.mailSender.sendDueMails()).toBe(1);
    const [{ envelope, parsed }] = smtp.mails as [(typeof smtp.mails)[number]];
    expect(envelope.to).toEqual([body.email]);
    expect(parsed.subject).toBe("[Acme Works] Your account has been approved");
    expect(parsed.text).toContain("Welcome, Rita");
    expect(parsed.text).toContain(`${PUBLIC_URL}/login`);
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/login"`);

    // Approved once: deactivating and activating again mails nothing.
    expectOk(
      await put(t, `/users/${user.id}`, { token: a.admin.token, body: { status: "inactive" } }),
    );
    expectOk(
      await put(t, `/users/${user.id}`, { token: a.admin.token, body: { status: "active" } }),
    );
    expect(await t.services.mailSender.sendDueMails()).toBe(0);
  });

  it("mails the users a bulk activation approves, and nobody else", async () => {
    const first = registration();
    const second = registration();
    expect((await post(t, "/auth/register", { body: first })).status).toBe(201);
    expect((await post(t, "/auth/register", { body: second })).status).toBe(201);
    const madeInactive = await createUser(t, { status: "inactive" });
    await t.services.mailSender.sendDueMails();
    smtp.mails.length = 0;
    const ids = (
      await t.db
        .selectFrom("users")
        .select("id")
        .where("email", "in", [first.email, second.email])
        .execute()
    ).map((row) => row.id);
    expectOk(
      await post(t, "/users/bulk", {
        token: a.admin.token,
        body: { action: "activate", ids: [...ids, madeInactive.user.id] },
      }),
    );
    expect(await t.services.mailSender.sendDueMails()).toBe(2);
    expect(smtp.mails.flatMap((m) => m.envelope.to).sort()).toEqual(
      [first.email, second.email].sort(),
    );
  });

  it("lists the outbox for admins only", async () => {
    expect((await get(t, "/mail/outbox")).status).toBe(401);
    expect((await get(t, "/mail/outbox", { token: a.editor.token })).status).toBe(403);
    expect((await get(t, "/mail/outbox", { token: a.author.token })).status).toBe(403);
    const result = await get(t, "/mail/outbox?status=sent&limit=2", { token: a.admin.token });
    expectOk(result);
    expect(result.body.data.delivering).toBe(true);
    expect(result.body.data.mails).toHaveLength(2);
    expect((await get(t, "/mail/outbox?status=nope", { token: a.admin.token })).status).toBe(400);
  });
});

describe("mail retries", () => {
  it("keeps a refused mail queued, counts the attempts, and delivers it once accepted", async () => {
    const smtp = await startSmtpCatcher();
    const { t, a, later } = await mailApp({ SMTP_URL: smtp.url });
    try {
      smtp.refuse = "Mailbox unavailable";
      await sendContactMessage(t);
      expect(await t.services.mailSender.sendDueMails()).toBe(0);
      let [mail] = await outbox(t, a.admin.token);
      expect(mail).toMatchObject({ status: "queued", attempts: 1 });
      expect(mail?.last_error).toContain("Mailbox unavailable");
      // Not due again yet.
      smtp.refuse = null;
      expect(await t.services.mailSender.sendDueMails()).toBe(0);
      expect(smtp.mails).toHaveLength(0);
      later(MINUTE);
      expect(await t.services.mailSender.sendDueMails()).toBe(1);
      expect(smtp.mails).toHaveLength(1);
      [mail] = await outbox(t, a.admin.token);
      expect(mail).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it("keeps mail while the server is down and delivers it when it is back; gives up after the last retry", async () => {
    const port = await freePort();
    const { t, a, later } = await mailApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    let smtp: SmtpCatcher | undefined;
    try {
      await sendContactMessage(t, { subject: "While down" });
      expect(await t.services.mailSender.sendDueMails()).toBe(0);
      later(MINUTE);
      expect(await t.services.mailSender.sendDueMails()).toBe(0);
      let [mail] = await outbox(t, a.admin.token);
      expect(mail).toMatchObject({ status: "queued", attempts: 2 });
      expect(mail?.last_error).toBeTruthy();

      smtp = await startSmtpCatcher({ port });
      later(5 * MINUTE);
      expect(await t.services.mailSender.sendDueMails()).toBe(1);
      expect(smtp.mails[0]?.parsed.subject).toContain("While down");
      [mail] = await outbox(t, a.admin.token);
      expect(mail).toMatchObject({ status: "sent", attempts: 3 });
      await smtp.close();
      smtp = undefined;

      // Down for good: 1 min, 5 min, 30 min, 2 h, 12 h, then failed.
      await sendContactMessage(t, { subject: "Never delivered" });
      for (const wait of [0, 1, 5, 30, 120, 720]) {
        later(wait * MINUTE);
        expect(await t.services.mailSender.sendDueMails()).toBe(0);
      }
      // (Read through the service: the clock has moved past the admin's session.)
      const latest = async () => (await t.services.mail.listOutbox(SITE_OWNER)).mails[0];
      expect(await latest()).toMatchObject({
        status: "failed",
        attempts: 6,
        next_attempt_at: null,
      });
      later(24 * 60 * MINUTE);
      expect(await t.services.mailSender.sendDueMails()).toBe(0);
      expect((await latest())?.attempts).toBe(6);
    } finally {
      await t.close();
      await smtp?.close();
    }
  });

  it("signs in to a server that requires a password", async () => {
    const smtp = await startSmtpCatcher({ auth: { user: "mailer", pass: "s3cret:pass" } });
    const { t } = await mailApp({ SMTP_URL: smtp.url });
    try {
      await sendContactMessage(t);
      expect(await t.services.mailSender.sendDueMails()).toBe(1);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe("mail without SMTP_URL", () => {
  it("sends nothing and keeps the mails readable in the outbox", async () => {
    const { t, a } = await mailApp({});
    try {
      expect(t.services.mailSender.enabled).toBe(false);
      await sendContactMessage(t, { subject: "Kept for later" });
      expect(await t.services.mailSender.sendDueMails()).toBe(0);
      const result = await get(t, "/mail/outbox", { token: a.admin.token });
      expectOk(result);
      expect(result.body.data.delivering).toBe(false);
      const [mail] = result.body.data.mails as OutboxMail[];
      expect(mail).toMatchObject({
        kind: "contact_notification",
        status: "queued",
        attempts: 0,
        to: "office@acme.test",
      });
      expect(mail?.subject).toContain("Kept for later");
      expect(mail?.text).toContain(`${PUBLIC_URL}/admin/messages`);
    } finally {
      await t.close();
    }
  });
});

describe("mail in demo mode", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  // Seeding the demo content takes a while: in the hook, which may take longer.
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ t } = await mailApp({ SMTP_URL: smtp.url }, { demoMode: true }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("is sent when SMTP_URL is set (and only then: see above)", async () => {
    expect(t.services.mailSender.enabled).toBe(true);
    await sendContactMessage(t, { subject: "From the demo" });
    expect(await t.services.mailSender.sendDueMails()).toBe(1);
    expect(smtp.mails[0]?.parsed.subject).toContain("From the demo");
  });
});

describe("a started sender", () => {
  it("sends a mail as soon as it is queued, not at its next round", async () => {
    const smtp = await startSmtpCatcher();
    const { t } = await mailApp({ SMTP_URL: smtp.url });
    try {
      // The next round is an hour away: only the queued mail itself can wake the sender.
      t.services.mailSender.start(3_600_000);
      expect(t.services.mailSender.running()).toBe(true);
      await sendContactMessage(t, { subject: "Right away" });
      await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 10_000 });
      expect(smtp.mails[0]?.parsed.subject).toContain("Right away");
      await sendContactMessage(t, { subject: "And again" });
      await vi.waitFor(() => expect(smtp.mails).toHaveLength(2), { timeout: 10_000 });
    } finally {
      await t.services.mailSender.stop();
      await t.close();
      await smtp.close();
    }
  });
});
