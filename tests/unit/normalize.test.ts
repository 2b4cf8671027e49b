import { describe, expect, it } from "vitest";
import { toIso } from "#server/db/normalize.ts";

describe("toIso: a stored timestamp as UTC ISO", () => {
  it("answers a stored ISO text as it is, and brings other forms to it", () => {
    expect(toIso("2026-12-06T17:00:00.000Z")).toBe("2026-12-06T17:00:00.000Z");
    // SQLite's CURRENT_TIMESTAMP: no zone, UTC.
    expect(toIso("2026-12-06 17:00:00")).toBe("2026-12-06T17:00:00.000Z");
    expect(toIso("2026-12-06T17:00:00Z")).toBe("2026-12-06T17:00:00.000Z");
    expect(toIso("2026-12-06T17:00:00+02:00")).toBe("2026-12-06T15:00:00.000Z");
    expect(toIso(new Date("2026-12-06T17:00:00.000Z"))).toBe("2026-12-06T17:00:00.000Z");
  });

  it("answers null for no date, and for a text that only looks like one", () => {
    for (const value of [null, undefined, "", "nonsense", "2026-13-01T00:00:00.000Z"]) {
      expect(toIso(value), String(value)).toBeNull();
    }
  });
});
