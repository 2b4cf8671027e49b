import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { insertUser } from "../../server/modules/users/users.repository.ts";
import { createTestApp, type TestApp } from "../setup/test-app.ts";

describe("sign-in throttling", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(
      t.db,
      {
        username: "guarded",
        email: "guarded@example.com",
        first_name: "Guarded",
        last_name: "User",
        role: "editor",
        status: "active",
        password_hash: await hashPassword("right-password"),
      },
      new Date().toISOString(),
    );
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    t.json("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });

  it("refuses an address for a while after 10 failed attempts, even with the right password", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login("guarded@example.com", `wrong-${i}`)).status).toBe(401);
    }
    const locked = await login("guarded@example.com", "right-password");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
    // Other addresses are not affected.
    expect((await login("someone@example.com", "x")).status).toBe(401);
  });

  it("a successful sign-in clears earlier failures", async () => {
    await insertUser(
      t.db,
      {
        username: "forgetful",
        email: "forgetful@example.com",
        first_name: "Forgetful",
        last_name: "User",
        role: "author",
        status: "active",
        password_hash: await hashPassword("right-password"),
      },
      new Date().toISOString(),
    );
    for (let i = 0; i < 9; i++) await login("forgetful@example.com", "wrong");
    expect((await login("forgetful@example.com", "right-password")).status).toBe(200);
    for (let i = 0; i < 9; i++) await login("forgetful@example.com", "wrong");
    expect((await login("forgetful@example.com", "right-password")).status).toBe(200);
  });
});
