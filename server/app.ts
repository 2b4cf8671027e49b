import { randomUUID } from "node:crypto";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { settingsApi } from "./api/settings.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { compression } from "./http/compression.ts";
import type { AppEnv } from "./http/context.ts";
import { isAppError } from "./http/errors.ts";
import { createRouter } from "./http/router.ts";
import { securityHeaders } from "./http/security.ts";
import type { Logger } from "./logger.ts";
import { createServices, toSiteServices } from "./services.ts";
import { BUILD_DIR, type PageHandler } from "./ssr.ts";

export type AppOptions = {
  config: Config;
  db: Db;
  logger: Logger;
  /** The React Router handler; without it only the API is served. */
  pages?: PageHandler;
  buildDir?: string;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Files under `dir` (traversal-safe), with Cache-Control on a hit. */
function staticFiles(dir: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  const hits = new WeakSet<object>();
  const serve = serveStatic({
    // serveStatic takes a root relative to the working directory.
    root: path.relative(process.cwd(), dir) || ".",
    precompressed: true,
    onFound: (_path, c) => {
      hits.add(c);
    },
  });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response && hits.has(c)) response.headers.set("cache-control", cacheControl);
    return response;
  };
}

export function createApp({ config, db, logger, pages, buildDir = BUILD_DIR }: AppOptions) {
  const services = createServices({ db, config, logger });
  const site = toSiteServices(services, config);
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("logger", log);
    c.set("services", services);
    const started = performance.now();
    await next();
    c.res.headers.set("x-request-id", requestId);
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(securityHeaders());
  app.use(compression());

  app.onError((error, c) => {
    if (isAppError(error)) {
      return c.json(
        {
          success: false,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        },
        error.status,
      );
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message =
        status === 413 ? "Request body is too large" : error.message || "Invalid request";
      return c.json({ success: false, message }, status);
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
  api.route("/", settingsApi);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    servers: [{ url: "/api" }],
    info: { title: "Beranda API", version: "1.0.0" },
  });
  api.all("*", (c) =>
    c.json({ success: false, message: `No API route for ${c.req.method} ${c.req.path}` }, 404),
  );
  app.route("/api", api);

  app.get("/healthz", (c) => c.json({ ok: true }));

  // Uploaded files and built assets have content-hashed names: they never change.
  const immutable = "public, max-age=31536000, immutable";
  const clientDir = path.join(buildDir, "client");
  app.use("/uploads/*", staticFiles(path.dirname(config.uploadsDir), immutable));
  app.on(["GET", "HEAD"], "/uploads/*", (c) => c.text("Not found", 404));
  app.use("/assets/*", staticFiles(clientDir, immutable));
  app.on(["GET", "HEAD"], "/assets/*", (c) => c.text("Not found", 404));
  app.use("*", staticFiles(clientDir, "public, max-age=3600"));

  if (pages) {
    app.all("*", (c) => {
      const url = new URL(c.req.url);
      return pages(c.req.raw, site, {
        nonce: c.var.nonce,
        requestId: c.var.requestId,
        origin: config.publicUrl ?? url.origin,
      });
    });
  }

  return { app, services };
}
