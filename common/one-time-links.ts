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
/** The one-time links that set a password: a reset, an invitation. */
export type PasswordLinkPurpose = "password_reset" | "invitation";

export const ONE_TIME_LINK_HEADERS = { "Cache-Control": "no-store" } as const;

/**
 * A draft's secret preview address (`/preview/{secret}`, issue 23): like a
 * one-time link's page it holds a secret, so it loads no analytics and is
 * kept by nobody (the route sends `Cache-Control: private, no-store`).
 */
export function isPreviewPage(pathname: string): boolean {
  return /^\/preview(\/|$)/i.test(pathname);
}

/** An address that holds a secret: no third-party script may see it. */
export function isSecretAddress(pathname: string): boolean {
  return isOneTimeLinkPage(pathname) || isPreviewPage(pathname);
}
