import { useId } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import type { SiteHeaderItem } from "#common/navigation.ts";
import { MenuLink } from "./menu-link.tsx";

const childClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "text-brand-strong dark:text-brand-light"
      : "text-slate-700 hover:bg-slate-100 hover:text-brand-strong dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-brand-light"
  }`;

/**
 * A header item with a dropdown, as a disclosure (not a hover menu): the
 * item's own link, and a button that shows or hides its links (aria-expanded;
 * the item's `data-open`, which the list's classes follow). Escape closes it
 * and puts the focus back on the button; so do a click elsewhere, moving the
 * focus out of it, and following a link (`app/enhance/disclosures.ts`). Below
 * md it opens inside the collapsible menu, on wider screens as a panel below.
 */
export function NavDropdown({
  item,
  linkClass,
}: {
  item: SiteHeaderItem;
  linkClass: (state: { isActive: boolean }) => string;
}) {
  const listId = useId();

  return (
    <div
      className="group/dropdown relative flex flex-wrap items-center"
      data-open="false"
      data-enhance="dropdown"
    >
      {item.href ? <MenuLink link={{ ...item, href: item.href }} className={linkClass} /> : null}
      <button
        type="button"
        aria-expanded={false}
        aria-controls={listId}
        className={`inline-flex items-center gap-1 rounded-md py-2 text-sm font-medium text-slate-700 hover:text-brand-strong dark:text-slate-200 dark:hover:text-brand-light ${
          item.href ? "px-1.5" : "px-3"
        }`}
      >
        {item.href ? <span className="sr-only">{`${item.label} submenu`}</span> : item.label}
        <Icon
          name="chevronDown"
          width={16}
          height={16}
          className="transition-transform group-data-[open=true]/dropdown:rotate-180"
        />
      </button>
      <ul
        id={listId}
        className="hidden w-full space-y-1 border-l border-slate-200 py-1 pl-3 group-data-[open=true]/dropdown:block md:absolute md:top-full md:left-0 md:z-50 md:mt-1 md:w-auto md:min-w-52 md:rounded-lg md:border md:bg-white md:p-2 md:shadow-lg dark:border-slate-700 md:dark:bg-slate-900"
      >
        {item.children.map((child) => (
          <li key={`${child.href}|${child.label}`}>
            <MenuLink link={child} className={childClass} />
          </li>
        ))}
      </ul>
    </div>
  );
}
