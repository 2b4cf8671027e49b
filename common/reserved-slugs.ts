/**
 * Addresses a company page (`/{slug}`) may not take: the first path segment
 * of every address the site answers itself. A page there would never be
 * shown (the route wins) or would hide one of ours. No zod here (the admin's
 * page form and the server both read it).
 *
 * Kept in step with the route tables by tests/unit/reserved-slugs.test.ts,
 * which reads app/routes.ts and the Hono routes of server/app.ts (and the
 * files of public/): a new route whose first segment is not listed here
 * fails it. `terms` and `privacy` are not reserved: they are pages.
 */

/** The first segments of the pages in app/routes.ts (the public layout and /admin). */
export const APP_ROUTE_SEGMENTS = [
  "about",
  "contact",
  "blog",
  "services",
  "gallery",
  "login",
  "register",
  "forgot-password",
  "reset-password",
  "accept-invite",
  "confirm-email",
  "setup",
  "unauthorized",
  "preview",
  "admin",
] as const;

/**
 * What server/app.ts answers before the pages: the API, static files, probes
 * and feeds, and the files of public/. Names with a dot can never be a slug
 * (a slug is a-z, 0-9 and hyphens); they are listed so the list is the whole
 * route table.
 */
export const SERVER_ROUTE_SEGMENTS = [
  "api",
  "assets",
  "uploads",
  "healthz",
  "readyz",
  "sitemap.xml",
  "robots.txt",
  "rss.xml",
  "favicon.ico",
  "favicon.svg",
] as const;

export const RESERVED_SLUGS: ReadonlySet<string> = new Set<string>([
  ...APP_ROUTE_SEGMENTS,
  ...SERVER_ROUTE_SEGMENTS,
]);

export const RESERVED_SLUG_MESSAGE = "Slug is an address the site uses itself; choose another";

/** Whether `/{slug}` is one of the site's own addresses. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.trim().toLowerCase());
}
