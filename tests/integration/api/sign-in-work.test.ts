import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { INVITED_NO_PASSWORD_HASH } from "#server/auth/passwords.ts";
import { NO_PASSWORD_HASH } from "#server/maintenance/transfer-import.ts";
import { insertUser } from "#server/modules/users/users.repository.ts";
import { createUser, expectError, post, unique } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

// Every argon2 verification the server runs, by the hash it checked against.
const verified = vi.hoisted(() => [] as string[]);
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (hashed: string, ...rest: [string]) => {
      verified.push(hashed);
      return real.verify(hashed, ...rest);
    },
  };
});

/** A real argon2id hash with the parameters every stored password gets. */
const REAL_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe("a wrong sign-in costs the same work for every kind of account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    verified.length = 0;
  });

  async function accountWithHash(passwordHash: string): Promise<string> {
    const username = unique("marker").replace(/-/g, "_");
    const email = `${username}@example.com`;
    await insertUser(
      t.db,
      {
        username,
        email,
        first_name: "Marker",
        last_name: "Hash",
        role: "editor",
        status: "active",
        password_hash: passwordHash,
      },
      new Date().toISOString(),
    );
    return email;
  }

  async function failedSignIn(email: string) {
    const result = await post(t, "/auth/login", {
      body: { email, password: "Some-Guess-123" },
    });
    expectError(result, 401, "Invalid email or password");
    return [...verified];
  }

  it("an account with a password: one argon2 verification", async () => {
    const { email } = await createUser(t, { role: "editor" });
    const hashes = await failedSignIn(email);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(REAL_HASH);
  });

  it.each([
    ["an invited account (no password yet)", INVITED_NO_PASSWORD_HASH],
    ["an imported account (exports carry no password)", NO_PASSWORD_HASH],
  ])("%s: one verification against a real argon2 hash", async (_kind, marker) => {
    const hashes = await failedSignIn(await accountWithHash(marker));
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(REAL_HASH);
  });

  it("no account at all: one verification against a real argon2 hash", async () => {
    const hashes = await failedSignIn(`${unique("nobody")}@example.com`);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(REAL_HASH);
  });
});
