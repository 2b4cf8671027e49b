import { NavLink } from "#app/components/ui/link.tsx";
import type { SiteLink } from "#common/navigation.ts";

/** Said after a link that opens in a new tab (visually hidden). */
export function NewTabHint() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

/**
 * One menu link: our own pages through the router (with the active state),
 * a custom URL as a plain link (a full page load; it may be another site or a
 * file). A link that opens a new tab says so to screen readers.
 */
export function MenuLink({
  link,
  className,
}: {
  link: SiteLink;
  className: (state: { isActive: boolean }) => string;
}) {
  const tab = link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const content = (
    <>
      {link.label}
      {link.newTab ? <NewTabHint /> : null}
    </>
  );
  if (link.external) {
    return (
      <a href={link.href} className={className({ isActive: false })} {...tab}>
        {content}
      </a>
    );
  }
  return (
    <NavLink to={link.href} end={link.href === "/"} className={className} {...tab}>
      {content}
    </NavLink>
  );
}
