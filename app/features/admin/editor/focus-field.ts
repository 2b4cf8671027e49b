/**
 * Moves to the first of these fields (by their element ids) in the page's
 * order: scrolled into view and focused (a fieldset's first input), as the
 * editor does with the first field a save found wrong.
 */
export function focusFirstField(ids: readonly string[]) {
  const elements = ids
    .map((id) => (id ? document.getElementById(id) : null))
    .filter((el): el is HTMLElement => !!el);
  elements.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const first = elements[0];
  if (!first) return;
  const target =
    first.tagName === "FIELDSET" ? (first.querySelector<HTMLElement>("input") ?? first) : first;
  target.scrollIntoView({ block: "center", behavior: "smooth" });
  target.focus({ preventScroll: true });
}
