/**
 * The site's own address for canonical links, feeds, the sitemap and robots.txt.
 * `PUBLIC_URL` when set. Otherwise a request's Host header is believed only for
 * the host names in `ALLOWED_HOSTS` (by default this machine's own names): a
 * forged Host must never put someone else's address into a page, a feed or a
 * stored copy of them. In demo mode any host is taken as it comes.
 *
 * A port in the Host header is kept only when it is the one the server listens
 * on (`port`) or ALLOWED_HOSTS names that host with it (`example.com:8443`);
 * any other port is left out. So `Host: localhost:1`, `localhost:2`, … cannot
 * make a new address each, in pages or in the page cache's keys.
 */
/** The site's address for a request's URL (PUBLIC_URL, or its allowed Host). */
export type OriginOf = (requestUrl: string) => string;

export function createOriginResolver(config: {
  publicUrl: string | undefined;
  demoMode: boolean;
  allowedHosts: readonly string[];
  /** The port the server listens on, when known. */
  port?: number;
}): OriginOf {
  const fixed = config.publicUrl;
  if (fixed) return () => fixed;
  const allowed = new Set(config.allowedHosts.map((host) => host.toLowerCase()));
  const ownPort = config.port ? String(config.port) : undefined;
  return (requestUrl) => {
    const end = requestUrl.indexOf("/", requestUrl.indexOf("//") + 2);
    const origin = end === -1 ? requestUrl : requestUrl.slice(0, end);
    if (config.demoMode) return origin;
    const url = new URL(origin);
    const host = url.hostname.toLowerCase();
    if (!url.port || url.port === ownPort) {
      if (allowed.has(host)) return origin;
    } else if (allowed.has(`${host}:${url.port}`)) {
      return origin;
    } else if (allowed.has(host)) {
      url.port = "";
      return url.origin;
    }
    url.hostname = "localhost";
    if (url.port !== ownPort) url.port = "";
    return url.origin;
  };
}
