import { useId } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import { Link } from "#app/components/ui/link.tsx";
import type { SiteMenus } from "#common/navigation.ts";
import type { PublicSiteSettings } from "#common/settings.ts";
import { MenuLink } from "./menu-link.tsx";
import { NavDropdown } from "./nav-dropdown.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "text-brand-strong dark:text-brand-light"
      : "text-slate-700 hover:text-brand-strong dark:text-slate-200 dark:hover:text-brand-light"
  }`;

/**
 * The header: the site's name or logo, the menu from the settings
 * (`menus.header`), the theme toggle and the Admin button. Below md the menu
 * is collapsed behind a button (`app/enhance/disclosures.ts` opens it: the
 * nav's `data-open`, which the menu's classes follow).
 */
export function SiteNav({ settings, menus }: { settings: PublicSiteSettings; menus: SiteMenus }) {
  const menuId = useId();
  const style = settings.appearance.navbarStyle;
  const siteTitle = settings.general.siteTitle || "Company Profile";

  const position =
    style === "sticky"
      ? "sticky top-0 z-40 shadow-sm"
      : style === "transparent"
        ? "relative z-40 bg-transparent"
        : "relative z-40";
  const surface =
    style === "transparent"
      ? "bg-white/70 backdrop-blur dark:bg-slate-950/70"
      : "bg-white border-b border-slate-200 dark:bg-slate-950 dark:border-slate-800";

  const brand = (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold">
      {settings.general.logoUrl ? (
        <img
          src={settings.general.logoUrl}
          alt={siteTitle}
          width={120}
          height={32}
          className="h-8 w-auto"
        />
      ) : (
        <span>{siteTitle}</span>
      )}
    </Link>
  );

  return (
    <header className={`${position} ${surface}`} data-navbar-style={style}>
      <nav
        aria-label="Main"
        data-open="false"
        className={`group/nav mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 ${
          style === "centered" ? "md:flex-col md:justify-center" : ""
        }`}
      >
        {brand}
        <div className="flex items-center gap-2 md:hidden">
          <ThemeToggle />
          <button
            type="button"
            className="group rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={false}
            aria-controls={menuId}
            aria-label="Open menu"
            data-enhance="menu-button"
          >
            <Icon name="menu" className="group-aria-expanded:hidden" />
            <Icon name="close" className="hidden group-aria-expanded:block" />
          </button>
        </div>
        <div
          id={menuId}
          className={`hidden w-full flex-col group-data-[open=true]/nav:flex gap-1 pb-2 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            {menus.header.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the menu's order is its identity
              <li key={index}>
                {item.children.length > 0 ? (
                  <NavDropdown item={item} linkClass={navLinkClass} />
                ) : item.href ? (
                  <MenuLink link={{ ...item, href: item.href }} className={navLinkClass} />
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-2 flex items-center gap-2 md:mt-0 md:ml-3">
            <span className="hidden md:inline-flex">
              <ThemeToggle />
            </span>
            {menus.showAdminButton ? (
              <Link to="/admin" className="btn-primary px-4 py-2">
                Admin
              </Link>
            ) : null}
          </div>
        </div>
      </nav>
    </header>
  );
}
