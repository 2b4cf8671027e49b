import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  type ApiResult,
  createAccount,
  del,
  expectError,
  expectOk,
  post,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const LAST_ADMIN = "Cannot delete the last admin user";
const LAST_ACTIVE = "Cannot demote or deactivate the last active admin user";

/**
 * Two admins, the only ones, each removing the other at the same moment:
 * the check and the change run in one transaction, so one request wins and
 * the other is refused with the last-admin message, never both.
 */
describe("the last-admin check holds under concurrency", () => {
  let t: TestApp;
  // Both requests of a round are let into the users service together, once
  // both are past authentication: the race is then inside the service, where
  // the check and the change are, whichever request the machine runs first.
  let arrive: () => Promise<void> = async () => {};
  function barrier() {
    let waiting = 0;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    arrive = async () => {
      waiting += 1;
      if (waiting === 2) open();
      await opened;
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const users = t.services.users as Record<string, unknown>;
    for (const name of ["updateUser", "deleteUser", "bulkUsers"]) {
      const original = users[name] as (...args: unknown[]) => Promise<unknown>;
      users[name] = async (...args: unknown[]) => {
        await arrive();
        return original(...args);
      };
    }
  });
  afterAll(() => t?.close());

  /** Makes every admin there is an editor, so each round starts with exactly two. */
  async function twoAdmins(): Promise<[Account, Account]> {
    arrive = async () => {};
    await t.db.updateTable("users").set({ role: "editor" }).where("role", "=", "admin").execute();
    const admins: [Account, Account] = [
      await createAccount(t, "admin"),
      await createAccount(t, "admin"),
    ];
    barrier();
    return admins;
  }

  async function activeAdmins() {
    return t.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("status", "=", "active")
      .execute();
  }

  function expectOneWins(results: ApiResult[], message: string) {
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok.length, JSON.stringify(results.map((r) => [r.status, r.body]))).toBe(1);
    expect(refused.length).toBe(1);
    expectOk(ok[0]!);
    expectError(refused[0]!, 409, message);
  }

  const ROUNDS = 6;

  it("two admins demoting each other: one stays admin", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoAdmins();
      const results = await Promise.all([
        put(t, `/users/${b.id}`, { token: a.token, body: { role: "editor" } }),
        put(t, `/users/${a.id}`, { token: b.token, body: { role: "editor" } }),
      ]);
      expectOneWins(results, LAST_ACTIVE);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it("two admins deactivating each other: one stays active", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoAdmins();
      const results = await Promise.all([
        put(t, `/users/${b.id}`, { token: a.token, body: { status: "inactive" } }),
        put(t, `/users/${a.id}`, { token: b.token, body: { status: "inactive" } }),
      ]);
      expectOneWins(results, LAST_ACTIVE);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it("two admins deleting each other: one remains", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoAdmins();
      const results = await Promise.all([
        del(t, `/users/${b.id}`, { token: a.token }),
        del(t, `/users/${a.id}`, { token: b.token }),
      ]);
      expectOneWins(results, LAST_ADMIN);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it("bulk deactivate and bulk delete of each other: one admin remains", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoAdmins();
      const deactivate = await Promise.all([
        post(t, "/users/bulk", { token: a.token, body: { action: "deactivate", ids: [b.id] } }),
        post(t, "/users/bulk", { token: b.token, body: { action: "deactivate", ids: [a.id] } }),
      ]);
      expectOneWins(deactivate, LAST_ACTIVE);
      expect(await activeAdmins()).toHaveLength(1);

      const [c, d] = await twoAdmins();
      const remove = await Promise.all([
        post(t, "/users/bulk", { token: c.token, body: { action: "delete", ids: [d.id] } }),
        post(t, "/users/bulk", { token: d.token, body: { action: "delete", ids: [c.id] } }),
      ]);
      expectOneWins(remove, LAST_ADMIN);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it("a demotion racing a deletion: one admin remains", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoAdmins();
      const results = await Promise.all([
        del(t, `/users/${b.id}`, { token: a.token }),
        put(t, `/users/${a.id}`, { token: b.token, body: { role: "author" } }),
      ]);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused, JSON.stringify(results.map((r) => [r.status, r.body]))).toHaveLength(1);
      expect(refused[0]!.status).toBe(409);
      expect([LAST_ADMIN, LAST_ACTIVE]).toContain(refused[0]!.body.message);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });
});
