import { Hono } from "hono";
import { isOldQueryAddress, oldAddressRedirects } from "./api/old-addresses.ts";
import { type ContentChanges, createContentChanges } from "./cache/content-changes.ts";
import { createPageCache } from "./cache/page-cache.ts";
import { changeOfWrites } from "./cache/public-writes.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { nowIso } from "./db/normalize.ts";
import type { WriteEvents } from "./db/write-tracking.ts";
import { compression } from "./http/compression.ts";
import type { AppEnv } from "./http/context.ts";
import { handleError } from "./http/error-handler.ts";
import { clientAddress, refuseBadAddresses } from "./http/incoming.ts";
import { createOriginResolver } from "./http/origin.ts";
import { backgroundRenderer, pageCache, pageCacheFront } from "./http/page-cache.ts";
import { createPageCacheKey } from "./http/page-cache-key.ts";
import { createRequestStamp, requestContext } from "./http/request-context.ts";
import { apiQueries } from "./http/router.ts";
import type { Logger } from "./logger.ts";
import { findNextPublishTime } from "./modules/content/publish-schedule.ts";
import { createApi } from "./routes/api.ts";
import { mountFeeds } from "./routes/feeds.ts";
import { mountHealth } from "./routes/health.ts";
import { mountPages } from "./routes/pages.ts";
import { mountStaticFiles } from "./routes/static-files.ts";
import { createServices, toSiteServices } from "./services.ts";
import { BUILD_DIR, type PageHandler } from "./ssr.ts";

export type AppOptions = {
  config: Config;
  db: Db;
  /** Committed writes to `db` (DbHandle.writes): they empty the page cache. */
  writes: WriteEvents;
  logger: Logger;
  /** The React Router handler; without it only the API is served. */
  pages?: PageHandler;
  buildDir?: string;
  /** Vite dev server in front: its inline scripts need a looser CSP. */
  development?: boolean;
  /** The clock sessions are judged by (tests move it forward). */
  now?: () => Date;
  /** The port the server listens on (PORT, or the one given for PORT=0): a Host may name it. */
  port?: number;
  /** The server's secret (server/auth/secret-key.ts); loaded from the config when not given. */
  secret?: string;
  /** Where changes are announced (a worker's bus relays them to the others); a private one when not given. */
  changes?: ContentChanges;
  /** After a change, re-render the most requested stale pages ahead of visitors (default true). */
  rewarm?: boolean;
};

/**
 * The whole site as one Hono app: the services, the page cache, the middleware
 * every request passes, then the routes in the order they are tried (health,
 * /api, feeds, static files, pages; server/routes/).
 */
export function createApp({
  config,
  db,
  writes,
  logger,
  pages,
  buildDir = BUILD_DIR,
  development = false,
  now,
  port = config.port,
  secret,
  changes = createContentChanges(),
  rewarm = true,
}: AppOptions) {
  // Every committed write a visitor could see, whoever made it (API, page
  // action, a service called directly), announces a change: the cache tags of
  // the rows it wrote (server/cache/public-writes.ts).
  writes.subscribe((list) => {
    const change = changeOfWrites(list, nowIso());
    if (change) changes.publish(change);
  });
  const services = createServices({ db, config, logger, changes, now, secret });
  // A queued mail (an insert into the outbox, committed) goes out at once, not
  // at the sender's next tick (nothing happens unless the sender is started).
  writes.subscribe((list) => {
    if (list.some((write) => write.table === "mail_outbox" && write.columns === null)) {
      services.mailSender.sendSoon();
    }
  });
  const site = toSiteServices(services, config);
  const cache = config.pageCache
    ? createPageCache({
        maxBytes: config.pageCache.maxBytes,
        minRenderIntervalMs: config.pageCache.minRenderIntervalMs,
        nextChangeAt: () => findNextPublishTime(db, nowIso()),
        rewarm: rewarm ? undefined : false,
        onError: (error) => logger.error({ err: error }, "page cache"),
      })
    : null;
  if (cache) changes.subscribe(cache.change);
  const app = new Hono<AppEnv>();

  const originOf = createOriginResolver({ ...config, port });
  const api = createApi({ config, originOf });
  const stamp = createRequestStamp(logger, {
    development,
    https: config.publicUrl?.startsWith("https://") ?? false,
  });
  app.use(requestContext({ logger, services, stamp }));
  // With workers: a write is answered once its change reached the other
  // workers, so the next request, whichever worker takes it, sees it.
  app.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") await changes.flushed?.();
  });
  app.use(clientAddress(config.trustProxy));
  mountHealth(app, { db, config, logger });
  app.use(refuseBadAddresses());
  // An imported site's old addresses (/2019/05/slug/, /?p=123) answer 301 to their new ones.
  app.use(oldAddressRedirects((address) => services.contentImport.findOldAddressRedirect(address)));
  app.use(compression());
  // The API's GET calls and their declared query.
  const keyOf = createPageCacheKey({ originOf, apiQueries: () => apiQueries(api) });
  const onView = (postId: number) => services.posts.recordView(postId);
  app.use(pageCache({ cache, keyOf, onView, cdn: config.pageCache?.cdn }));
  const front = cache ? pageCacheFront({ cache, keyOf, stamp, onView }) : null;
  app.onError(handleError);

  app.route("/api", api);
  mountFeeds(app, { services, originOf });
  mountStaticFiles(app, { uploads: services.uploadStore, buildDir });
  if (pages) mountPages(app, { pages, services, site, originOf, development });

  /** What the server calls: stored answers from the page cache, everything else from the app. */
  const fetch = front
    ? (request: Request, env?: unknown) =>
        // `/?p=123` would be the stored home page: an old address goes to the app.
        (isOldQueryAddress(request.url) ? null : front(request, env)) ?? app.fetch(request, env)
    : (request: Request, env?: unknown) => app.fetch(request, env);

  // A stale entry is rendered again by a request through the app (not the front).
  cache?.setRenderer(backgroundRenderer((request) => app.fetch(request)));

  return { app, fetch, services, cache, changes };
}
