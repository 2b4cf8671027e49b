import { describe, expect, it } from "vitest";
import { safeRedirect } from "#app/lib/safe-redirect.ts";

describe("the sign-in redirect", () => {
  it.each([
    ["/admin/posts", "/admin/posts"],
    ["/admin/posts?status=draft#top", "/admin/posts?status=draft#top"],
    ["/blog/a-post", "/blog/a-post"],
  ])("keeps a path on this site: %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    null,
    "",
    "admin",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "/\\/evil.example/",
    "/\t/evil.example/",
    "/\n/evil.example",
    "/\u0000//evil.example",
    "/login",
    "/login?from=/admin",
  ])("refuses anything else and goes to the dashboard: %j", (target) => {
    expect(safeRedirect(target)).toBe("/admin/dashboard");
  });
});
