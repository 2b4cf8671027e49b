import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppServices } from "../services.ts";
import type { AppEnv } from "./context.ts";
import { DEVELOPMENT_CSP, SECURITY_HEADERS, STATIC_CSP } from "./security.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The first middleware of every request: a request id (the caller's, when it
 * sends a sane one), the logger and services on the context, the security
 * headers, and one access-log line when the response is ready.
 *
 * It runs on every request, cached pages and /healthz included, so it does no
 * work that can be done once: the headers are a constant set before the handler runs
 * (Hono copies them into the responses it builds), and a request's child
 * logger is only made when something asks for it.
 */
export function requestContext(options: {
  logger: Logger;
  services: AppServices;
  development?: boolean;
}): MiddlewareHandler<AppEnv> {
  const { logger, services } = options;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "content-security-policy": options.development ? DEVELOPMENT_CSP : STATIC_CSP,
  };
  const headerNames = Object.keys(headers);
  const logRequests = logger.isLevelEnabled("info");

  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("services", services);
    let child: Logger | undefined;
    c.set(
      "logger",
      lazyLogger(() => (child ??= logger.child({ reqId: requestId }))),
    );
    for (const name of headerNames) c.header(name, headers[name]);
    c.header("x-request-id", requestId);
    const started = logRequests ? performance.now() : 0;

    await next();

    // Responses built outside Hono's helpers (pages, static files) lack the
    // headers set above; add what is missing without overriding a page's own.
    const res = c.res;
    if (!res.headers.has("x-request-id")) {
      for (const name of headerNames) {
        if (!res.headers.has(name)) res.headers.set(name, headers[name]!);
      }
      res.headers.set("x-request-id", requestId);
    }
    if (logRequests) {
      logger.info(
        {
          reqId: requestId,
          method: c.req.method,
          path: c.req.path,
          status: res.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  };
}

/** A logger whose child is created on first use. */
function lazyLogger(make: () => Logger): Logger {
  return new Proxy({} as Logger, {
    get(_target, property) {
      const target = make();
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
