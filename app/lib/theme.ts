export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "theme";
export const THEME_EVENT = "beranda:theme";

/**
 * Runs before first paint (inlined in <head>): the stored choice, else the
 * site's default theme, becomes the `dark` class, so no wrong theme flashes.
 */
export function themeBootScript(defaultTheme: Theme): string {
  return `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark")t=${JSON.stringify(defaultTheme)};document.documentElement.classList.toggle("dark",t==="dark");document.documentElement.style.colorScheme=t;}catch(e){}})();`;
}

export function readTheme(fallback: Theme = "light"): Theme {
  if (typeof document === "undefined") return fallback;
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(THEME_EVENT));
}
