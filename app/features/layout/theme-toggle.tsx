import { Icon } from "#app/components/ui/icons.tsx";

/**
 * The theme button: its icons follow the `dark` class on <html> (set before
 * the first paint), and `app/enhance/theme-toggle.ts` switches the theme and
 * keeps its label naming the theme it switches to.
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      aria-label="Switch to dark theme"
      data-enhance="theme-toggle"
    >
      <Icon name="moon" className="dark:hidden" />
      <Icon name="sun" className="hidden dark:block" />
    </button>
  );
}
