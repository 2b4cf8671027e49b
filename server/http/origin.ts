/**
 * The site's own address for canonical links, feeds, the sitemap and robots.txt.
 * `PUBLIC_URL` when set. Otherwise a request's Host header is believed only for
 * the host names in `ALLOWED_HOSTS` (by default this machine's own names): a
 * forged Host must never put someone else's address into a page, a feed or a
 * stored copy of them. In demo mode any host is taken as it comes.
 */
export function createOriginResolver(config: {
  publicUrl: string | undefined;
  demoMode: boolean;
  allowedHosts: readonly string[];
}): (requestUrl: string) => string {
  const fixed = config.publicUrl;
  if (fixed) return () => fixed;
  const allowed = new Set(config.allowedHosts.map((host) => host.toLowerCase()));
  return (requestUrl) => {
    const end = requestUrl.indexOf("/", requestUrl.indexOf("//") + 2);
    const origin = end === -1 ? requestUrl : requestUrl.slice(0, end);
    if (config.demoMode) return origin;
    const url = new URL(origin);
    if (allowed.has(url.hostname.toLowerCase())) return origin;
    url.hostname = "localhost";
    return url.origin;
  };
}
