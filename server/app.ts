import type { IncomingMessage } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { sql } from "kysely";
import { contactMap } from "#common/contact.ts";
import { isSecretAddress } from "#common/one-time-links.ts";
import { GOOGLE_ANALYTICS_ID_PATTERN } from "#common/settings.ts";
import { auditApi } from "./api/audit.ts";
import { authApi } from "./api/auth.ts";
import { blogApi } from "./api/blog.ts";
import { contactApi } from "./api/contact.ts";
import { dashboardApi } from "./api/dashboard.ts";
import { demoApi } from "./api/demo.ts";
import { renderApiReference } from "./api/docs.ts";
import { editingApi } from "./api/editing.ts";
import { galleryApi } from "./api/gallery.ts";
import { importsApi } from "./api/imports.ts";
import { mailApi } from "./api/mail.ts";
import { mediaApi } from "./api/media.ts";
import { navigationApi } from "./api/navigation.ts";
import { isOldQueryAddress, oldAddressRedirects } from "./api/old-addresses.ts";
import { pagesApi } from "./api/pages.ts";
import { previewLinksApi } from "./api/preview-links.ts";
import { revisionsApi } from "./api/revisions.ts";
import { servicesApi } from "./api/services.ts";
import { settingsApi } from "./api/settings.ts";
import { teamApi } from "./api/team.ts";
import { uploadApi } from "./api/upload.ts";
import { usersApi } from "./api/users.ts";
import { type ContentChanges, createContentChanges } from "./cache/content-changes.ts";
import { createPageCache } from "./cache/page-cache.ts";
import { changeOfWrites } from "./cache/public-writes.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { isDatabaseBusy } from "./db/errors.ts";
import { nowIso } from "./db/normalize.ts";
import type { WriteEvents } from "./db/write-tracking.ts";
import { authenticate } from "./http/authenticate.ts";
import {
  isImportFileUrl,
  isUploadUrl,
  JSON_BODY_LIMIT,
  PAGE_BODY_LIMIT,
  uploadBodyLimit,
} from "./http/body-limits.ts";
import { compression } from "./http/compression.ts";
import type { AppEnv } from "./http/context.ts";
import { createOriginResolver } from "./http/origin.ts";
import { backgroundRenderer, pageCache, pageCacheFront } from "./http/page-cache.ts";
import { createPageCacheKey } from "./http/page-cache-key.ts";
import { createRequestStamp, requestContext } from "./http/request-context.ts";
import { apiQueries, createRouter } from "./http/router.ts";
import { createNonce, noncePolicy } from "./http/security.ts";
import { AppError, isAppError } from "./lib/app-error.ts";
import { resolveClientAddress } from "./lib/client-address.ts";
import type { Logger } from "./logger.ts";
import { findNextPublishTime } from "./modules/content/publish-schedule.ts";
import { FALLBACK_SETTINGS } from "./modules/settings/settings.service.ts";
import { storedImageType } from "./modules/uploads/stored-names.ts";
import { formatBytes } from "./modules/uploads/uploads.service.ts";
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

/** Files under `dir` (traversal-safe), with Cache-Control (and `headers`) on a hit. */
function staticFiles(
  dir: string,
  cacheControl: string,
  options: { precompressed?: boolean; headers?: (path: string) => Record<string, string> } = {},
): MiddlewareHandler<AppEnv> {
  const hits = new WeakSet<object>();
  const serve = serveStatic({
    // serveStatic takes a root relative to the working directory.
    root: path.relative(process.cwd(), dir) || ".",
    precompressed: options.precompressed ?? true,
    onFound: (_path, c) => {
      hits.add(c);
    },
  });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response && hits.has(c)) {
      response.headers.set("cache-control", cacheControl);
      for (const [name, value] of Object.entries(options.headers?.(c.req.path) ?? {})) {
        response.headers.set(name, value);
      }
    }
    return response;
  };
}

/**
 * Uploaded files are served only under the names the image pipeline gives
 * (stored-names.ts), as the image type the name says, and sandboxed: opened
 * on its own, nothing in such a file can run or reach the site.
 */
const UPLOAD_POLICY = "default-src 'none'; sandbox";

function uploadHeaders(requestPath: string): Record<string, string> {
  const type = storedImageType(requestPath.slice("/uploads/".length));
  return {
    "content-type": type?.mime ?? "application/octet-stream",
    "content-security-policy": UPLOAD_POLICY,
    "x-content-type-options": "nosniff",
  };
}

const isStoredUploadPath = (requestPath: string) =>
  requestPath.startsWith("/uploads/") &&
  storedImageType(requestPath.slice("/uploads/".length)) !== null;

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
  // Who is asking, for per-client limits: the socket's address, or a trusted
  // proxy's header (TRUST_PROXY, TRUST_PROXY_HEADER; server/lib/client-address.ts).
  app.use(async (c, next) => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    c.set(
      "client",
      resolveClientAddress(config.trustProxy, socket?.remoteAddress, c.req.raw.headers),
    );
    await next();
  });
  // Before the other middleware: a load balancer's probe costs nothing more.
  app.get("/healthz", (c) => c.json({ ok: true }));
  // Ready to serve: the database answers. For load balancers and orchestrators.
  app.get("/readyz", async (c) => {
    c.header("cache-control", "no-store");
    try {
      await sql`select 1`.execute(db);
      return c.json({ ok: true, database: config.database.kind });
    } catch (error) {
      logger.warn({ err: error }, "readiness: the database does not answer");
      return c.json({ ok: false, message: "The database does not answer" }, 503);
    }
  });
  // NUL characters are never meaningful here and PostgreSQL refuses them in text.
  app.use(async (c, next) => {
    const target = c.req.url;
    if (target.includes("%")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(target);
      } catch {
        return c.json({ success: false, message: "The address is not valid URL encoding" }, 400);
      }
      if (decoded.includes("\0")) {
        return c.json(
          { success: false, message: "The address must not contain NUL characters" },
          400,
        );
      }
    }
    await next();
  });
  // An imported site's old addresses (/2019/05/slug/, /?p=123) answer 301 to their new ones.
  app.use(oldAddressRedirects((address) => services.contentImport.findOldAddressRedirect(address)));
  app.use(compression());
  // The API's GET calls and their declared query, read once the routes below exist.
  const keyOf = createPageCacheKey({ originOf, apiQueries: () => apiQueries(api) });
  app.use(
    pageCache({
      cache,
      keyOf,
      onView: (postId) => services.posts.recordView(postId),
      cdn: config.pageCache?.cdn,
    }),
  );
  const front = cache
    ? pageCacheFront({
        cache,
        keyOf,
        stamp,
        onView: (postId) => services.posts.recordView(postId),
      })
    : null;

  app.onError((caught, c) => {
    // A write that met a lock held elsewhere (another process on the SQLite
    // file, a long PostgreSQL transaction): nothing was written; try again.
    const error = isDatabaseBusy(caught)
      ? AppError.unavailable("The site is busy. Please try again in a moment.", 1)
      : caught;
    if (error !== caught) c.var.logger?.warn({ err: caught }, "database busy: answered 503");
    if (isAppError(error)) {
      if (error.retryAfter !== undefined) c.header("Retry-After", String(error.retryAfter));
      return c.json(
        {
          success: false,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...error.details,
        },
        error.status,
      );
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message =
        status === 413
          ? "Request body is too large"
          : status === 415
            ? "The request body must be JSON (Content-Type: application/json)"
            : error.message || "Invalid request";
      return c.json({ success: false, message }, status);
    }
    // A handler that reads the body itself (`c.req.json()`) meets a body that
    // is not JSON: the caller's mistake, not ours.
    if (error instanceof SyntaxError && c.req.method !== "GET" && c.req.method !== "HEAD") {
      const message = "The request body must be valid JSON";
      return c.json({ success: false, message, errors: { body: message } }, 400);
    }
    c.var.logger?.error({ err: error }, "unhandled error");
    return c.json(
      {
        success: false,
        message: `Something went wrong on our side. Reference: ${c.var.requestId ?? "unknown"}`,
      },
      500,
    );
  });

  const api = createRouter();
  // Every body is bounded before anything reads it: the upload call (exactly
  // that path) by the upload limit, every other call by the JSON limit. The
  // limits wrap the stream, so nothing is read here.
  const uploadLimit = bodyLimit({
    maxSize: uploadBodyLimit(config.uploadMaxBytes),
    onError: (c) =>
      c.json(
        {
          success: false,
          message: `File is too large (max ${formatBytes(config.uploadMaxBytes)})`,
        },
        413,
      ),
  });
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ success: false, message: "Request body is too large" }, 413),
  });
  api.use("*", (c, next) =>
    // An export (POST /api/imports) is streamed to disk under the importer's own limit.
    isImportFileUrl(c.req.path)
      ? next()
      : isUploadUrl(c.req.path)
        ? uploadLimit(c, next)
        : jsonLimit(c, next),
  );
  api.use("*", authenticate());
  // The site's address, for the links a call answers with (a preview link's URL).
  api.use("*", async (c, next) => {
    c.set("origin", originOf(c.req.url));
    await next();
  });
  // The NUL check of a JSON body and the 401/403 checks run per call, after
  // routing and authentication and before validation (server/http/router.ts).
  for (const router of [
    demoApi({ demoMode: config.demoMode }),
    authApi,
    blogApi,
    servicesApi,
    pagesApi,
    previewLinksApi,
    revisionsApi,
    editingApi,
    settingsApi,
    navigationApi,
    galleryApi,
    teamApi,
    contactApi,
    uploadApi,
    mediaApi,
    importsApi,
    usersApi,
    dashboardApi,
    auditApi,
    mailApi,
  ]) {
    api.route("/", router);
  }
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
  });
  const openApiConfig = {
    openapi: "3.1.0",
    servers: [{ url: "/api" }],
    info: {
      title: "Beranda API",
      version: "1.0.0",
      description: "Company website and blog CMS. See docs/api.md for roles and messages.",
      license: { name: "Proprietary", identifier: "LicenseRef-Beranda-Proprietary" },
    },
  };
  api.doc31("/openapi.json", openApiConfig);
  let reference: string | undefined;
  api.get("/docs", (c) => {
    reference ??= renderApiReference(api.getOpenAPI31Document(openApiConfig) as never);
    return c.html(reference);
  });
  api.all("*", (c) =>
    c.json({ success: false, message: `No API route for ${c.req.method} ${c.req.path}` }, 404),
  );
  app.route("/api", api);

  const feedHeaders = (type: string) => ({
    "content-type": type,
    "cache-control": "public, max-age=300",
  });
  app.get("/sitemap.xml", async (c) =>
    c.body(
      await services.feeds.buildSitemap(originOf(c.req.url)),
      200,
      feedHeaders("application/xml; charset=utf-8"),
    ),
  );
  app.get("/:file{sitemap-(?:pages|posts-[1-9][0-9]{0,5})\\.xml}", async (c) => {
    const file = c.req.param("file");
    const page = /posts-(\d+)/.exec(file)?.[1];
    const xml = await services.feeds.buildSitemapPart(
      originOf(c.req.url),
      page ? { kind: "posts", page: Number(page) } : { kind: "pages" },
    );
    if (xml === null) return c.text("Not found", 404);
    return c.body(xml, 200, feedHeaders("application/xml; charset=utf-8"));
  });
  app.get("/robots.txt", async (c) =>
    c.body(
      await services.feeds.buildRobots(originOf(c.req.url)),
      200,
      feedHeaders("text/plain; charset=utf-8"),
    ),
  );
  app.get("/rss.xml", async (c) =>
    c.body(
      await services.feeds.buildRss(originOf(c.req.url)),
      200,
      feedHeaders("application/rss+xml; charset=utf-8"),
    ),
  );

  // Uploaded files and built assets have content-hashed names: they never change.
  const immutable = "public, max-age=31536000, immutable";
  const clientDir = path.join(buildDir, "client");
  // Anything else under /uploads (another name, a subfolder) is not served.
  const uploads = staticFiles(path.dirname(config.uploadsDir), immutable, {
    precompressed: false,
    headers: uploadHeaders,
  });
  app.use("/uploads/*", (c, next) => (isStoredUploadPath(c.req.path) ? uploads(c, next) : next()));
  app.on(["GET", "HEAD"], "/uploads/*", (c) => c.text("Not found", 404));
  app.use("/assets/*", staticFiles(clientDir, immutable));
  app.on(["GET", "HEAD"], "/assets/*", (c) => c.text("Not found", 404));
  // Other files of the build (favicon and the like) all have an extension; page
  // addresses have none, so they skip the file-system lookup.
  const publicFiles = staticFiles(clientDir, "public, max-age=3600");
  app.use("*", (c, next) => (/\.[^/]*$/.test(c.req.path) ? publicFiles(c, next) : next()));

  if (pages) {
    // Pages take forms only (the contact form): small bodies.
    app.use(
      "*",
      bodyLimit({
        maxSize: PAGE_BODY_LIMIT,
        onError: (c) => c.text("Request body is too large", 413),
      }),
    );
    app.all("*", async (c) => {
      const nonce = createNonce();
      const menuFailures = services.navigation.failureCount();
      const response = await pages(c.req.raw, site, {
        nonce,
        requestId: c.var.requestId,
        origin: originOf(c.req.url),
        client: c.var.client,
      });
      const settings = await services.settings.getPublicSettings();
      // A page made with the fallback settings or menus is right for now, not for later.
      if (settings === FALLBACK_SETTINGS || services.navigation.failureCount() !== menuFailures) {
        response.headers.set("cache-control", "no-store");
      }
      if (!development) {
        const { seo } = settings;
        // A one-time link's page or a preview loads no analytics, and its policy allows none.
        const analytics =
          GOOGLE_ANALYTICS_ID_PATTERN.test(seo.googleAnalyticsId) && !isSecretAddress(c.req.path);
        // Every page allows the map's origin: the contact page may be reached
        // by a client-side navigation, which keeps the first page's policy.
        const mapOrigin = contactMap(settings.contact)?.origin ?? null;
        response.headers.set(
          "content-security-policy",
          noncePolicy(nonce, { analytics, mapOrigin }),
        );
      }
      return response;
    });
  }

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
