import { describe, expect, it } from "vitest";
import { brandVariables, contrastRatio, readableOn } from "#common/color.ts";
import { counted, excerptOf, formatDate, formatNumber, slugify, viewsText } from "#common/text.ts";

describe("text helpers", () => {
  it("slugifies like the post editor: lowercase, punctuation gone, hyphens collapsed", () => {
    expect(slugify("Hello, World!  Again -- now")).toBe("hello-world-again-now");
    expect(slugify("Café au lait")).toBe("cafe-au-lait");
  });

  it("falls back to the first 120 characters of content for an excerpt", () => {
    const content = `<p>${"a".repeat(200)}</p>`;
    expect(excerptOf({ excerpt: "", content })).toBe(`${"a".repeat(120)}...`);
    expect(excerptOf({ excerpt: "Short", content })).toBe("Short");
  });

  it("formats views with thousands separators and dates in short month format", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(undefined)).toBe("0");
    expect(formatDate("2026-03-05T10:00:00.000Z")).toBe("Mar 5, 2026");
  });

  it("counts with the noun's plural unless there is exactly one", () => {
    expect(counted(1, "message")).toBe("1 message");
    expect(counted(0, "message")).toBe("0 messages");
    expect(counted(3, "audit entry", "audit entries")).toBe("3 audit entries");
    expect(counted(1, "audit entry", "audit entries")).toBe("1 audit entry");
  });

  it("says a post's views in words: one view, otherwise views", () => {
    expect(viewsText(1)).toBe("1 view");
    expect(viewsText(0)).toBe("0 views");
    expect(viewsText(undefined)).toBe("0 views");
    expect(viewsText(3912)).toBe("3,912 views");
  });

  it("formats a day it has formatted before the same way, and each day as its own", () => {
    // In this order: a day formatted before, then another, then the first again.
    const shown = [
      "2026-03-05T23:59:59.999Z",
      "2026-03-06T00:00:00.000Z",
      "2026-03-05T10:00:00.000Z",
      // Not UTC: the day is the UTC day of the moment, never read from the text.
      "2026-03-05T23:30:00-02:00",
      "2026-03-05T99:00:00Z",
      "not a date",
    ].map(formatDate);
    expect(shown).toEqual(["Mar 5, 2026", "Mar 6, 2026", "Mar 5, 2026", "Mar 6, 2026", "", ""]);
  });
});

describe("brand colour", () => {
  it("darkens a light brand colour until white text on it reaches AA", () => {
    const strong = readableOn("#3b82f6", "#ffffff");
    expect(contrastRatio(strong, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(readableOn("#1e3a8a", "#ffffff")).toBe("#1e3a8a");
  });

  it("gives each colour its own variables when the site's colour changes", () => {
    const blue = brandVariables("#3b82f6");
    expect(brandVariables("#3b82f6")).toEqual(blue);
    const yellow = brandVariables("#facc15");
    expect(yellow["--brand"]).toBe("#facc15");
    expect(contrastRatio(yellow["--brand-strong"], "#f1f5f9")).toBeGreaterThanOrEqual(4.5);
    expect(yellow["--brand-strong"]).not.toBe(blue["--brand-strong"]);
    expect(brandVariables("not a colour")["--brand"]).toBe("#3b82f6");
  });
});
