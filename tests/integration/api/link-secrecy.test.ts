import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import { migrateDownTo, migrateToLatest } from "#server/db/migrate.ts";
import { backup } from "#server/maintenance/backup.ts";
import {
  type Account,
  createAccount,
  createUser,
  expectError,
  expectOk,
  get,
  login,
  post,
  unique,
} from "#tests/factories/index.ts";
import { clockedEnv, deliver, linkIn, PUBLIC_URL } from "#tests/setup/mail-links.ts";
import { type SmtpCatcher, startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const PASSWORD = "Granite-Harbour-47";
const NOT_SENT =
  "The link in this mail was used, replaced or has expired (or the server's secret key changed since it was queued); not sent.";

/** The kinds of one-time link: where its mail points and which call uses its token. */
const LINKS = {
  password_reset: { page: "/reset-password", call: "/auth/reset-password" },
  invitation: { page: "/accept-invite", call: "/auth/accept-invite" },
  email_change: { page: "/confirm-email", call: "/auth/confirm-email" },
} as const;
type Kind = keyof typeof LINKS;

/** Every string in `value` that could be a token (base64url-ish runs of 16+ characters). */
function tokenLike(value: unknown): string[] {
  return [...new Set(JSON.stringify(value).match(/[A-Za-z0-9_-]{16,}/g) ?? [])];
}

/** Uses `token` with the call of this kind of link; answers the status. */
async function tryToken(t: TestApp, kind: Kind, token: string): Promise<number> {
  const body = kind === "email_change" ? { token } : { token, password: PASSWORD };
  return (await post(t, LINKS[kind].call, { body })).status;
}

describe("one-time links are never stored in a usable form", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(
      clockedEnv(smtp, { PASSWORD_RESET_RATE_LIMIT: "off", SET_PASSWORD_RATE_LIMIT: "off" }),
    );
    admin = await createAccount(t, "admin");
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.mails.length = 0;
  });

  /** Makes a mail of this kind; answers its outbox row's id and the address it goes to. */
  async function queue(kind: Kind): Promise<{ id: number; to: string }> {
    if (kind === "password_reset") {
      const { email } = await createUser(t);
      expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
    } else if (kind === "invitation") {
      const username = unique("inv").replace(/-/g, "_");
      const invited = await post(t, "/users/invite", {
        token: admin.token,
        body: {
          username,
          email: `${username}@example.com`,
          first_name: "Ivo",
          last_name: "Invited",
          role: "author",
        },
      });
      expectOk(invited, 201);
    } else {
      const me = await createAccount(t, "editor");
      expectOk(
        await post(t, "/auth/me/email", {
          token: me.token,
          body: { email: `moved-${me.id}@example.org`, current_password: me.password },
        }),
      );
    }
    const row = await t.db
      .selectFrom("mail_outbox")
      .select(["id", "to"])
      .where("kind", "=", kind)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row;
  }

  const row = (id: number) =>
    t.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  for (const kind of Object.keys(LINKS) as Kind[]) {
    it(`${kind}: the outbox and its API show the link hidden; only the mail sent holds a working one`, async () => {
      const { id, to } = await queue(kind);
      const hidden = `${PUBLIC_URL}${LINKS[kind].page}?token=(hidden)`;

      // The stored mail and what admins read show the link, hidden.
      const stored = await row(id);
      expect(stored.text).toContain(hidden);
      expect(stored.html).toContain(`href="${hidden}"`);
      const listed = await get(t, "/mail/outbox?limit=200", { token: admin.token });
      expectOk(listed);
      const shown = listed.body.data.mails.find((mail: { id: number }) => mail.id === id);
      expect(shown.text).toContain(hidden);

      // Nothing in the row or the API's answer works as the link's token.
      const candidates = tokenLike([stored, shown]);
      expect(candidates.length).toBeGreaterThan(0);
      for (const candidate of candidates) {
        expect(await tryToken(t, kind, candidate), candidate).toBe(400);
      }

      // The mail that arrives has the working link; the row then keeps no secret.
      const mails = await deliver(t, smtp);
      expect(mails.map((mail) => mail.envelope.to)).toEqual([[to]]);
      const { token } = linkIn(mails[0]!, LINKS[kind].page);
      const sent = await row(id);
      expect(sent).toMatchObject({ status: "sent", link_nonce: null });
      for (const candidate of tokenLike(sent)) {
        expect(await tryToken(t, kind, candidate), candidate).toBe(400);
      }
      expect(await tryToken(t, kind, token)).toBe(200);
      // (A confirmed e-mail change tells the old address: that mail goes now.)
      await deliver(t, smtp);
    });
  }

  it("a mail whose link was replaced before it went out is not sent, and keeps no secret", async () => {
    const { email, password } = await createUser(t);
    expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
    expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
    const [first, second] = await t.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to", "=", email)
      .orderBy("id")
      .execute();

    const mails = await deliver(t, smtp);
    expect(mails).toHaveLength(1);
    expect(await row(first!.id)).toMatchObject({
      status: "failed",
      last_error: NOT_SENT,
      link_nonce: null,
    });
    expect(await row(second!.id)).toMatchObject({ status: "sent", link_nonce: null });
    // The one that was sent works.
    const { token } = linkIn(mails[0]!, "/reset-password");
    expectOk(await post(t, "/auth/reset-password", { body: { token, password: PASSWORD } }));
    await expect(login(t, email, password)).rejects.toThrow();
  });

  it("a mail whose link was used or expired before it went out is not sent", async () => {
    const { user } = await createUser(t);
    const { email } = user;
    expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
    // The link ends (here: it is marked used) before the sender gets to the mail.
    await t.db
      .updateTable("account_tokens")
      .set({ used_at: new Date().toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await deliver(t, smtp)).toHaveLength(0);
    const [mail] = await t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to", "=", email)
      .execute();
    expect(mail).toMatchObject({ status: "failed", last_error: NOT_SENT, link_nonce: null });
  });

  it("the hidden link, copied from the outbox, is refused like any dead link", async () => {
    expectError(
      await post(t, "/auth/reset-password", { body: { token: "(hidden)", password: PASSWORD } }),
      400,
      PASSWORD_RESET_TEXTS.invalidLink,
    );
    expectError(
      await post(t, "/auth/accept-invite", { body: { token: "(hidden)", password: PASSWORD } }),
      400,
      INVITATION_TEXTS.invalidLink,
    );
    expectError(
      await post(t, "/auth/confirm-email", { body: { token: "(hidden)" } }),
      400,
      PROFILE_TEXTS.invalidEmailLink,
    );
  });
});

describe("links mailed before the upgrade that hides them", () => {
  it("are hidden in the outbox, not sent when still queued, and no longer work", async () => {
    const smtp = await startSmtpCatcher();
    const t = await createTestApp(clockedEnv(smtp));
    try {
      const { user, email } = await createUser(t);
      // The site as it was before the migrations that hide and bind links…
      await migrateDownTo(t.db, "2026_11_23_0007_create_account_tokens");
      // …with a live token in account_tokens and in plain text in the outbox.
      const token = generateToken();
      const now = new Date();
      await t.db
        .insertInto("account_tokens")
        .values({
          user_id: user.id,
          purpose: "password_reset",
          token_hash: hashToken(token),
          new_email: null,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
          used_at: null,
        })
        .execute();
      const link = `${PUBLIC_URL}/reset-password?token=${token}`;
      for (const status of ["sent", "queued"] as const) {
        await t.db
          .insertInto("mail_outbox")
          .values({
            created_at: now.toISOString(),
            to: email,
            subject: "Reset your password",
            text: `Choose a new password: ${link}`,
            html: `<a href="${link}">${link}</a>`,
            kind: "password_reset",
            status,
            attempts: status === "sent" ? 1 : 0,
            next_attempt_at: now.toISOString(),
          })
          .execute();
      }
      // The upgrade.
      await migrateToLatest(t.db);

      const rows = await t.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to", "=", email)
        .orderBy("id")
        .execute();
      const hidden = `${PUBLIC_URL}/reset-password?token=(hidden)`;
      for (const row of rows) {
        expect(row.text).toBe(`Choose a new password: ${hidden}`);
        expect(row.html).toBe(`<a href="${hidden}">${hidden}</a>`);
      }
      expect(rows.map((row) => row.status)).toEqual(["sent", "failed"]);
      expect(await deliver(t, smtp)).toHaveLength(0);
      expectError(
        await post(t, "/auth/reset-password", { body: { token, password: PASSWORD } }),
        400,
        PASSWORD_RESET_TEXTS.invalidLink,
      );
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe("the secret behind the links", () => {
  it("is made once in DATA_DIR/secret.key (0600), kept across restarts, and never in a backup", async () => {
    const smtp = await startSmtpCatcher();
    const { env } = clockedEnv(smtp);
    let t = await createTestApp({ env });
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-secret-"));
    try {
      const file = path.join(t.dataDir, "secret.key");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(file, "utf8");
      expect(key.trim().length).toBeGreaterThanOrEqual(32);

      // Queued before a restart, sent after it: the same secret rebuilds the link.
      const { email } = await createUser(t);
      expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
      await t.close({ keep: true });
      t = await createTestApp({ env, reuse: { dataDir: t.dataDir, schema: t.schema } });
      expect(fs.readFileSync(file, "utf8")).toBe(key);
      const [mail] = await deliver(t, smtp);
      const { token } = linkIn(mail!, "/reset-password");
      expectOk(await post(t, "/auth/reset-password", { body: { token, password: PASSWORD } }));

      // A backup holds the database and the uploads, never the key.
      const archive = path.join(scratch, "site.tar.gz");
      await backup(t.config, { file: archive, schema: t.schema });
      const names: string[] = [];
      await tar.t({ file: archive, onReadEntry: (entry) => names.push(entry.path) });
      expect(names.some((name) => name.startsWith("database/"))).toBe(true);
      expect(names.filter((name) => /secret/i.test(name))).toEqual([]);
      const archived = fs.readFileSync(archive);
      expect(archived.includes(Buffer.from(key.trim()))).toBe(false);
    } finally {
      await t.close();
      await smtp.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("SECRET_KEY is used instead; a mail queued under another secret is not sent", async () => {
    const smtp = await startSmtpCatcher();
    const first = clockedEnv(smtp, { SECRET_KEY: "a".repeat(40) });
    let t = await createTestApp(first);
    try {
      expect(fs.existsSync(path.join(t.dataDir, "secret.key"))).toBe(false);
      const { email } = await createUser(t);
      expectOk(await post(t, "/auth/forgot-password", { body: { email } }));
      await t.close({ keep: true });
      t = await createTestApp({
        ...clockedEnv(smtp, { SECRET_KEY: "b".repeat(40) }),
        reuse: { dataDir: t.dataDir, schema: t.schema },
      });
      expect(await deliver(t, smtp)).toHaveLength(0);
      const [mail] = await t.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to", "=", email)
        .execute();
      expect(mail).toMatchObject({ status: "failed", last_error: NOT_SENT, link_nonce: null });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
