import { describe, expect, it } from "vitest";
import { createLoginThrottle, LOGIN_LIMITS } from "#server/auth/login-throttle.ts";
import { createMemoryRateLimitStore, formatWait } from "#server/lib/rate-limit.ts";

function setup(maxEntries?: number) {
  let time = Date.parse("2026-06-01T10:00:00Z");
  const now = () => time;
  const store = createMemoryRateLimitStore({ now, maxEntries });
  const throttle = createLoginThrottle(store, now);
  /** One failed attempt, or the 429 that refused it. */
  async function fail(email: string, client: string) {
    try {
      await throttle.failed(await throttle.begin(email, client));
      return "checked";
    } catch (error) {
      return error as { status: number; message: string; retryAfter: number };
    }
  }
  return {
    store,
    throttle,
    fail,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("sign-in throttle", () => {
  it("reserves before the check: of 30 attempts at once, 10 go through", async () => {
    const { throttle } = setup();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => throttle.begin("victim@example.com", `10.0.0.${i}`)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(20);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
  });

  it("keeps a victim's lock through 20,000 failures on other accounts from other clients", async () => {
    // A small store, so memory pressure really happens.
    const { fail, store } = setup(1_000);
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      expect(await fail("victim@example.com", `192.0.2.${i}`)).toBe("checked");
    }
    expect(await fail("victim@example.com", "192.0.2.200")).toMatchObject({ status: 429 });
    for (let i = 0; i < 20_000; i++) {
      await fail(`other-${i}@example.com`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    }
    expect(store.size()).toBeLessThanOrEqual(1_000);
    const still = await fail("victim@example.com", "192.0.2.201");
    expect(still).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts. Please try again in 15 minutes.",
      retryAfter: 900,
    });
  });

  it("keeps the owner's known client through failures from 20,000 addresses past the store's bound", async () => {
    const { throttle, fail, store } = setup(1_000);
    const owner = "192.0.2.1";
    await throttle.succeeded(await throttle.begin("owner@example.com", owner));
    // An attacker locks the account for the clients it does not know…
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      await fail("owner@example.com", `198.51.100.${i}`);
    }
    expect(await fail("owner@example.com", "198.51.100.200")).toMatchObject({ status: 429 });
    // …and fails from 20,000 other addresses, so the counters' store must drop entries.
    for (let i = 0; i < 20_000; i++) {
      await fail(`other-${i}@example.com`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    }
    expect(store.size()).toBeLessThanOrEqual(1_000);
    // The owner still has a bucket of their own: five free failures, then a wait, never the lock.
    for (let i = 0; i < LOGIN_LIMITS.knownFreeFailures + 1; i++) {
      expect(await fail("owner@example.com", owner)).toBe("checked");
    }
    expect(await fail("owner@example.com", owner)).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts. Please try again in 1 second.",
    });
  });

  it("bounds the known clients by their own age: the least recent sign-in is forgotten first", async () => {
    let time = Date.parse("2026-06-01T10:00:00Z");
    const now = () => time;
    const known = createMemoryRateLimitStore({ now, maxEntries: 100 });
    const throttle = createLoginThrottle(createMemoryRateLimitStore({ now }), now, known);
    const signIn = async (email: string, client: string) =>
      throttle.succeeded(await throttle.begin(email, client));
    await signIn("old@example.com", "192.0.2.1");
    await signIn("owner@example.com", "192.0.2.2");
    for (let i = 0; i < 98; i++) await signIn(`staff-${i}@example.com`, "192.0.2.3");
    time += 60_000;
    // The owner signs in again: now the most recent.
    await signIn("owner@example.com", "192.0.2.2");
    for (let i = 0; i < 50; i++) await signIn(`later-${i}@example.com`, "192.0.2.4");
    expect(known.size()).toBeLessThanOrEqual(100);
    expect((await throttle.begin("owner@example.com", "192.0.2.2")).known).toBe(true);
    expect((await throttle.begin("old@example.com", "192.0.2.1")).known).toBe(false);
  });

  it("gives a succeeded attempt back to the client and forgets the account's failures", async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 9; i++) await fail("user@example.com", "10.0.0.1");
    await throttle.succeeded(await throttle.begin("user@example.com", "10.0.0.1"));
    // Nine new failures are fine again, from a client the account now knows or not.
    for (let i = 0; i < 9; i++) expect(await fail("user@example.com", "10.0.0.2")).toBe("checked");
  });

  it("locks a client that fails on 30 accounts, for 15 minutes, then 30", async () => {
    const { fail, advance } = setup();
    for (let i = 0; i < LOGIN_LIMITS.clientFailures; i++) {
      expect(await fail(`user-${i}@example.com`, "10.9.9.9")).toBe("checked");
    }
    expect(await fail("fresh@example.com", "10.9.9.9")).toMatchObject({ retryAfter: 900 });
    advance(15 * 60_000);
    for (let i = 0; i < LOGIN_LIMITS.clientFailures; i++) {
      expect(await fail(`again-${i}@example.com`, "10.9.9.9")).toBe("checked");
    }
    expect(await fail("fresh@example.com", "10.9.9.9")).toMatchObject({ retryAfter: 1800 });
    // Another client is not affected.
    expect(await fail("fresh@example.com", "10.9.9.10")).toBe("checked");
  });

  it("caps an account's growing locks at 24 hours", async () => {
    const { fail, advance } = setup();
    let last: unknown;
    for (let lock = 0; lock < 10; lock++) {
      for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
        await fail("target@example.com", `172.16.${lock}.${i}`);
      }
      last = await fail("target@example.com", "172.16.200.1");
      advance((last as { retryAfter: number }).retryAfter * 1000);
    }
    expect(last).toMatchObject({ retryAfter: 24 * 3600 });
  });
});

describe("memory store", () => {
  it("counts per window, gives hits back, and forgets ended windows", async () => {
    let time = 0;
    const store = createMemoryRateLimitStore({ now: () => time });
    expect(await store.hit("k", 1000)).toEqual({ count: 1, resetAt: 1000 });
    expect(await store.hit("k", 1000)).toEqual({ count: 2, resetAt: 1000 });
    await store.refund("k");
    expect(await store.peek("k")).toEqual({ count: 1, resetAt: 1000 });
    time = 1000;
    expect(await store.peek("k")).toBeNull();
    expect(await store.hit("k", 1000)).toEqual({ count: 1, resetAt: 2000 });
    await store.reset("k");
    expect(await store.peek("k")).toBeNull();
  });

  it("under memory pressure drops plain counters, never kept ones", async () => {
    const store = createMemoryRateLimitStore({ now: () => 0, maxEntries: 100 });
    await store.hit("lock", 60_000, { keep: true });
    for (let i = 0; i < 1000; i++) await store.hit(`counter-${i}`, 60_000);
    expect(store.size()).toBeLessThanOrEqual(100);
    expect(await store.peek("lock")).toEqual({ count: 1, resetAt: 60_000 });
  });
});

describe("formatWait", () => {
  it.each([
    [1, "1 second"],
    [1500, "2 seconds"],
    [59_000, "59 seconds"],
    [60_000, "1 minute"],
    [899_001, "15 minutes"],
    [119 * 60_000, "119 minutes"],
    [24 * 3_600_000, "24 hours"],
  ])("%d ms → %s", (ms, words) => {
    expect(formatWait(ms)).toBe(words);
  });
});
