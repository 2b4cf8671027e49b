import type { MiddlewareHandler } from "hono";

/**
 * The 301s of a site moved in from WordPress or Ghost (issue 27): a request
 * our site answers 404 (`/2019/05/slug/`, `/category/news/`, Ghost's
 * `/{slug}/`) is looked up among the old addresses and sent to where its
 * content lives now; `/?p=123`-style addresses, which the home page would
 * answer, are looked up first. Only GET and HEAD, never the API or files.
 */
const CONTENT_PARAMS = ["p", "page_id", "cat", "tag", "author"];
const SKIPPED = /^\/(?:api|assets|uploads)\//;

/** `/?p=123`, `/index.php?page_id=4`: a WordPress query address the home page would answer. */
export function isOldQueryAddress(address: string): boolean {
  const queryAt = address.indexOf("?");
  if (queryAt === -1) return false;
  const url = new URL(address, "http://site.invalid");
  if (url.pathname !== "/" && url.pathname !== "/index.php") return false;
  return CONTENT_PARAMS.some((name) => url.searchParams.has(name));
}

export function oldAddressRedirects(
  find: (pathWithQuery: string) => Promise<string | null>,
): MiddlewareHandler {
  const lookUp = (path: string) => find(path).catch(() => null); // a failed lookup is the 404 it would have been
  return async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || SKIPPED.test(c.req.path)) {
      return next();
    }
    const url = new URL(c.req.url);
    const asked = `${url.pathname}${url.search}`;
    if (isOldQueryAddress(asked)) {
      const target = await lookUp(asked);
      if (target) return c.redirect(target, 301);
    }
    await next();
    if (c.res.status !== 404) return;
    const target = await lookUp(asked);
    if (!target) return;
    // Hono copies the old answer's headers onto a new one (its length, its
    // encoding): the 404 goes first, so the 301 carries none of them.
    c.res = undefined;
    c.res = new Response(null, { status: 301, headers: { location: target } });
  };
}
