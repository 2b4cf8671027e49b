import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { createAccessLog, type Logger } from "#server/logger.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./context.ts";
import {
  DEVELOPMENT_CSP,
  SECURITY_HEADERS,
  STATIC_CSP,
  STRICT_TRANSPORT_SECURITY,
} from "./security.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** What @hono/node-server passes as the app's env: Node's request and response. */
type NodeEnv = { outgoing?: ServerResponse };

/**
 * What every response gets, whoever answers it (the Hono app, or the page
 * cache in front of it): a request id, the security headers and one access-log
 * line. Computed once; each request only adds its id.
 */
export type RequestStamp = {
  /** The security headers (and the policy for responses without inline scripts). */
  headers: Readonly<Record<string, string>>;
  /** The caller's id when it sends a sane one, else a new one. */
  requestId(incoming: string | undefined | null): string;
  /** The access-log line (nothing below the info level). */
  log(entry: {
    reqId: string;
    method: string;
    path: string;
    status: number;
    started: number;
  }): void;
  /** performance.now() when logging, else 0 (not worth a call). */
  now(): number;
};

export function createRequestStamp(
  logger: Logger,
  options: { development?: boolean; https?: boolean } = {},
) {
  const headers = Object.freeze({
    ...SECURITY_HEADERS,
    "content-security-policy": options.development ? DEVELOPMENT_CSP : STATIC_CSP,
    ...(options.https ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {}),
  });
  const access = createAccessLog(logger);
  const enabled = access !== null;
  const stamp: RequestStamp = {
    headers,
    requestId: (incoming) => (incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()),
    log({ reqId, method, path, status, started }) {
      access?.({ reqId, method, path, status, ms: Math.round(performance.now() - started) });
    },
    now: () => (enabled ? performance.now() : 0),
  };
  return stamp;
}

/**
 * The first middleware of the app: the request stamp, the logger and the
 * services on the context. The headers are set before the handler runs (Hono
 * copies them into the responses it builds); responses built elsewhere (pages,
 * static files) get what they lack afterwards. A request's child logger is only
 * made when something asks for it.
 */
export function requestContext(options: {
  logger: Logger;
  services: AppServices;
  stamp: RequestStamp;
}): MiddlewareHandler<AppEnv> {
  const { logger, services, stamp } = options;
  const headerNames = Object.keys(stamp.headers);

  return async (c, next) => {
    const requestId = stamp.requestId(c.req.header("x-request-id"));
    const started = stamp.now();
    c.set("requestId", requestId);
    c.set("services", services);
    let child: Logger | undefined;
    c.set(
      "logger",
      lazyLogger(() => (child ??= logger.child({ reqId: requestId }))),
    );
    // Under the Node server the headers go straight onto Node's response, where
    // whatever the answer sets itself (a page's policy) takes precedence; that
    // spares every request seven Headers writes. Elsewhere (app.request in
    // tests, Vite in development) they go through Hono.
    const outgoing = (c.env as NodeEnv | undefined)?.outgoing;
    if (outgoing) {
      for (const name of headerNames) outgoing.setHeader(name, stamp.headers[name]!);
      outgoing.setHeader("x-request-id", requestId);
    } else {
      for (const name of headerNames) c.header(name, stamp.headers[name]);
      c.header("x-request-id", requestId);
    }

    await next();

    const res = c.res;
    if (!outgoing && !res.headers.has("x-request-id")) {
      for (const name of headerNames) {
        if (!res.headers.has(name)) res.headers.set(name, stamp.headers[name]!);
      }
      res.headers.set("x-request-id", requestId);
    }
    stamp.log({
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      status: res.status,
      started,
    });
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
