import { describe, expect, it } from "vitest";
import { toIso } from "#server/db/normalize.ts";

const STORED = "2026-12-06T17:00:00.000Z";

/** What the databases may answer for a timestamp, and what toIso makes of it. */
const FORMS: [unknown, string | null][] = [
  [STORED, STORED],
  // SQLite's CURRENT_TIMESTAMP: no zone, UTC.
  ["2026-12-06 17:00:00", STORED],
  ["2026-12-06T17:00:00Z", STORED],
  ["2026-12-06T19:00:00+02:00", STORED],
  [new Date(STORED), STORED],
  // No date, or a text that only looks like one.
  [null, null],
  [undefined, null],
  ["", null],
  ["nonsense", null],
  ["2026-13-01T00:00:00.000Z", null],
];

describe("toIso: a stored timestamp as UTC ISO", () => {
  it.each(FORMS)("answers %j as %j", (value, expected) => {
    expect(toIso(value)).toBe(expected);
  });
});
