import { enhanceContactForm } from "./contact-form.ts";
import { enhanceDropdown, enhanceMenuButton } from "./disclosures.ts";
import { enhanceGallery } from "./gallery.ts";
import { NAVIGATED_EVENT } from "./navigated.ts";
import { enhanceThemeToggle } from "./theme-toggle.ts";
import { enhanceViewCount } from "./view-count.ts";

/**
 * The behaviours of the public pages, by the `data-enhance` name their
 * element carries (the components that render them: site-nav, nav-dropdown,
 * theme-toggle, gallery-viewer, contact-form, post-article).
 */
const BEHAVIOURS: Record<string, (element: HTMLElement) => void> = {
  "menu-button": enhanceMenuButton,
  dropdown: enhanceDropdown,
  "theme-toggle": enhanceThemeToggle,
  gallery: enhanceGallery,
  "contact-form": enhanceContactForm,
  "view-count": enhanceViewCount,
};

/**
 * Gives every element under `root` with a `data-enhance` name its behaviour,
 * once: a static page's script calls it at load; on a page React renders
 * (an account page, or a public page reached from one without a reload) the
 * root layout calls it after each navigation, so the new elements work too.
 */
export function enhance(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>("[data-enhance]")) {
    if (element.hasAttribute("data-enhanced")) continue;
    element.setAttribute("data-enhanced", "");
    BEHAVIOURS[element.dataset.enhance ?? ""]?.(element);
  }
}

/** After a navigation React made: open menus close, new elements get their behaviour. */
export function enhanceAfterNavigation(root: Document) {
  root.dispatchEvent(new Event(NAVIGATED_EVENT));
  enhance(root);
}
