import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/passwords.ts";
import { insertUser } from "#server/modules/users/users.repository.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const LOCKED = "Too many failed sign-in attempts. Please try again in 15 minutes.";

let accounts = 0;
async function account(
  t: TestApp,
  password = "right-password",
  status: "active" | "inactive" = "active",
) {
  accounts += 1;
  const email = `guarded-${accounts}@example.com`;
  await insertUser(
    t.db,
    {
      username: `guarded${accounts}`,
      email,
      first_name: "Guarded",
      last_name: "User",
      role: "editor",
      status,
      password_hash: await hashPassword(password),
    },
    new Date().toISOString(),
  );
  return email;
}

let clients = 0;
/** A fresh client address (documentation range), so tests do not share a client's counts. */
const newClient = () => {
  clients += 1;
  return `198.51.100.${clients}`;
};

function signIn(t: TestApp, email: string, password: string, client?: string) {
  return t.json("/api/auth/login", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(client ? { "x-forwarded-for": client } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
}

describe("sign-in throttling (behind one trusted proxy)", () => {
  let t: TestApp;
  // The clock stands still: a window or a wait ends only when a test says so.
  let time = Date.parse("2026-06-01T10:00:00Z");
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" }, now: () => new Date(time) });
  });
  afterAll(() => t.close());

  it("locks an account for unknown clients after 10 failures, even with the right password, with Retry-After", async () => {
    const email = await account(t);
    for (let i = 0; i < 10; i++) {
      // From ten different places: the account's count is shared by unknown clients.
      expect((await signIn(t, email, `wrong-${i}`, newClient())).status).toBe(401);
    }
    const locked = await signIn(t, email, "right-password", newClient());
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, message: LOCKED });
    expect(locked.response.headers.get("retry-after")).toBe("900");
    // Other accounts are not affected.
    expect((await signIn(t, "someone@example.com", "x", newClient())).status).toBe(401);
  });

  it("checks at most 10 passwords of 30 sent at once", async () => {
    const email = await account(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t, email, `wrong-${i}`, newClient())),
    );
    const statuses = answers.map((a) => a.status);
    // A 401 means the password was checked; a 429 means it was not.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await signIn(t, email, "right-password", newClient())).status).toBe(429);
  });

  it("a successful sign-in clears earlier failures", async () => {
    const email = await account(t);
    const client = newClient();
    for (let i = 0; i < 9; i++) await signIn(t, email, "wrong", newClient());
    expect((await signIn(t, email, "right-password", client)).status).toBe(200);
    for (let i = 0; i < 9; i++) await signIn(t, email, "wrong", newClient());
    expect((await signIn(t, email, "right-password", newClient())).status).toBe(200);
  });

  it("the owner's known client still signs in while an attacker has locked the account", async () => {
    const email = await account(t);
    const owner = newClient();
    expect((await signIn(t, email, "right-password", owner)).status).toBe(200);
    const attacker = newClient();
    for (let i = 0; i < 10; i++) await signIn(t, email, `guess-${i}`, attacker);
    expect((await signIn(t, email, "right-password", attacker)).status).toBe(429);
    expect((await signIn(t, email, "right-password", newClient())).status).toBe(429);
    // The owner, from where they signed in before: in.
    expect((await signIn(t, email, "right-password", owner)).status).toBe(200);
  });

  it("an account awaiting approval makes no client known, so registrations cannot fill the known clients", async () => {
    const email = await account(t, "right-password", "inactive");
    const client = newClient();
    const awaiting = await signIn(t, email, "right-password", client);
    expect(awaiting.status).toBe(403);
    for (let i = 0; i < 10; i++) await signIn(t, email, `guess-${i}`, newClient());
    // The right password from the same place: locked like any other client.
    const locked = await signIn(t, email, "right-password", client);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LOCKED);
  });

  it("the owner's typos cost growing waits, never a lock", async () => {
    const email = await account(t);
    const owner = newClient();
    expect((await signIn(t, email, "right-password", owner)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t, email, `typo-${i}`, owner)).status).toBe(401);
    }
    // The sixth is checked and opens a one-second wait before the next.
    expect((await signIn(t, email, "typo-5", owner)).status).toBe(401);
    const wait = await signIn(t, email, "right-password", owner);
    expect(wait.status).toBe(429);
    expect(wait.body.message).toBe(
      "Too many failed sign-in attempts. Please try again in 1 second.",
    );
    expect(wait.response.headers.get("retry-after")).toBe("1");
    time += 1000;
    // Each further typo doubles the wait: 2 seconds, then 4.
    expect((await signIn(t, email, "typo-6", owner)).status).toBe(401);
    expect((await signIn(t, email, "right-password", owner)).body.message).toMatch(
      /in 2 seconds\.$/,
    );
    time += 2000;
    expect((await signIn(t, email, "typo-7", owner)).status).toBe(401);
    expect((await signIn(t, email, "right-password", owner)).body.message).toMatch(
      /in 4 seconds\.$/,
    );
    time += 4000;
    // Never locked: after the wait, the right password gets in.
    expect((await signIn(t, email, "right-password", owner)).status).toBe(200);
  });

  /** A profile call that needs the current password, from a given client. */
  function profileCall(
    path: "/api/auth/me/password" | "/api/auth/me/email",
    token: string,
    currentPassword: string,
    client: string,
  ) {
    const body =
      path === "/api/auth/me/password"
        ? { current_password: currentPassword, password: "Amber-Canyon-39" }
        : { current_password: currentPassword, email: `moved-${client}@example.org` };
    return t.json(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "x-forwarded-for": client,
      },
      body: JSON.stringify(body),
    });
  }

  it("counts wrong current passwords on the profile like failed sign-ins: a stolen session is locked out", async () => {
    const email = await account(t);
    const owner = newClient();
    const signedIn = await signIn(t, email, "right-password", owner);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    // The session is used from somewhere the account does not know.
    const thief = newClient();
    for (let i = 0; i < 10; i++) {
      const path = i % 2 ? "/api/auth/me/email" : "/api/auth/me/password";
      const wrong = await profileCall(path, token, `guess-${i}`, thief);
      expect(wrong.status, `guess ${i + 1}`).toBe(400);
      expect(wrong.body.errors.current_password).toBe("The current password is not correct.");
    }
    for (const path of ["/api/auth/me/password", "/api/auth/me/email"] as const) {
      const locked = await profileCall(path, token, "right-password", thief);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        success: false,
        message: "Too many failed password attempts. Please try again in 15 minutes.",
      });
      expect(locked.response.headers.get("retry-after")).toBe("900");
    }
    // The same count as sign-in: the form is locked for unknown clients too.
    expect((await signIn(t, email, "right-password", newClient())).status).toBe(429);
    // The owner, from where they signed in: their own bucket, not the lock.
    expect((await signIn(t, email, "right-password", owner)).status).toBe(200);
  });

  it("the owner's wrong current passwords cost waits like sign-in typos; a right one starts over", async () => {
    const email = await account(t);
    const owner = newClient();
    const token = (await signIn(t, email, "right-password", owner)).body.token as string;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        expect((await profileCall("/api/auth/me/email", token, "typo", owner)).status).toBe(400);
      }
      // The right password is accepted and gives the five back.
      expect((await profileCall("/api/auth/me/email", token, "right-password", owner)).status).toBe(
        200,
      );
    }
    // Past five failures in a row: a wait before the next attempt.
    for (let i = 0; i < 6; i++) {
      expect((await profileCall("/api/auth/me/email", token, "typo", owner)).status).toBe(400);
    }
    const wait = await profileCall("/api/auth/me/email", token, "right-password", owner);
    expect(wait.status).toBe(429);
    expect(wait.body.message).toBe(
      "Too many failed password attempts. Please try again in 1 second.",
    );
    expect(wait.response.headers.get("retry-after")).toBe("1");
  });

  it("locks again for twice as long after the first lock ends", async () => {
    const email = await account(t);
    for (let i = 0; i < 10; i++) await signIn(t, email, `wrong-${i}`, newClient());
    expect((await signIn(t, email, "right-password", newClient())).body.message).toBe(LOCKED);
    time += 15 * 60_000;
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t, email, `wrong-again-${i}`, newClient())).status).toBe(401);
    }
    const second = await signIn(t, email, "right-password", newClient());
    expect(second.body.message).toBe(
      "Too many failed sign-in attempts. Please try again in 30 minutes.",
    );
    expect(second.response.headers.get("retry-after")).toBe("1800");
    time += 30 * 60_000;
    expect((await signIn(t, email, "right-password", newClient())).status).toBe(200);
  });

  it("limits one client spraying a password over many accounts: the 31st is refused", async () => {
    const sprayer = newClient();
    for (let i = 0; i < 30; i++) {
      const result = await signIn(t, `sprayed-${i}@example.com`, "Summer2025!", sprayer);
      expect(result.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signIn(t, "sprayed-30@example.com", "Summer2025!", sprayer);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LOCKED);
    expect(refused.response.headers.get("retry-after")).toBe("900");
    // The same account from elsewhere is fine: the limit is the client's.
    expect((await signIn(t, "sprayed-30@example.com", "x", newClient())).status).toBe(401);
  });

  it("answers a bad body with 400 without counting it", async () => {
    const client = newClient();
    for (let i = 0; i < 40; i++) {
      const result = await t.json("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": client },
        body: JSON.stringify({ email: "", password: "" }),
      });
      expect(result.status).toBe(400);
    }
    expect((await signIn(t, "nobody@example.com", "x", client)).status).toBe(401);
  });
});

/** A sign-in whose proxy headers are given as they reach the site. */
function signInWith(t: TestApp, email: string, headers: Record<string, string>) {
  return t.json("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password: "Summer2025!" }),
  });
}

describe("the proxy's header (TRUST_PROXY_HEADER)", () => {
  it("behind nginx setting only X-Real-IP: a client's own X-Forwarded-For picks no address", async () => {
    const t = await createTestApp({
      env: { TRUST_PROXY: "1", TRUST_PROXY_HEADER: "x-real-ip" },
    });
    try {
      // The client sends a fresh X-Forwarded-For each time; nginx sets X-Real-IP.
      for (let i = 0; i < 30; i++) {
        const result = await signInWith(t, `spoofed-${i}@example.com`, {
          "x-real-ip": "198.51.100.77",
          "x-forwarded-for": `203.0.113.${i + 1}`,
        });
        expect(result.status, `attempt ${i + 1}`).toBe(401);
      }
      const refused = await signInWith(t, "spoofed-30@example.com", {
        "x-real-ip": "198.51.100.77",
        "x-forwarded-for": "203.0.113.200",
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(LOCKED);
      // Another real client is not affected.
      const other = await signInWith(t, "spoofed-30@example.com", {
        "x-real-ip": "198.51.100.78",
      });
      expect(other.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("behind a proxy setting X-Forwarded-For (the default): a client's own X-Real-IP picks no address", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      // Caddy passes a client's X-Real-IP on unchanged; here the proxy's
      // X-Forwarded-For is missing, so every attempt is the proxy's own.
      for (let i = 0; i < 30; i++) {
        const result = await signInWith(t, `forged-real-${i}@example.com`, {
          "x-real-ip": `203.0.113.${i + 1}`,
        });
        expect(result.status, `attempt ${i + 1}`).toBe(401);
      }
      const refused = await signInWith(t, "forged-real-30@example.com", {
        "x-real-ip": "203.0.113.200",
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(LOCKED);
    } finally {
      await t.close();
    }
  });
});

describe("sign-in throttling without TRUST_PROXY", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For: forged addresses are all one client", async () => {
    for (let i = 0; i < 30; i++) {
      const result = await signIn(t, `forged-${i}@example.com`, "x", `203.0.113.${i + 1}`);
      expect(result.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signIn(t, "forged-30@example.com", "x", "203.0.113.200");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LOCKED);
  });
});
