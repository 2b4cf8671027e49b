import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccount,
  expectError,
  expectOk,
  get,
  login,
  post,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("sessions", () => {
  let t: TestApp;
  // The clock sessions are judged by: moved forward instead of sleeping.
  let offset = 0;
  const later = (ms: number) => {
    offset += ms;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(Date.now() + offset) });
  });
  afterAll(() => t?.close());

  const me = (token: string) => get(t, "/auth/me", { token });
  const sessionCount = async (userId: number) =>
    (await t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

  describe("idle expiry (SESSION_IDLE_HOURS, default 12)", () => {
    it("a session used within the idle limit goes on; one left idle longer answers 401 and is gone", async () => {
      const account = await createAccount(t, "editor");
      later(11 * HOUR);
      expectOk(await me(account.token));
      // 11 hours after that use: still within 12 hours of it.
      later(11 * HOUR);
      expectOk(await me(account.token));
      later(12 * HOUR + 60_000);
      expectError(await me(account.token), 401, "Authentication required");
      expect(await sessionCount(account.id)).toBe(0);
    });

    it("an idle session cannot sign out either (it is unknown)", async () => {
      const account = await createAccount(t, "author");
      later(13 * HOUR);
      expectError(await post(t, "/auth/logout", { token: account.token }), 401);
    });
  });

  describe("absolute expiry (SESSION_MAX_DAYS, default 7)", () => {
    it("ends a session 7 days after sign-in however busy it was", async () => {
      const account = await createAccount(t, "admin");
      // Used every 10 hours (never idle) for 6 days and 16 hours, then 6 more.
      for (let i = 0; i < 16; i++) {
        later(10 * HOUR);
        expectOk(await me(account.token));
      }
      later(6 * HOUR);
      expectOk(await me(account.token));
      // 7 days after sign-in, 2 hours after the last use.
      later(2 * HOUR);
      expectError(await me(account.token), 401, "Authentication required");
      expect(await sessionCount(account.id)).toBe(0);
      // Signing in again gives a fresh session.
      expectOk(await me(await login(t, account.email, account.password)));
    });
  });

  describe("configured limits", () => {
    let short: TestApp;
    let shortOffset = 0;
    beforeAll(async () => {
      short = await createTestApp({
        env: { SESSION_IDLE_HOURS: "1", SESSION_MAX_DAYS: "2" },
        now: () => new Date(Date.now() + shortOffset),
      });
    });
    afterAll(() => short?.close());

    it("SESSION_IDLE_HOURS and SESSION_MAX_DAYS set the limits", async () => {
      const idle = await createAccount(short, "editor");
      const busy = await createAccount(short, "editor");
      shortOffset += 50 * 60_000;
      expectOk(await get(short, "/auth/me", { token: idle.token }));
      expectOk(await get(short, "/auth/me", { token: busy.token }));
      shortOffset += 30 * 60_000;
      expectOk(await get(short, "/auth/me", { token: busy.token }));
      shortOffset += 31 * 60_000;
      expectError(await get(short, "/auth/me", { token: idle.token }), 401);
      expectOk(await get(short, "/auth/me", { token: busy.token }));
      for (let i = 0; i < 60; i++) {
        shortOffset += 55 * 60_000;
        const result = await get(short, "/auth/me", { token: busy.token });
        if (shortOffset < 2 * DAY) expectOk(result);
        else {
          expectError(result, 401);
          return;
        }
      }
      throw new Error("the busy session outlived SESSION_MAX_DAYS");
    });

    it("the stored expiry of a session is written from SESSION_MAX_DAYS", async () => {
      const account = await createAccount(short, "author");
      const row = await short.db
        .selectFrom("sessions")
        .select(["created_at", "expires_at"])
        .where("user_id", "=", account.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(2 * DAY);
    });
  });

  describe("POST /auth/logout-all", () => {
    it("ends every session of the caller, this one included, and no one else's", async () => {
      const account = await createAccount(t, "editor");
      const phone = await login(t, account.email, account.password);
      const laptop = await login(t, account.email, account.password);
      const someoneElse = await createAccount(t, "editor");

      const result = await post(t, "/auth/logout-all", { token: account.token });
      expectOk(result);
      expect(result.body.message).toBe("Signed out everywhere");
      expect(result.body.data).toEqual({ sessions: 3 });

      for (const token of [account.token, phone, laptop]) {
        expectError(await me(token), 401, "Authentication required");
      }
      expect(await sessionCount(account.id)).toBe(0);
      expectOk(await me(someoneElse.token));
      // A new sign-in works as before.
      expectOk(await me(await login(t, account.email, account.password)));
    });

    it("is refused without a valid token", async () => {
      expectError(await post(t, "/auth/logout-all"), 401, "Authentication required");
      expectError(await post(t, "/auth/logout-all", { token: "not-a-token" }), 401);
    });

    it("is in the OpenAPI document", async () => {
      const doc = (await get(t, "/openapi.json")).body;
      expect(doc.paths["/auth/logout-all"]?.post).toBeDefined();
    });
  });

  describe("password changes", () => {
    it("changing your own password keeps this session and ends your others", async () => {
      const admin = await createAccount(t, "admin");
      const otherDevice = await login(t, admin.email, admin.password);
      const result = await put(t, `/users/${admin.id}`, {
        token: admin.token,
        body: { password: "A-whole-new-secret-7" },
      });
      expectOk(result);
      expectOk(await me(admin.token));
      expectError(await me(otherDevice), 401, "Authentication required");
      expect(await sessionCount(admin.id)).toBe(1);
    });

    it("an admin changing another user's password ends all of that user's sessions", async () => {
      const admin = await createAccount(t, "admin");
      const editor = await createAccount(t, "editor");
      const editorElsewhere = await login(t, editor.email, editor.password);
      const adminElsewhere = await login(t, admin.email, admin.password);
      expectOk(
        await put(t, `/users/${editor.id}`, {
          token: admin.token,
          body: { password: "A-whole-new-secret-8" },
        }),
      );
      expectError(await me(editor.token), 401);
      expectError(await me(editorElsewhere), 401);
      expect(await sessionCount(editor.id)).toBe(0);
      // The admin's own sessions are untouched.
      expectOk(await me(admin.token));
      expectOk(await me(adminElsewhere));
    });

    it("editing yourself without a password ends no session", async () => {
      const admin = await createAccount(t, "admin");
      const otherDevice = await login(t, admin.email, admin.password);
      expectOk(
        await put(t, `/users/${admin.id}`, { token: admin.token, body: { last_name: "Renamed" } }),
      );
      expectOk(await me(admin.token));
      expectOk(await me(otherDevice));
    });

    it("deactivating a user still ends all of their sessions", async () => {
      const admin = await createAccount(t, "admin");
      const author = await createAccount(t, "author");
      expectOk(
        await put(t, `/users/${author.id}`, { token: admin.token, body: { status: "inactive" } }),
      );
      expectError(await me(author.token), 401);
      expect(await sessionCount(author.id)).toBe(0);
    });
  });
});
