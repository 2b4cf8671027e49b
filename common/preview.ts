/**
 * What every answer of a preview address (`/preview/{secret}`) carries: kept
 * by nobody (browser, proxy, CDN or the page cache) and never indexed. The
 * 404 of a dead link and the 301 of a published document carry them too.
 */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;

/** The banner on a preview page. */
export const PREVIEW_BANNER = "Preview — this draft is not public yet.";
