import { Outlet } from "react-router";
import { DEFAULT_SETTINGS } from "../../common/settings.ts";
import { SiteFooter } from "../features/layout/site-footer.tsx";
import { SiteNav } from "../features/layout/site-nav.tsx";
import { useRootData } from "../root.tsx";

export default function PublicLayout() {
  const settings = useRootData()?.settings ?? DEFAULT_SETTINGS;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <SiteNav settings={settings} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
    </div>
  );
}
