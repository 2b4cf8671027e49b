import { DATA_REQUEST_PARAMS, PAGE_QUERY_PARAMS } from "#common/page-queries.ts";

/**
 * Where a request's answer is kept in the page cache: `key`; and whether the
 * address is a `variant` (a query the page reads, or a path not in its plain
 * form such as `/About` or `/about/`), which the cache stores only once asked
 * for twice and keeps within a share of its memory (server/cache/page-cache.ts).
 */
export type PageCacheKey = { key: string; variant: boolean };

/** A GET call of the API and the query parameters it declares (its OpenAPI definition). */
export type ApiQuery = { path: string; params: readonly string[] };

/** The plain form of our addresses: lowercase segments, no empty one, no trailing slash. */
const PLAIN_PATH = /^\/$|^(?:\/[a-z0-9._~-]+)+$/;

/**
 * The page cache's key of a request URL: the site's address as pages print
 * it (`originOf`: a forged Host can neither pick another entry nor plant
 * one), the path, and only the query parameters the page or call reads, in a
 * fixed order (pages: common/page-queries.ts; the API: its declared query).
 * Parameters nobody reads (`utm_source`, `fbclid`, …) are not part of it.
 */
export function createPageCacheKey(options: {
  originOf: (url: string) => string;
  /** The API's GET calls; asked once, at the first request with a query. */
  apiQueries: () => readonly ApiQuery[];
}): (url: string) => PageCacheKey {
  let api: { pattern: RegExp; params: readonly string[] }[] | undefined;
  const apiParams = (path: string) => {
    api ??= options.apiQueries().map(({ path: template, params }) => ({
      pattern: new RegExp(`^/api${template.replace(/\{[^}/]+\}/g, "[^/]+")}$`),
      params: [...params].sort(),
    }));
    return api.find((call) => call.pattern.test(path))?.params ?? [];
  };

  return (url) => {
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const queryStart = url.indexOf("?", pathStart);
    const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
    const plain = PLAIN_PATH.test(path);
    const origin = options.originOf(url);
    if (queryStart === -1 || queryStart === url.length - 1) {
      return { key: origin + path, variant: !plain };
    }
    const names = path.startsWith("/api/") ? apiParams(path) : pageParams(path);
    const query = names.length ? keptQuery(url.slice(queryStart + 1), names) : "";
    return { key: query ? `${origin}${path}?${query}` : origin + path, variant: !plain || !!query };
  };
}

/** The parameters a page (or its `.data` request) reads, looked up as the router matches paths. */
function pageParams(path: string): readonly string[] {
  let page = path;
  let data = false;
  if (page.endsWith("/_.data")) {
    page = page.slice(0, -"_.data".length);
    data = true;
  } else if (page.endsWith(".data")) {
    page = page.slice(0, -".data".length);
    data = true;
  }
  const own = PAGE_QUERY_PARAMS[page.replace(/\/+$/, "").toLowerCase() || "/"] ?? [];
  return data ? [...own, ...DATA_REQUEST_PARAMS] : own;
}

/** `names`' values from a query string, in the order of `names`, each name's values as sent. */
function keptQuery(search: string, names: readonly string[]) {
  const sent = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) for (const value of sent.getAll(name)) kept.append(name, value);
  return kept.toString();
}
