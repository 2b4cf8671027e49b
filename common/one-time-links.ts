/**
 * The pages a one-time link opens (`?token=…`): password reset, invitation,
 * e-mail change and first-run setup. Their address holds a live secret, so
 * nothing third-party runs on them (no analytics, which would send the full
 * address; the policy does not allow it either), they are never stored (page
 * cache, browsers, proxies), and the token leaves the address bar before any
 * other script runs (app/lib/one-time-token.ts).
 */
export const ONE_TIME_LINK_PAGES = [
  "/reset-password",
  "/accept-invite",
  "/confirm-email",
  "/setup",
] as const;

/** Whether a path is one of those pages, as the router matches it (any case, trailing slashes). */
export function isOneTimeLinkPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return (ONE_TIME_LINK_PAGES as readonly string[]).includes(path);
}

/** Those pages' answers are kept by nobody. */
export const ONE_TIME_LINK_HEADERS = { "Cache-Control": "no-store" } as const;
