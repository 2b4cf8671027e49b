import { applyTheme, readTheme, THEME_EVENT } from "#app/lib/theme.ts";

/**
 * The theme button (theme-toggle.tsx): switches between light and dark
 * (stored, applied to <html>); its icons follow the `dark` class by CSS, its
 * label names the theme it switches to, also when another control (the other
 * header button, the admin's settings) changes the theme.
 */
export function enhanceThemeToggle(button: HTMLElement) {
  const label = () => {
    const next = readTheme() === "dark" ? "light" : "dark";
    button.setAttribute("aria-label", `Switch to ${next} theme`);
  };
  label();
  button.addEventListener("click", () => applyTheme(readTheme() === "dark" ? "light" : "dark"));
  window.addEventListener(THEME_EVENT, label);
}
