import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from "react-router";
import { useStaticDocument } from "#app/lib/static-page.ts";

/**
 * Links of the public pages. On a static page (decision 034) no router runs in
 * the browser, so a link is only its `<a href>`: it is written as one, without
 * the router's path resolution, a quarter of the router's share of a page's
 * render (docs/performance.md, "The render path"). That needs an absolute
 * address ("/blog?category=x"); any other `to`, and every link of a page React
 * renders (sign-in, register, …), is the router's, with client navigation.
 */
export function Link(props: ComponentProps<typeof RouterLink>) {
  if (!usePlainLink(props.to)) return <RouterLink {...props} />;
  return <a href={props.to as string} {...anchorAttributes(props)} />;
}

type NavLinkProps = Omit<ComponentProps<typeof RouterNavLink>, "children" | "style"> & {
  children?: React.ReactNode;
};

/** NavLink's active state (`aria-current="page"`, the class callback) on a plain link. */
export function NavLink(props: NavLinkProps) {
  const plain = usePlainLink(props.to);
  const { pathname } = useLocation();
  if (!plain) return <RouterNavLink {...props} />;
  const { end, caseSensitive, className, ...rest } = props;
  const isActive = isActivePath(pathname, props.to as string, { end, caseSensitive });
  const classes =
    typeof className === "function"
      ? className({ isActive, isPending: false, isTransitioning: false })
      : className;
  return (
    <a
      href={props.to as string}
      className={classes}
      aria-current={isActive ? "page" : undefined}
      {...anchorAttributes(rest)}
    />
  );
}

/** What only the router reads: left off a plain link. */
const ROUTER_PROPS = [
  "to",
  "prefetch",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "relative",
  "viewTransition",
  "discover",
] as const;

function anchorAttributes<P extends object>(props: P) {
  const attributes = { ...props } as Record<string, unknown>;
  for (const name of ROUTER_PROPS) delete attributes[name];
  return attributes as Omit<P, (typeof ROUTER_PROPS)[number]>;
}

function usePlainLink(to: unknown): boolean {
  return useStaticDocument() && typeof to === "string" && to.startsWith("/");
}

/** The router's rule: the path itself, or (without `end`) a path below it. */
export function isActivePath(
  pathname: string,
  to: string,
  options: { end?: boolean; caseSensitive?: boolean } = {},
): boolean {
  let target = to.replace(/[?#].*$/, "");
  let current = pathname;
  if (!options.caseSensitive) {
    target = target.toLowerCase();
    current = current.toLowerCase();
  }
  if (current === target) return true;
  if (options.end) return false;
  const below = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return current.startsWith(target) && current.charAt(below) === "/";
}
