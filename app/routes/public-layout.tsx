import { Outlet } from "react-router";
import { SiteFooter } from "#app/features/layout/site-footer.tsx";
import { SiteNav } from "#app/features/layout/site-nav.tsx";
import { useRootData } from "#app/root.tsx";
import type { SiteMenus } from "#common/navigation.ts";
import { DEFAULT_SETTINGS } from "#common/settings.ts";

/** Without the root's data (the root's loader always gives menus, resolved on the server). */
const NO_MENUS: SiteMenus = {
  header: [],
  footerColumns: [],
  footerServices: [],
  moreServices: false,
  showAdminButton: true,
};

export default function PublicLayout() {
  const root = useRootData();
  const settings = root?.settings ?? DEFAULT_SETTINGS;
  const menus = root?.menus ?? NO_MENUS;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <SiteNav settings={settings} menus={menus} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={settings} menus={menus} />
    </div>
  );
}
