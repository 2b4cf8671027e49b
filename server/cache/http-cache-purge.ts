import type { Logger } from "#server/logger.ts";
import type { ContentChange } from "./content-changes.ts";

/** How long one purge call may take before it is given up (and logged). */
const PURGE_TIMEOUT_MS = 3_000;

/**
 * Tells the shared HTTP caches in front of the site (Varnish with the xkey
 * module, a CDN) what a change staled or purged, by the same cache tags the
 * answers carry in `Surrogate-Key` and `Cache-Tag` (decision 033). One call
 * per cache and change, made by the process where the change happened:
 *
 * - `xkey-softpurge: <tags>`: shown stale while fetched again (Varnish's grace);
 * - `xkey-purge: <tags>`: never served again (content left public view);
 * - `Surrogate-Key` / `Cache-Tag`: every tag, for CDNs that purge by either;
 * - `Authorization: Bearer <CACHE_PURGE_TOKEN>` when set.
 *
 * A cache that does not answer is logged and skipped: the change is made
 * either way, and the cache's own `s-maxage` bounds what it keeps.
 */
export function createHttpCachePurge(options: {
  urls: readonly string[];
  method: string;
  token?: string;
  logger: Logger;
}) {
  return async function purge(change: ContentChange): Promise<void> {
    if (change.stale.length === 0 && change.purge.length === 0) return;
    const all = [...new Set([...change.purge, ...change.stale])];
    const headers: Record<string, string> = {
      "surrogate-key": all.join(" "),
      "cache-tag": all.join(","),
    };
    if (change.purge.length) headers["xkey-purge"] = change.purge.join(" ");
    const soft = change.stale.filter((tag) => !change.purge.includes(tag));
    if (soft.length) headers["xkey-softpurge"] = soft.join(" ");
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    await Promise.all(
      options.urls.map(async (url) => {
        try {
          const response = await fetch(url, {
            method: options.method,
            headers,
            signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
          });
          await response.body?.cancel();
          if (!response.ok) {
            options.logger.warn({ url, status: response.status }, "cache purge refused");
          }
        } catch (error) {
          options.logger.warn({ url, err: error }, "cache purge failed");
        }
      }),
    );
  };
}
