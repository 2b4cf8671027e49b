import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/passwords.ts";
import { insertUser } from "#server/modules/users/users.repository.ts";
import {
  createAccount,
  expectError,
  expectOk,
  get,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const CONTACT_OK = "Your message has been sent successfully! We'll get back to you soon.";
const REGISTERED = "Registration successful! Your account is awaiting approval.";

let clients = 0;
/** A fresh client address, so tests do not share a client's counts. */
const newClient = () => {
  clients += 1;
  return `192.0.2.${clients}`;
};
const from = (client: string) => ({ "x-forwarded-for": client });

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Ann",
  email: "ann@example.com",
  subject: unique("subject"),
  message: "Hello there",
  ...overrides,
});

const registration = (overrides: Record<string, unknown> = {}) => {
  const username = unique("reg").replace(/-/g, "_");
  return {
    username,
    email: `${username}@example.com`,
    password: "Quiet-Lake-73",
    first_name: "Reg",
    last_name: "Istered",
    ...overrides,
  };
};

describe("anonymous endpoints: per-client limits and honeypots", () => {
  let t: TestApp;
  // The clock stands still unless a test moves it.
  let time = Date.parse("2026-06-01T10:00:00Z");
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" }, now: () => new Date(time) });
  });
  afterAll(() => t.close());

  const storedMessages = async (subject: string) =>
    (
      await t.db
        .selectFrom("contact_messages")
        .select("id")
        .where("subject", "=", subject)
        .execute()
    ).length;
  const userNamed = (username: string) =>
    t.db
      .selectFrom("users")
      .select(["id", "status", "awaiting_approval_since"])
      .where("username", "=", username)
      .executeTakeFirst();

  describe("contact", () => {
    it("takes 5 messages from one address in 10 minutes, then 429 with Retry-After; others go on", async () => {
      const client = newClient();
      const subject = unique("limited");
      for (let i = 0; i < 5; i++) {
        expectOk(
          await post(t, "/contact", { body: message({ subject }), headers: from(client) }),
          201,
        );
      }
      const refused = await post(t, "/contact", {
        body: message({ subject }),
        headers: from(client),
      });
      expectError(
        refused,
        429,
        "Too many messages from your address. Please try again in 10 minutes.",
      );
      expect(refused.response.headers.get("retry-after")).toBe("600");
      expect(await storedMessages(subject)).toBe(5);
      // Another address is not affected.
      expectOk(
        await post(t, "/contact", { body: message({ subject }), headers: from(newClient()) }),
        201,
      );
      // Ten minutes later the address may write again.
      time += 10 * 60_000;
      expectOk(
        await post(t, "/contact", { body: message({ subject }), headers: from(client) }),
        201,
      );
    });

    it("a filled honeypot is answered like a stored message, and nothing is stored or counted", async () => {
      const client = newClient();
      const subject = unique("robot");
      for (let i = 0; i < 7; i++) {
        const result = await post(t, "/contact", {
          body: message({ subject, website: "http://spam.example" }),
          headers: from(client),
        });
        expectOk(result, 201);
        expect(result.body).toEqual({
          success: true,
          data: { id: expect.any(Number) },
          message: CONTACT_OK,
        });
      }
      expect(await storedMessages(subject)).toBe(0);
      // An empty honeypot is a person: stored.
      expectOk(
        await post(t, "/contact", {
          body: message({ subject, website: "" }),
          headers: from(client),
        }),
        201,
      );
      expect(await storedMessages(subject)).toBe(1);
    });

    it("the page's form (no JavaScript) has the honeypot, keeps the limit and shows its message", async () => {
      const client = newClient();
      const subject = unique("page");
      const page = await (await t.request("/contact")).text();
      expect(page).toMatch(
        /<div aria-hidden="true" class="[^"]*-left-\[9999px\][^"]*"><label for="website-field">Leave this field empty<\/label><input id="website-field" type="text" tabindex="-1" autocomplete="off" name="website"/i,
      );
      const send = (values: Record<string, string>) =>
        t.request("/contact", {
          method: "POST",
          headers: from(client),
          body: new URLSearchParams(values),
        });
      const values = { name: "Ann", email: "ann@example.com", subject, message: "Hi" };
      const robot = await send({ ...values, website: "filled" });
      expect(robot.status).toBe(200);
      expect(await robot.text()).toContain("Your message has been sent successfully!");
      expect(await storedMessages(subject)).toBe(0);
      for (let i = 0; i < 5; i++) {
        expect((await send({ ...values, website: "" })).status).toBe(200);
      }
      const refused = await send({ ...values, website: "" });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(await refused.text()).toContain(
        "Too many messages from your address. Please try again in 10 minutes.",
      );
      expect(await storedMessages(subject)).toBe(5);
    });
  });

  describe("register", () => {
    it("takes 5 registrations from one address in an hour, then 429 with Retry-After", async () => {
      const client = newClient();
      for (let i = 0; i < 5; i++) {
        expectOk(
          await post(t, "/auth/register", { body: registration(), headers: from(client) }),
          201,
        );
      }
      const body = registration();
      const refused = await post(t, "/auth/register", { body, headers: from(client) });
      expectError(
        refused,
        429,
        "Too many registrations from your address. Please try again in 60 minutes.",
      );
      expect(refused.response.headers.get("retry-after")).toBe("3600");
      expect(await userNamed(body.username)).toBeUndefined();
      expectOk(await post(t, "/auth/register", { body, headers: from(newClient()) }), 201);
    });

    it("a filled honeypot gets the same answer as a real registration, and no account", async () => {
      const client = newClient();
      const real = registration();
      const robot = registration({ website: "http://spam.example" });
      const a = await post(t, "/auth/register", { body: real, headers: from(client) });
      const b = await post(t, "/auth/register", { body: robot, headers: from(client) });
      expect(b.status).toBe(a.status);
      expect(b.body.message).toBe(REGISTERED);
      expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
      expect(Object.keys(b.body.data).sort()).toEqual(Object.keys(a.body.data).sort());
      expect(await userNamed(real.username)).toBeDefined();
      expect(await userNamed(robot.username)).toBeUndefined();
    });
  });

  describe("sign-in", () => {
    it("a filled honeypot is a wrong password, even with the right one", async () => {
      const email = `${unique("hp")}@example.com`;
      await insertUser(
        t.db,
        {
          username: unique("hp").replace(/-/g, "_"),
          email,
          first_name: "H",
          last_name: "P",
          role: "editor",
          status: "active",
          password_hash: await hashPassword("Right-password-1"),
        },
        new Date(time).toISOString(),
      );
      const client = newClient();
      const robot = await post(t, "/auth/login", {
        body: { email, password: "Right-password-1", website: "x" },
        headers: from(client),
      });
      expectError(robot, 401, "Invalid email or password");
      expect(robot.body.token).toBeUndefined();
      const person = await post(t, "/auth/login", {
        body: { email, password: "Right-password-1", website: "" },
        headers: from(client),
      });
      expectOk(person);
    });
  });

  describe("registrations nobody approved", () => {
    it("are deleted after 30 days; approved, admin-made and deactivated accounts stay", async () => {
      // Earlier tests' registrations out of the way first.
      time += 31 * 86_400_000;
      await t.services.registrations.purge();
      const admin = await createAccount(t, "admin");
      const client = newClient();
      const register = async () => {
        const body = registration();
        expectOk(await post(t, "/auth/register", { body, headers: from(client) }), 201);
        return (await userNamed(body.username))!;
      };
      const old = await register();
      expect(old.awaiting_approval_since).not.toBeNull();
      const approvedThenDeactivated = await register();
      expectOk(
        await put(t, `/users/${approvedThenDeactivated.id}`, {
          token: admin.token,
          body: { status: "active" },
        }),
      );
      expectOk(
        await put(t, `/users/${approvedThenDeactivated.id}`, {
          token: admin.token,
          body: { status: "inactive" },
        }),
      );
      const bulkApproved = await register();
      expectOk(
        await post(t, "/users/bulk", {
          token: admin.token,
          body: { action: "activate", ids: [bulkApproved.id] },
        }),
      );
      const made = await post(t, "/users", {
        token: admin.token,
        body: {
          username: unique("made").replace(/-/g, "_"),
          email: `${unique("made")}@example.com`,
          first_name: "Made",
          last_name: "Inactive",
          password: "Quiet-Lake-73",
          status: "inactive",
        },
      });
      expectOk(made, 201);

      time += 29 * 86_400_000;
      const recent = await register();
      expect(await t.services.registrations.purge()).toBe(0);

      time += 2 * 86_400_000;
      expect(await t.services.registrations.purge()).toBe(1);
      const ids = (await t.db.selectFrom("users").select("id").execute()).map((r) => r.id);
      expect(ids).not.toContain(old.id);
      for (const kept of [
        approvedThenDeactivated.id,
        bulkApproved.id,
        made.body.data.id,
        recent.id,
      ]) {
        expect(ids).toContain(kept);
      }
      // The audit log says who went, and why (read by an admin signed in now: a month went by).
      const auditor = await createAccount(t, "admin");
      const log = await get(t, "/audit-log?entity_type=user&action=deleted&limit=200", {
        token: auditor.token,
      });
      const entry = log.body.data.entries.find((e: any) => e.entity_id === String(old.id));
      expect(entry).toMatchObject({
        actor_name: "System",
        actor_id: null,
        details: { unapproved_days: 30 },
      });
    });

    it("the purge runs at start and on a timer until stopped", async () => {
      time += 31 * 86_400_000;
      await t.services.registrations.purge();
      const body = registration();
      expectOk(await post(t, "/auth/register", { body, headers: from(newClient()) }), 201);
      time += 31 * 86_400_000;
      const purge = t.services.registrations;
      expect(await purge.start(60_000)).toBe(1);
      expect(purge.running()).toBe(true);
      expect(await userNamed(body.username)).toBeUndefined();
      purge.stop();
      expect(purge.running()).toBe(false);
    });
  });
});
