import { describe, expect, it } from "vitest";
import { diffText, htmlToReadableText } from "#app/features/admin/compare/text-diff.ts";

describe("the compare view's text difference", () => {
  it("reads rich-text HTML as paragraphs of plain words", () => {
    expect(
      htmlToReadableText(
        '<h2>Our plan</h2><p>We build <strong>bridges</strong> &amp; roads.</p><p><img src="/u/a.webp" alt="A bridge"></p>',
      ),
    ).toBe("Our plan\nWe build bridges & roads.\n[image: A bridge]");
  });

  it("marks the words that were removed and added, keeping the rest", () => {
    const parts = diffText("We build strong bridges", "We build light bridges");
    expect(parts.filter((p) => p.change === "removed").map((p) => p.text.trim())).toEqual([
      "strong",
    ]);
    expect(parts.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["light"]);
    expect(
      parts
        .filter((p) => p.change === "same")
        .map((p) => p.text)
        .join(""),
    ).toContain("We build");
  });
});
