import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  createAccount,
  createUser,
  DEFAULT_PASSWORD,
  expectError,
  expectFieldError,
  get,
  login,
  post,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const USER_FIELDS = [
  "id",
  "username",
  "email",
  "first_name",
  "last_name",
  "role",
  "status",
  "last_login",
  "created_at",
];

function expectUserObject(user: any) {
  for (const field of USER_FIELDS) expect(user, `user.${field}`).toHaveProperty(field);
  expect(user).not.toHaveProperty("password");
  expect(user).not.toHaveProperty("password_hash");
  expect(JSON.stringify(user)).not.toContain("$argon2");
}

function registration(overrides: Record<string, unknown> = {}) {
  const username = unique("reg").replace(/-/g, "_");
  return {
    username,
    email: `${username}@example.com`,
    password: "Quiet-Lake-73",
    first_name: "Reg",
    last_name: "Istered",
    ...overrides,
  };
}

describe("auth API", () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    // Many registrations from one (in-process) client: the limit has its own tests (anonymous-limits).
    t = await createTestApp({ env: { REGISTER_RATE_LIMIT: "off" } });
    admin = await createAccount(t, "admin");
  });
  afterAll(() => t?.close());

  describe("POST /auth/login", () => {
    it("answers a token and the user, never a password", async () => {
      const result = await post(t, "/auth/login", {
        body: { email: admin.email, password: admin.password },
      });
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      expect(typeof result.body.token).toBe("string");
      expect(result.body.token.length).toBeGreaterThan(10);
      expectUserObject(result.body.data);
      expect(result.body.data).toMatchObject({
        id: admin.id,
        email: admin.email,
        role: "admin",
        status: "active",
      });
    });

    it("accepts the e-mail in any case and with surrounding spaces", async () => {
      const result = await post(t, "/auth/login", {
        body: { email: `  ${admin.email.toUpperCase()} `, password: admin.password },
      });
      expect(result.status).toBe(200);
      expect(result.body.data.id).toBe(admin.id);
    });

    it("gives a fresh token on each login, all of them working", async () => {
      const first = await login(t, admin.email, admin.password);
      const second = await login(t, admin.email, admin.password);
      expect(first).not.toBe(second);
      expect((await get(t, "/auth/me", { token: first })).status).toBe(200);
      expect((await get(t, "/auth/me", { token: second })).status).toBe(200);
    });

    it.each([
      ["no body fields", {}],
      ["no password", { email: "someone@example.com" }],
      ["no email", { password: "whatever1" }],
      ["empty strings", { email: "", password: "" }],
      ["blank email", { email: "   ", password: "whatever1" }],
    ])("refuses %s with 400 Email and password are required", async (_name, body) => {
      const result = await post(t, "/auth/login", { body });
      expectError(result, 400, "Email and password are required");
    });

    it("answers the same 401 for an unknown e-mail and a wrong password", async () => {
      const unknown = await post(t, "/auth/login", {
        body: { email: "nobody@example.com", password: DEFAULT_PASSWORD },
      });
      const wrong = await post(t, "/auth/login", {
        body: { email: admin.email, password: "Wrong-password-1" },
      });
      expectError(unknown, 401, "Invalid email or password");
      expectError(wrong, 401, "Invalid email or password");
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body.token).toBeUndefined();
    });

    it("refuses an inactive account with 403 awaiting approval", async () => {
      const inactive = await createUser(t, { role: "editor", status: "inactive" });
      const result = await post(t, "/auth/login", {
        body: { email: inactive.email, password: inactive.password },
      });
      expectError(result, 403, "Your account is awaiting approval by an administrator.");
      expect(result.body.token).toBeUndefined();
    });

    it("does not reveal inactivity to a wrong password", async () => {
      const inactive = await createUser(t, { role: "author", status: "inactive" });
      const result = await post(t, "/auth/login", {
        body: { email: inactive.email, password: "Not-the-password-9" },
      });
      expectError(result, 401, "Invalid email or password");
    });
  });

  describe("POST /auth/register", () => {
    it("creates an inactive author, answers no token, and the account cannot sign in yet", async () => {
      const body = registration();
      const result = await post(t, "/auth/register", { body });
      expect(result.status).toBe(201);
      expect(result.body.success).toBe(true);
      expect(result.body.message).toBe(
        "Registration successful! Your account is awaiting approval.",
      );
      expect(result.body.token).toBeUndefined();
      expect(result.body.data?.token).toBeUndefined();
      // The account as sent, nothing the server knew before (see the taken e-mail test).
      expect(result.body.data).toEqual({
        username: body.username,
        email: body.email,
        first_name: "Reg",
        last_name: "Istered",
        role: "author",
        status: "inactive",
      });

      const signIn = await post(t, "/auth/login", {
        body: { email: body.email, password: body.password },
      });
      expectError(signIn, 403, "Your account is awaiting approval by an administrator.");

      const row = await t.db
        .selectFrom("users")
        .select(["role", "status", "password_hash"])
        .where("username", "=", body.username)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe("author");
      expect(row.status).toBe("inactive");
      expect(row.password_hash).not.toContain(body.password);
    });

    it("lowercases and trims the e-mail and trims names", async () => {
      const body = registration();
      const result = await post(t, "/auth/register", {
        body: { ...body, email: `  ${body.email.toUpperCase()}  `, first_name: "  Ann  " },
      });
      expect(result.status).toBe(201);
      expect(result.body.data.email).toBe(body.email);
      expect(result.body.data.first_name).toBe("Ann");
    });

    it("cannot choose its own role or status (unknown fields are refused)", async () => {
      const result = await post(t, "/auth/register", {
        body: { ...registration(), role: "admin" },
      });
      expectError(result, 400);
      expect(result.body.errors?.body).toBe("Unknown field: role");
      const status = await post(t, "/auth/register", {
        body: { ...registration(), status: "active" },
      });
      expectFieldError(status, "body", "Unknown field: status");
    });

    it.each([
      ["first_name", { first_name: "" }, "First name is required"],
      ["first_name", { first_name: "   " }, "First name is required"],
      ["last_name", { last_name: "" }, "Last name is required"],
      ["username", { username: "" }, "Username is required"],
      ["username", { username: "ab" }, "Username must be at least 3 characters"],
      ["email", { email: "" }, "Email is required"],
      ["email", { email: "not-an-email" }, "Email is invalid"],
      ["email", { email: "a@b" }, "Email is invalid"],
      ["password", { password: "" }, "Password is required"],
      ["password", { password: "12345" }, "Password must be at least 8 characters"],
      ["password", { password: "Abc-123" }, "Password must be at least 8 characters"],
      [
        "password",
        { password: "password123" },
        "This password is too common. Please choose another.",
      ],
      [
        "password",
        { password: "PassWord123" },
        "This password is too common. Please choose another.",
      ],
      [
        "password",
        { password: "iloveyou1" },
        "This password is too common. Please choose another.",
      ],
    ])("refuses a bad %s: %j → %s", async (field, override, message) => {
      const result = await post(t, "/auth/register", { body: registration(override) });
      expectFieldError(result, field, message);
      expect(result.body.message).toBe(message);
    });

    it("accepts the shortest allowed username and password", async () => {
      const result = await post(t, "/auth/register", {
        body: registration({ username: "abc", password: "x7#kQ2!m" }),
      });
      expect(result.status).toBe(201);
      expect(result.body.data.username).toBe("abc");
    });

    it("names every bad field and leads with the first one's message", async () => {
      const result = await post(t, "/auth/register", { body: {} });
      expectError(result, 400);
      expect(Object.keys(result.body.errors).sort()).toEqual(
        ["email", "first_name", "last_name", "password", "username"].sort(),
      );
      expect(Object.values(result.body.errors)).toContain(result.body.message);
    });

    it("refuses a taken username with 409", async () => {
      const first = registration();
      expect((await post(t, "/auth/register", { body: first })).status).toBe(201);
      const again = await post(t, "/auth/register", {
        body: registration({ username: first.username }),
      });
      expectError(again, 409, "Username already exists");
    });

    it("answers a taken e-mail exactly like a new one, whatever its case, and creates nothing", async () => {
      const countUsers = async () =>
        Number(
          (
            await t.db
              .selectFrom("users")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const first = registration();
      const fresh = await post(t, "/auth/register", { body: first });
      expect(fresh.status).toBe(201);
      const before = await countUsers();
      for (const email of [first.email.toUpperCase(), admin.email]) {
        const body = registration({ email });
        const again = await post(t, "/auth/register", { body });
        expect(again.status).toBe(201);
        // Same keys, same message, same kind of data: the account as sent.
        expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
        expect(again.body.message).toBe(fresh.body.message);
        expect(again.body.data).toEqual({
          username: body.username,
          email: email.toLowerCase(),
          first_name: "Reg",
          last_name: "Istered",
          role: "author",
          status: "inactive",
        });
        const made = await t.db
          .selectFrom("users")
          .select("id")
          .where("username", "=", body.username)
          .executeTakeFirst();
        expect(made).toBeUndefined();
      }
      expect(await countUsers()).toBe(before);
      // The existing account is untouched: its owner still signs in.
      expect(typeof (await login(t, admin.email, admin.password))).toBe("string");
    });

    it("stores nothing when refused", async () => {
      const body = registration({ password: "123" });
      await post(t, "/auth/register", { body });
      const row = await t.db
        .selectFrom("users")
        .select("id")
        .where("username", "=", body.username)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe("GET /auth/me and POST /auth/logout", () => {
    it("answers the signed-in user", async () => {
      const result = await get(t, "/auth/me", { token: admin.token });
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      expectUserObject(result.body.data);
      expect(result.body.data).toMatchObject({ id: admin.id, role: "admin" });
    });

    it("refuses a missing, malformed or unknown token with 401", async () => {
      expectError(await get(t, "/auth/me"), 401, "Authentication required");
      expectError(
        await get(t, "/auth/me", { token: "not-a-real-token" }),
        401,
        "Authentication required",
      );
      expectError(
        await get(t, "/auth/me", { headers: { authorization: "Basic YWRtaW46YWRtaW4=" } }),
        401,
        "Authentication required",
      );
      expectError(
        await get(t, "/auth/me", { headers: { authorization: "Bearer " } }),
        401,
        "Authentication required",
      );
    });

    it("logout ends that token only", async () => {
      const account = await createAccount(t, "editor");
      const other = await login(t, account.email, account.password);
      const result = await post(t, "/auth/logout", { token: account.token });
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      expect(typeof result.body.message).toBe("string");
      expectError(
        await get(t, "/auth/me", { token: account.token }),
        401,
        "Authentication required",
      );
      expect((await get(t, "/auth/me", { token: other })).status).toBe(200);
    });

    it("an expired session is refused with 401", async () => {
      const account = await createAccount(t, "editor");
      expect((await get(t, "/auth/me", { token: account.token })).status).toBe(200);
      await t.db
        .updateTable("sessions")
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where("user_id", "=", account.id)
        .execute();
      expectError(
        await get(t, "/auth/me", { token: account.token }),
        401,
        "Authentication required",
      );
    });

    it("logout without a token is 401", async () => {
      expectError(await post(t, "/auth/logout"), 401, "Authentication required");
    });
  });
});
