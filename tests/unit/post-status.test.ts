import { describe, expect, it } from "vitest";
import {
  effectiveStatus,
  isPublicPost,
  resolveStatus,
  toIsoDate,
} from "#server/modules/posts/post-status.ts";

const NOW = "2026-11-23T12:00:00.000Z";
const PAST = "2026-11-01T08:00:00.000Z";
const FUTURE = "2026-12-24T08:00:00.000Z";

describe("a post's status", () => {
  it("reads a live post whose time has not come as scheduled", () => {
    expect(effectiveStatus("draft", PAST, NOW)).toBe("draft");
    expect(effectiveStatus("published", PAST, NOW)).toBe("published");
    expect(effectiveStatus("published", FUTURE, NOW)).toBe("scheduled");
    expect(effectiveStatus("scheduled", PAST, NOW)).toBe("published");
    expect(effectiveStatus("scheduled", null, NOW)).toBe("scheduled");
    expect(effectiveStatus("published", NOW, NOW)).toBe("published");
  });

  it("is public only when published as read", () => {
    expect(isPublicPost({ status: "published" })).toBe(true);
    expect(isPublicPost({ status: "scheduled" })).toBe(false);
    expect(isPublicPost({ status: "draft" })).toBe(false);
  });

  it("stores what the form chose, by its date", () => {
    expect(resolveStatus(undefined, null, NOW)).toEqual({ status: "draft", published_at: null });
    expect(resolveStatus(undefined, PAST, NOW)).toEqual({
      status: "published",
      published_at: PAST,
    });
    expect(resolveStatus("draft", FUTURE, NOW)).toEqual({ status: "draft", published_at: FUTURE });
    expect(resolveStatus("published", null, NOW)).toEqual({
      status: "published",
      published_at: NOW,
    });
    expect(resolveStatus("published", FUTURE, NOW)).toEqual({
      status: "scheduled",
      published_at: FUTURE,
    });
    expect(resolveStatus("scheduled", PAST, NOW)).toEqual({
      status: "published",
      published_at: PAST,
    });
    expect(() => resolveStatus("scheduled", null, NOW)).toThrow(
      "A scheduled post needs a publish date",
    );
  });

  it("takes a publish date in any ISO form and names the field when it is not one", () => {
    expect(toIsoDate(undefined)).toBeUndefined();
    expect(toIsoDate(null)).toBeNull();
    expect(toIsoDate("")).toBeNull();
    expect(toIsoDate("2026-12-24T09:00:00+01:00")).toBe(FUTURE);
    expect(() => toIsoDate("next tuesday")).toThrow("Publish date must be a date and time");
  });
});
