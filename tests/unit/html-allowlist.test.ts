import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanUrlForSchemeCheck, isAllowedUrl } from "#common/html-allowlist.ts";
import { sanitizeRichText } from "#server/modules/content/sanitize.ts";

/** An attribute value written into HTML so that the parser gives it back as it is. */
function attribute(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** Does the server's sanitiser keep this URL on this tag? (It drops an empty attribute anyway.) */
function serverKeeps(value: string, tag: "a" | "img"): boolean {
  if (value === "") return true;
  const html =
    tag === "a" ? `<a href="${attribute(value)}">x</a>` : `<img src="${attribute(value)}" alt="">`;
  return / (href|src)="/.test(sanitizeRichText(html));
}

const HOSTILE = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\rscript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u0001\u0002javascript:alert(1)",
  " \t javascript:alert(1)",
  "javascript\u0000:alert(1)",
  "java<!-- x -->script:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  " //evil.example",
  "\t/\t/evil.example",
];

const HARMLESS = [
  "https://example.com/a?b=c#d",
  "http://example.com",
  "HTTPS://EXAMPLE.COM",
  "/blog/a-post",
  "relative/path",
  "#top",
  "?page=2",
  "",
];

describe("the editor preview's URL check (common/html-allowlist.ts)", () => {
  it("removes control characters, spaces and comments before reading the scheme", () => {
    expect(cleanUrlForSchemeCheck("java\tscript:x")).toBe("javascript:x");
    expect(cleanUrlForSchemeCheck("\u0000 javascript:x")).toBe("javascript:x");
    expect(cleanUrlForSchemeCheck("ja<!-- a -->va<!--b-->script:x")).toBe("javascript:x");
    expect(cleanUrlForSchemeCheck("https://a.example/b c")).toBe("https://a.example/bc");
  });

  it.each(HOSTILE)("refuses %j on links and images", (value) => {
    expect(isAllowedUrl(value, "a")).toBe(false);
    expect(isAllowedUrl(value, "img")).toBe(false);
  });

  it.each(HARMLESS)("keeps %j on links and images", (value) => {
    expect(isAllowedUrl(value, "a")).toBe(true);
    expect(isAllowedUrl(value, "img")).toBe(true);
  });

  it("allows mailto: on links only", () => {
    expect(isAllowedUrl("mailto:a@example.com", "a")).toBe(true);
    expect(isAllowedUrl("mailto:a@example.com", "img")).toBe(false);
  });

  it.each([...HOSTILE.filter((v) => !v.includes("\u0000")), ...HARMLESS, "mailto:a@example.com"])(
    "agrees with the server's sanitiser on %j",
    (value) => {
      expect(isAllowedUrl(value, "a"), "a").toBe(serverKeeps(value, "a"));
      expect(isAllowedUrl(value, "img"), "img").toBe(serverKeeps(value, "img"));
    },
  );

  it("agrees with the server's sanitiser on random URLs made of tricky pieces", () => {
    const piece = fc.constantFrom(
      "java",
      "script",
      "JAVA",
      "https",
      "http",
      "mailto",
      "data",
      ":",
      "/",
      "\\",
      "//",
      "\t",
      "\n",
      "\r",
      " ",
      "\u0001",
      "\u001f",
      "<!--",
      "-->",
      "x",
      ".",
      "+",
      "-",
      "1",
      "?",
      "#",
      "&",
      '"',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const value = pieces.join("");
        // The HTML parser (browser and server alike) turns a lone CR into LF: same check.
        expect(isAllowedUrl(value, "a"), JSON.stringify(value)).toBe(serverKeeps(value, "a"));
        expect(isAllowedUrl(value, "img"), JSON.stringify(value)).toBe(serverKeeps(value, "img"));
      }),
      { numRuns: 500 },
    );
  });
});
