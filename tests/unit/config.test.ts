import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

describe("config", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("localhost");
    expect(config.database.kind).toBe("sqlite");
    expect(config.database.kind === "sqlite" && config.database.file).toMatch(/data\/beranda\.db$/);
    expect(config.demoMode).toBe(false);
    expect(config.logLevel).toBe("info");
    expect(config.uploadMaxBytes).toBe(10 * 1024 * 1024);
  });

  it("turns demo mode on only when asked, whatever the host", () => {
    for (const HOST of ["localhost", "127.0.0.1", "::1", "0.0.0.0", "example.com"]) {
      expect(loadConfig({ HOST }).demoMode, HOST).toBe(false);
      expect(loadConfig({ HOST, DEMO_MODE: "true" }).demoMode, HOST).toBe(true);
    }
    expect(loadConfig({ DEMO_MODE: "false" }).demoMode).toBe(false);
  });

  it("uses PostgreSQL for a postgres:// DATABASE_URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://127.0.0.1:5432/test" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://127.0.0.1:5432/test" });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT \("abc"\): must be a number$/],
    [{ PORT: "70000" }, /^Invalid PORT .*between 0 and 65535/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL .*postgres:\/\//],
    [{ DEMO_MODE: "maybe" }, /^Invalid DEMO_MODE .*true or false/],
    [{ LOG_LEVEL: "loud" }, /^Invalid LOG_LEVEL/],
    [{ ADMIN_EMAIL: "boss@example.com" }, /^Invalid ADMIN_PASSWORD/],
    [
      { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "Password1" },
      // The value is a secret: not repeated.
      /^Invalid ADMIN_PASSWORD: is too common; choose another$/,
    ],
    [
      { SECRET_KEY: "too-short-to-be-a-key" },
      /^Invalid SECRET_KEY: must be at least 32 characters/,
    ],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
