/**
 * The addresses an imported site's content had, so that each can answer 301
 * to its new one: what a visitor, a search engine or an old link asks for.
 * Stored and looked up in one normal form (`normalizeOldAddress`), so
 * `/2019/05/slug`, `/2019/05/slug/` and `/2019/05/Slug/?utm_source=x` meet.
 */

/** Query parameters that name content on a WordPress site; others are dropped. */
const CONTENT_PARAMS = ["p", "page_id", "cat", "tag", "author"];

/**
 * The normal form of a requested path with its query: percent-decoded,
 * lower-case, no trailing slash (but "/" itself), and only the query
 * parameters that pick content (`/?p=123`), in a fixed order.
 */
export function normalizeOldAddress(pathWithQuery: string): string {
  let url: URL;
  try {
    // "//x" would read as a host: a path asked for with doubled slashes is still a path.
    url = new URL(pathWithQuery.replace(/^\/{2,}/, "/"), "http://old.invalid");
  } catch {
    return pathWithQuery;
  }
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // kept as written
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  // WordPress answers its query addresses at /index.php too.
  if (path === "/index.php") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  const params = CONTENT_PARAMS.flatMap((name) => {
    const value = url.searchParams.get(name);
    return value ? [`${name}=${value.toLowerCase()}`] : [];
  });
  return params.length ? `${path}?${params.join("&")}` : path;
}

/** The path (with query) of an absolute or relative address on the old site. */
function pathOf(address: string): string | null {
  if (!address) return null;
  try {
    const url = new URL(address, "http://old.invalid");
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/**
 * A WordPress post's or page's old addresses: its permalink (`<link>`,
 * whatever the site's permalink structure was) and the plain `?p=` or
 * `?page_id=` form every WordPress site answers, normalised, once each.
 */
export function wordpressItemAddresses(item: {
  id: number;
  type: string;
  link: string;
  guid: string;
}): string[] {
  const found = new Set<string>();
  const link = pathOf(item.link);
  const linked = link ? normalizeOldAddress(link) : "/";
  // A draft's link may be the site itself ("https://old.example.com//").
  if (linked !== "/") found.add(linked);
  found.add(normalizeOldAddress(item.type === "page" ? `/?page_id=${item.id}` : `/?p=${item.id}`));
  const guid = pathOf(item.guid);
  if (guid && /[?&](p|page_id)=\d+/.test(guid)) found.add(normalizeOldAddress(guid));
  return [...found];
}

/** A WordPress category's or tag's default archive address. */
export function wordpressTermAddress(kind: "category" | "tag", slug: string): string {
  // A child category's path keeps its slashes (`news/local-news`).
  const path = slug.split("/").map(encodeURIComponent).join("/");
  return normalizeOldAddress(`/${kind}/${path}/`);
}

/** A Ghost post's or page's address (`/{slug}/`), and a tag's (`/tag/{slug}/`). */
export function ghostAddress(kind: "post" | "tag", slug: string): string {
  return normalizeOldAddress(kind === "tag" ? `/tag/${slug}/` : `/${slug}/`);
}
