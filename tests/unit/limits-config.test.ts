import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

describe("limit settings", () => {
  it("defaults: no trusted proxy, contact 5 per 10 minutes, register 5 per hour, purge after 30 days", () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBeNull();
    expect(config.rateLimits).toEqual({
      contact: { max: 5, windowMs: 600_000 },
      register: { max: 5, windowMs: 3_600_000 },
    });
    expect(config.registrationPurgeDays).toBe(30);
    // Setting a password with a reset or invitation link: 10 per 15 minutes.
    expect(config.setPasswordRateLimit).toEqual({ max: 10, windowMs: 900_000 });
    expect(loadConfig({ SET_PASSWORD_RATE_LIMIT: "off" }).setPasswordRateLimit).toBeNull();
  });

  it("reads counts per time, off, and 0 days as never", () => {
    const config = loadConfig({
      CONTACT_RATE_LIMIT: "20/1h",
      REGISTER_RATE_LIMIT: "off",
      REGISTRATION_PURGE_DAYS: "0",
      TRUST_PROXY: "1",
    });
    expect(config.rateLimits).toEqual({
      contact: { max: 20, windowMs: 3_600_000 },
      register: null,
    });
    expect(config.registrationPurgeDays).toBe(0);
    expect(config.trustProxy).toEqual({ hops: 1, header: "x-forwarded-for" });
  });

  it.each([
    [
      { CONTACT_RATE_LIMIT: "5" },
      /^Invalid CONTACT_RATE_LIMIT \("5"\): must be off or a count per time, like 5\/10m \(s, m, h or d\)$/,
    ],
    [{ REGISTER_RATE_LIMIT: "0/1h" }, /^Invalid REGISTER_RATE_LIMIT .*like 5\/10m/],
    [{ REGISTER_RATE_LIMIT: "5/10y" }, /^Invalid REGISTER_RATE_LIMIT .*like 5\/10m/],
    [{ SET_PASSWORD_RATE_LIMIT: "lots" }, /^Invalid SET_PASSWORD_RATE_LIMIT .*like 5\/10m/],
    [{ REGISTRATION_PURGE_DAYS: "-1" }, /^Invalid REGISTRATION_PURGE_DAYS .*0 \(never\) or more/],
    [{ REGISTRATION_PURGE_DAYS: "soon" }, /^Invalid REGISTRATION_PURGE_DAYS .*must be a number/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
