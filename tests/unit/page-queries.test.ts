import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_QUERY_PARAMS } from "#common/page-queries.ts";

const app = path.resolve(import.meta.dirname, "../../app");

/** The app's source files outside the admin (which the page cache never answers). */
function publicSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const file = path.join(dir, item.name);
    if (item.isDirectory()) return item.name === "admin" ? [] : publicSources(file);
    return /\.tsx?$/.test(item.name) ? [file] : [];
  });
}

describe("the query parameters public pages read (common/page-queries.ts)", () => {
  it("list every parameter the app reads, so the page cache keys pages by them", () => {
    const listed = new Set(Object.values(PAGE_QUERY_PARAMS).flat());
    const read = publicSources(app).flatMap((file) =>
      [
        ...fs.readFileSync(file, "utf8").matchAll(/\b(?:searchParams|params)\.get\("([^"]+)"\)/g),
      ].map((match) => `${path.relative(app, file)}: ${match[1]}`),
    );
    expect(read.length).toBeGreaterThan(5);
    expect(read.filter((entry) => !listed.has(entry.split(": ")[1]!))).toEqual([]);
  });
});
