/**
 * Menus: the header navigation and the footer's link columns, kept in the
 * settings section `navigation`. Types, limits, the defaults (exactly the
 * spec's navigation) and the link rules. No zod here: the public layout
 * imports this module; the schema is in `schemas/navigation.ts`.
 */

/** Our own pages a menu item can point at by name. */
export const NAV_ROUTES = {
  home: { path: "/", label: "Home" },
  about: { path: "/about", label: "About" },
  services: { path: "/services", label: "Services" },
  gallery: { path: "/gallery", label: "Gallery" },
  blog: { path: "/blog", label: "Blog" },
  contact: { path: "/contact", label: "Contact" },
  login: { path: "/login", label: "Sign in" },
  register: { path: "/register", label: "Register" },
} as const;
export type NavRoute = keyof typeof NAV_ROUTES;
export const NAV_ROUTE_NAMES = /* @__PURE__ */ Object.keys(NAV_ROUTES) as NavRoute[];

/** Content a menu item can point at by id, so a renamed slug follows. */
export const MENU_REFERENCE_TYPES = ["page", "service", "post", "category"] as const;
export type MenuReferenceType = (typeof MENU_REFERENCE_TYPES)[number];

export const MENU_TARGET_TYPES = [...MENU_REFERENCE_TYPES, "route", "url"] as const;
export type MenuTargetType = (typeof MENU_TARGET_TYPES)[number];

export type MenuReference = { type: MenuReferenceType; id: number };
export type MenuTarget =
  | MenuReference
  | { type: "route"; route: NavRoute }
  | { type: "url"; url: string };

/** One link of a menu. */
export type MenuLink = { label: string; target: MenuTarget; newTab: boolean };
/** A header item: a link with at most one level of children (a dropdown). */
export type HeaderMenuItem = MenuLink & { children: MenuLink[] };
export type FooterColumn = { title: string; items: MenuLink[] };

export type NavigationSettings = {
  header: HeaderMenuItem[];
  footer: { columns: FooterColumn[] };
  /** The spec's "button Admin to /admin (visible to everyone)"; a company may hide it. */
  showAdminButton: boolean;
};

export const MENU_LIMITS = {
  label: 60,
  url: 2000,
  headerItems: 12,
  children: 12,
  footerColumns: 3,
  columnItems: 12,
  columnTitle: 60,
} as const;

/** How many services the footer lists (in their admin order); more add an "All services" link. */
export const FOOTER_SERVICES_MAX = 6;

// The spec's navigation, DEFAULT_NAVIGATION, is in `settings.ts` (which every page loads) with
// the other defaults; it is not re-exported here, as `settings.ts` imports this module's types.

/**
 * A custom link's address: a path of this site ("/", "/careers?x=1", never
 * "//host") or an http(s) URL with a host. No spaces, backslashes or control
 * characters anywhere (browsers read "/\host" as another site), so no
 * `javascript:`, `data:` or protocol-relative address gets in.
 */
export function isMenuUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are what we refuse
  if (value.length === 0 || /[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** What a menu reference's content is called in the admin ("Page", "Blog post"…). */
export const MENU_TARGET_LABELS: Record<MenuTargetType, string> = {
  page: "Page",
  service: "Service",
  post: "Blog post",
  category: "Blog category",
  route: "Site page",
  url: "Custom URL",
};

/** The address of a referenced item with this slug. */
export function referenceHref(type: MenuReferenceType, slug: string): string {
  switch (type) {
    case "page":
      return `/${slug}`;
    case "service":
      return `/services/${slug}`;
    case "post":
      return `/blog/${slug}`;
    case "category":
      return `/blog?category=${encodeURIComponent(slug)}`;
  }
}

/* ---- What the public layout renders: menus resolved on the server. ---- */

/** A link as the layout renders it. */
export type SiteLink = {
  label: string;
  href: string;
  newTab: boolean;
  /** A custom URL: opened with a full page load (it may not be one of our pages). */
  external: boolean;
};

/** A header item; `href` null when its own target is gone but its dropdown still has links. */
export type SiteHeaderItem = Omit<SiteLink, "href"> & { href: string | null; children: SiteLink[] };

export type SiteMenus = {
  header: SiteHeaderItem[];
  footerColumns: { title: string; items: SiteLink[] }[];
  /** The first FOOTER_SERVICES_MAX services in their admin order. */
  footerServices: SiteLink[];
  /** There are more services than the footer lists: it adds a link to /services. */
  moreServices: boolean;
  showAdminButton: boolean;
};

/** A link of a route or custom-URL target (no database needed); null for a reference. */
export function staticLink(link: MenuLink): SiteLink | null {
  const { target } = link;
  if (target.type === "route") {
    const route = NAV_ROUTES[target.route];
    return route
      ? { label: link.label, href: route.path, newTab: link.newTab, external: false }
      : null;
  }
  if (target.type === "url") {
    return isMenuUrl(target.url)
      ? { label: link.label, href: target.url, newTab: link.newTab, external: true }
      : null;
  }
  return null;
}

/**
 * The menus from settings and the resolved links of the referenced content
 * (`links`, keyed `type:id`, holding only what visitors may see). An item
 * whose target is gone or hidden is left out; a header item whose own target
 * is gone keeps its dropdown when it still has links.
 */
export function buildSiteMenus(
  navigation: NavigationSettings,
  links: ReadonlyMap<string, string>,
  services: { title: string; slug: string }[],
): SiteMenus {
  const resolve = (link: MenuLink): SiteLink | null => {
    const fixed = staticLink(link);
    if (fixed || link.target.type === "route" || link.target.type === "url") return fixed;
    const href = links.get(referenceKey(link.target));
    return href ? { label: link.label, href, newTab: link.newTab, external: false } : null;
  };
  const header: SiteHeaderItem[] = [];
  for (const item of navigation.header) {
    const own = resolve(item);
    const children = item.children.map(resolve).filter((l): l is SiteLink => l !== null);
    if (own) header.push({ ...own, children });
    else if (children.length > 0) {
      header.push({ label: item.label, href: null, newTab: false, external: false, children });
    }
  }
  return {
    header,
    footerColumns: navigation.footer.columns.map((column) => ({
      title: column.title,
      items: column.items.map(resolve).filter((l): l is SiteLink => l !== null),
    })),
    footerServices: services.slice(0, FOOTER_SERVICES_MAX).map((service) => ({
      label: service.title,
      href: `/services/${service.slug}`,
      newTab: false,
      external: false,
    })),
    moreServices: services.length > FOOTER_SERVICES_MAX,
    showAdminButton: navigation.showAdminButton,
  };
}

export function referenceKey(reference: MenuReference): string {
  return `${reference.type}:${reference.id}`;
}

/** Every reference the menus hold (header, children, footer). */
export function menuReferences(navigation: NavigationSettings): MenuReference[] {
  const all: MenuLink[] = [
    ...navigation.header.flatMap((item) => [item, ...item.children]),
    ...navigation.footer.columns.flatMap((column) => column.items),
  ];
  return all
    .map((link) => link.target)
    .filter((target): target is MenuReference =>
      (MENU_REFERENCE_TYPES as readonly string[]).includes(target.type),
    );
}

/**
 * The menus as anyone but the staff who edit them may read them (the public
 * API): links to content visitors cannot see are left out, as on the site.
 */
export function visibleNavigation(
  navigation: NavigationSettings,
  links: ReadonlyMap<string, string>,
): NavigationSettings {
  const shown = (link: MenuLink) =>
    staticLink(link) !== null ||
    ((MENU_REFERENCE_TYPES as readonly string[]).includes(link.target.type) &&
      links.has(referenceKey(link.target as MenuReference)));
  return {
    header: navigation.header
      .map((item) => ({ ...item, children: item.children.filter(shown) }))
      .filter((item) => shown(item) || item.children.length > 0),
    footer: {
      columns: navigation.footer.columns.map((column) => ({
        ...column,
        items: column.items.filter(shown),
      })),
    },
    showAdminButton: navigation.showAdminButton,
  };
}
