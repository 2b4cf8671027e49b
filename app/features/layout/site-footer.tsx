import { Icon } from "#app/components/ui/icons.tsx";
import type { SiteLink, SiteMenus } from "#common/navigation.ts";
import type { PublicSiteSettings } from "#common/settings.ts";
import { MenuLink } from "./menu-link.tsx";

const SOCIAL = [
  { key: "facebook", label: "Facebook", fallback: "https://facebook.com" },
  { key: "twitter", label: "Twitter", fallback: "https://twitter.com" },
  { key: "instagram", label: "Instagram", fallback: "https://instagram.com" },
  { key: "linkedin", label: "LinkedIn", fallback: "" },
  { key: "youtube", label: "YouTube", fallback: "" },
] as const;

/** The three networks always show (to their home pages until set); others when set. */
export function socialLinks(social: PublicSiteSettings["social"]) {
  return SOCIAL.map((s) => ({ ...s, href: social[s.key] || s.fallback })).filter((s) => s.href);
}

export function SocialLinks({ social }: { social: PublicSiteSettings["social"] }) {
  return (
    <ul className="flex gap-3">
      {socialLinks(social).map((s) => (
        <li key={s.key}>
          <a
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={s.label}
            className="inline-flex rounded-full p-2 text-slate-600 hover:bg-slate-200 hover:text-brand-strong dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-brand-light"
          >
            <Icon name={s.key} width={20} height={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The footer: the company's details, the link columns from the menus
 * (`menus.footerColumns`, the quick links by default) and its services in
 * their admin order (`menus.footerServices`), laid out by the footer style.
 */
export function SiteFooter({
  settings,
  menus,
}: {
  settings: PublicSiteSettings;
  menus: SiteMenus;
}) {
  const { general, social } = settings;
  const style = settings.appearance.footerStyle;
  const year = new Date().getFullYear();
  const name = general.siteTitle || "Your Company";
  const copyright = (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      &copy; {year} {name}. All rights reserved.
    </p>
  );

  if (style === "minimal") {
    return (
      <footer
        data-footer-style={style}
        className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 md:flex-row">
          {copyright}
          <SocialLinks social={social} />
        </div>
      </footer>
    );
  }

  const contact = (
    <div>
      <h2 className="text-lg font-semibold">{name}</h2>
      {style === "expanded" && general.siteDescription ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{general.siteDescription}</p>
      ) : null}
      <ul className="mt-3 space-y-2 text-sm text-slate-600 dark:text-slate-300">
        <li className="flex gap-2">
          <Icon name="pin" width={18} height={18} className="mt-0.5 shrink-0" />
          <span>{general.address || "123 Business Street, City"}</span>
        </li>
        <li className="flex gap-2">
          <Icon name="phone" width={18} height={18} className="mt-0.5 shrink-0" />
          <span>{general.phoneNumber || "+1 (555) 123-4567"}</span>
        </li>
        <li className="flex gap-2">
          <Icon name="mail" width={18} height={18} className="mt-0.5 shrink-0" />
          <span>{general.contactEmail || "info@example.com"}</span>
        </li>
      </ul>
      <div className="mt-4">
        <SocialLinks social={social} />
      </div>
    </div>
  );

  const columns = menus.footerColumns.filter((column) => column.items.length > 0);
  const services =
    style !== "simple" && menus.footerServices.length > 0
      ? [
          ...menus.footerServices,
          ...(menus.moreServices
            ? [{ label: "All services", href: "/services", newTab: false, external: false }]
            : []),
        ]
      : [];
  const count = 1 + columns.length + (services.length > 0 ? 1 : 0);

  return (
    <footer
      data-footer-style={style}
      className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className={`mx-auto grid max-w-6xl gap-8 px-4 py-10 ${GRID_COLUMNS[count] ?? ""}`}>
        {contact}
        {columns.map((column, index) => (
          <FooterLinks
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns' order is their identity
            key={index}
            // The spec's quick links keep their landmark name.
            label={column.title === "Quick Links" ? "Quick links" : column.title}
            title={column.title}
            links={column.items}
          />
        ))}
        {services.length > 0 ? (
          <FooterLinks title="Services" label="Services" links={services} />
        ) : null}
      </div>
      <div className="border-t border-slate-200 py-4 text-center dark:border-slate-800">
        {copyright}
      </div>
    </footer>
  );
}

/** The footer's grid: the company column, the link columns and the services. */
const GRID_COLUMNS: Record<number, string> = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
  5: "md:grid-cols-3 lg:grid-cols-5",
};

const footerLinkClass = () =>
  "text-slate-600 hover:text-brand-strong dark:text-slate-300 dark:hover:text-brand-light";

/** A titled list of footer links. */
function FooterLinks({
  title,
  label,
  links,
}: {
  title: string;
  label: string;
  links: readonly SiteLink[];
}) {
  return (
    <nav aria-label={label}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's order is its identity
          <li key={index}>
            <MenuLink link={link} className={footerLinkClass} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
