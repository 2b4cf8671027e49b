import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

describe("session settings", () => {
  it("default to 12 hours idle and 7 days at most", () => {
    const config = loadConfig({});
    expect(config.sessionIdleHours).toBe(12);
    expect(config.sessionMaxDays).toBe(7);
  });

  it("read SESSION_IDLE_HOURS and SESSION_MAX_DAYS", () => {
    const config = loadConfig({ SESSION_IDLE_HOURS: "2", SESSION_MAX_DAYS: "30" });
    expect(config.sessionIdleHours).toBe(2);
    expect(config.sessionMaxDays).toBe(30);
  });

  it("still read the old SESSION_TTL_DAYS as the absolute limit", () => {
    expect(loadConfig({ SESSION_TTL_DAYS: "3" }).sessionMaxDays).toBe(3);
    expect(loadConfig({ SESSION_TTL_DAYS: "3", SESSION_MAX_DAYS: "3" }).sessionMaxDays).toBe(3);
  });

  it.each([
    [{ SESSION_IDLE_HOURS: "0" }, /^Invalid SESSION_IDLE_HOURS \("0"\): must be at least 1$/],
    [{ SESSION_IDLE_HOURS: "1.5" }, /^Invalid SESSION_IDLE_HOURS .*whole number/],
    [{ SESSION_IDLE_HOURS: "721" }, /^Invalid SESSION_IDLE_HOURS .*at most 720/],
    [{ SESSION_MAX_DAYS: "soon" }, /^Invalid SESSION_MAX_DAYS .*must be a number/],
    [{ SESSION_MAX_DAYS: "366" }, /^Invalid SESSION_MAX_DAYS .*at most 365/],
    [
      { SESSION_MAX_DAYS: "7", SESSION_TTL_DAYS: "30" },
      /^Invalid SESSION_TTL_DAYS: .*set only SESSION_MAX_DAYS$/,
    ],
  ])("refuse %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
