import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
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
 * item's own link, and a button that shows or hides its links (aria-expanded).
 * Escape closes it and puts the focus back on the button; so do a click
 * elsewhere, moving the focus out of it, and following a link. Below md it
 * opens inside the collapsible menu, on wider screens as a panel below.
 */
export function NavDropdown({
  item,
  linkClass,
}: {
  item: SiteHeaderItem;
  linkClass: (state: { isActive: boolean }) => string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setOpen(false), [pathname, search]);

  // While open: a click elsewhere or the focus moving out closes it; Escape
  // (focus anywhere inside) closes it and returns the focus to the button.
  useEffect(() => {
    if (!open) return;
    const inside = (node: EventTarget | null) =>
      node instanceof Node && !!root.current?.contains(node);
    const away = (event: PointerEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    const focusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !inside(event.relatedTarget)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !inside(document.activeElement)) return;
      setOpen(false);
      button.current?.focus();
    };
    const element = root.current;
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", onEscape);
    element?.addEventListener("focusout", focusOut);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", onEscape);
      element?.removeEventListener("focusout", focusOut);
    };
  }, [open]);

  return (
    <div ref={root} className="relative flex flex-wrap items-center">
      {item.href ? <MenuLink link={{ ...item, href: item.href }} className={linkClass} /> : null}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex items-center gap-1 rounded-md py-2 text-sm font-medium text-slate-700 hover:text-brand-strong dark:text-slate-200 dark:hover:text-brand-light ${
          item.href ? "px-1.5" : "px-3"
        }`}
      >
        {item.href ? <span className="sr-only">{`${item.label} submenu`}</span> : item.label}
        <Icon
          name="chevronDown"
          width={16}
          height={16}
          className={`transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <ul
        id={listId}
        className={`${open ? "block" : "hidden"} w-full space-y-1 border-l border-slate-200 py-1 pl-3 md:absolute md:top-full md:left-0 md:z-50 md:mt-1 md:w-auto md:min-w-52 md:rounded-lg md:border md:bg-white md:p-2 md:shadow-lg dark:border-slate-700 md:dark:bg-slate-900`}
      >
        {item.children.map((child) => (
          <li key={`${child.href}|${child.label}`}>
            <MenuLink link={child} className={childClass} onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
