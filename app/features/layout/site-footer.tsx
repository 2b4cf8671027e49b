import { Link } from "react-router";
import type { PublicSiteSettings } from "../../../common/settings.ts";
import { Icon } from "../../components/ui/icons.tsx";
import { NAV_LINKS } from "./site-nav.tsx";

export const FOOTER_SERVICE_LINKS = [
  { to: "/services/web-development", label: "Web Development" },
  { to: "/services/app-development", label: "App Development" },
  { to: "/services/ui-ux-design", label: "UI/UX Design" },
  { to: "/services/digital-marketing", label: "Digital Marketing" },
  { to: "/services/consulting", label: "Consulting" },
] as const;

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

export function SiteFooter({ settings }: { settings: PublicSiteSettings }) {
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

  const quickLinks = <FooterLinks title="Quick Links" label="Quick links" links={NAV_LINKS} />;
  const serviceLinks = (
    <FooterLinks title="Services" label="Services" links={FOOTER_SERVICE_LINKS} />
  );

  return (
    <footer
      data-footer-style={style}
      className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
    >
      <div
        className={`mx-auto grid max-w-6xl gap-8 px-4 py-10 ${
          style === "simple" ? "md:grid-cols-2" : "md:grid-cols-3"
        }`}
      >
        {contact}
        {quickLinks}
        {style === "simple" ? null : serviceLinks}
      </div>
      <div className="border-t border-slate-200 py-4 text-center dark:border-slate-800">
        {copyright}
      </div>
    </footer>
  );
}

/** A titled list of footer links. */
function FooterLinks({
  title,
  label,
  links,
}: {
  title: string;
  label: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-label={label}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="text-slate-600 hover:text-brand-strong dark:text-slate-300 dark:hover:text-brand-light"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
