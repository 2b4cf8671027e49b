import { describe, expect, it } from "vitest";
import { isPublicWrite } from "../../server/cache/public-writes.ts";

describe("which writes empty the page cache", () => {
  it("an autosave, written every few seconds while someone types, does not; a post save does", () => {
    expect(isPublicWrite({ table: "autosaves", columns: null })).toBe(false);
    expect(isPublicWrite({ table: "posts", columns: ["title", "version"] })).toBe(true);
  });
});
