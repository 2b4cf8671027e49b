/**
 * The query parameters each public page reads (its loader or its screen), by
 * path. The page cache keys a page by these alone, in this order, so
 * `/?utm_source=…`, `/blog?page=2&category=x` and `/blog?category=x&page=2`
 * each find one stored copy, and parameters no page reads make no new ones.
 * A page that starts reading a parameter lists it here
 * (`tests/unit/page-queries.test.ts` finds the ones the app reads).
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/blog": ["category", "tag", "search", "page"],
  "/login": ["from", "setup", "reset", "invite"],
  // One-time links (never stored, but a render under way is shared by key).
  "/reset-password": ["token"],
  "/accept-invite": ["token"],
  "/confirm-email": ["token"],
  "/setup": ["token"],
  // React Router's route discovery: the routes of the paths a page links to.
  "/__manifest": ["paths", "version"],
};

/** The parameters a page's data request (`/blog.data?…`) reads besides the page's own. */
export const DATA_REQUEST_PARAMS = ["_routes", "index"] as const;
