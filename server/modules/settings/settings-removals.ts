/** Values that show nothing: a field emptied or a feature switched off. */
function showsNothing(value: unknown): boolean {
  return (
    value === undefined || value === null || value === "" || value === false || value === "off"
  );
}

/**
 * Whether settings going from `before` to `after` take away something
 * visitors saw: a value emptied or switched off (the contact map off, a phone
 * number or an analytics id removed), or an item gone from a list (a menu
 * link, a social link). Such a change must never be served stale, as a
 * removed post is not (docs/architecture.md, "Page cache"); any other change
 * is shown stale once while pages render again. Changed list items count as
 * removed ones: a renamed menu link is purged, which costs one render.
 */
export function takesAwayFromView(before: unknown, after: unknown): boolean {
  if (Array.isArray(before)) {
    if (!Array.isArray(after)) return before.length > 0;
    const kept = new Set(after.map((item) => JSON.stringify(item)));
    return before.some((item) => !kept.has(JSON.stringify(item)));
  }
  if (before !== null && typeof before === "object") {
    if (after === null || typeof after !== "object") return true;
    const next = after as Record<string, unknown>;
    return Object.entries(before).some(([key, value]) => takesAwayFromView(value, next[key]));
  }
  return !showsNothing(before) && showsNothing(after);
}
