import { NAVIGATED_EVENT } from "./navigated.ts";

/**
 * The header's menu button below md (site-nav.tsx): shows or hides the menu
 * (`data-open` on the nav, which the menu's classes follow), with
 * aria-expanded and its label ("Open menu" / "Close menu"). A navigation
 * React makes closes it; so does Escape, which puts the focus back on the
 * button (an open dropdown inside it closes first: enhanceDropdown).
 */
export function enhanceMenuButton(button: HTMLElement) {
  const nav = button.closest<HTMLElement>("[data-open]");
  if (!nav) return;
  const set = (open: boolean) => {
    nav.dataset.open = String(open);
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  };
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    if (nav.querySelector('[data-open="true"]')) return;
    set(false);
    button.focus();
  });
  document.addEventListener(NAVIGATED_EVENT, () => set(false));
}

/**
 * A header item with a dropdown (nav-dropdown.tsx), a disclosure: its button
 * shows or hides the links (aria-expanded, `data-open` on the item). Escape
 * closes it and puts the focus back on the button; so do a click elsewhere,
 * the focus moving out of it, and following one of its links.
 */
export function enhanceDropdown(item: HTMLElement) {
  const button = item.querySelector<HTMLButtonElement>("button[aria-expanded]");
  if (!button) return;
  const inside = (node: EventTarget | null) => node instanceof Node && item.contains(node);
  const away = (event: PointerEvent) => {
    if (!inside(event.target)) set(false);
  };
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !inside(document.activeElement)) return;
    set(false);
    button.focus();
  };
  function set(open: boolean) {
    item.dataset.open = String(open);
    button!.setAttribute("aria-expanded", String(open));
    if (open) {
      document.addEventListener("pointerdown", away);
      document.addEventListener("keydown", onEscape);
    } else {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", onEscape);
    }
  }
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  item.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !inside(event.relatedTarget)) set(false);
  });
  for (const link of item.querySelectorAll("ul a"))
    link.addEventListener("click", () => set(false));
  document.addEventListener(NAVIGATED_EVENT, () => set(false));
}
