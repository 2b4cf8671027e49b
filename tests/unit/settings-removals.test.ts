import { describe, expect, it } from "vitest";
import { takesAwayFromView } from "#server/modules/settings/settings-removals.ts";

describe("a settings change that takes something out of view", () => {
  it("is a value emptied or switched off: the map off, a phone number or coordinates removed", () => {
    expect(takesAwayFromView({ map: "coordinates" }, { map: "off" })).toBe(true);
    expect(takesAwayFromView({ phone: "+31 20 123" }, { phone: "" })).toBe(true);
    expect(takesAwayFromView({ latitude: 52.37 }, { latitude: null })).toBe(true);
    expect(takesAwayFromView({ showTeam: true }, { showTeam: false })).toBe(true);
    expect(takesAwayFromView({ social: { x: "https://x.example" } }, { social: {} })).toBe(true);
  });

  it("is a list item gone or changed: a menu link removed or renamed", () => {
    const about = { label: "About", url: "/about" };
    const blog = { label: "Blog", url: "/blog" };
    expect(takesAwayFromView({ items: [about, blog] }, { items: [blog] })).toBe(true);
    expect(
      takesAwayFromView({ items: [about] }, { items: [{ label: "About us", url: "/about" }] }),
    ).toBe(true);
  });

  it("is not a value added, replaced by another or turned on, nor a list reordered or grown", () => {
    const about = { label: "About", url: "/about" };
    const blog = { label: "Blog", url: "/blog" };
    expect(takesAwayFromView({ map: "off" }, { map: "coordinates" })).toBe(false);
    expect(takesAwayFromView({ siteTitle: "Old Name" }, { siteTitle: "New Name" })).toBe(false);
    expect(takesAwayFromView({ phone: "" }, { phone: "+31 20 123" })).toBe(false);
    expect(takesAwayFromView({ mapZoom: 15 }, { mapZoom: 12 })).toBe(false);
    expect(takesAwayFromView({ items: [about, blog] }, { items: [blog, about] })).toBe(false);
    expect(takesAwayFromView({ items: [about] }, { items: [about, blog] })).toBe(false);
  });
});
