import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Config } from "#server/config.ts";
import { isImportFileUrl, isUploadUrl } from "./body-limits.ts";

type Limits = Pick<Config, "timeouts" | "maxConnections">;

/**
 * Node's server options for slow clients: the headers within `headersMs`,
 * and Node's own whole-request bound at the longest allowance (uploads).
 * Node checks both on an interval, 30 s by default: checked every second.
 */
export function slowClientOptions({ timeouts }: Limits): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: Math.max(timeouts.requestMs, timeouts.uploadMs),
    connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
  };
}

/**
 * Per request: a body still coming after `requestMs` (`uploadMs` for
 * /api/upload) is answered 408 and its connection closed, so a client
 * sending a byte a minute holds nothing for long. At most `maxConnections`
 * connections are open at once; Node refuses more until some close.
 *
 * An idle keep-alive connection is kept `keepAliveMs` (65 s) rather than
 * Node's 5 s: a proxy or client that reuses a connection it believes open
 * (an AWS load balancer keeps them 60 s) would otherwise meet a reset now
 * and then. `maxConnections` still bounds how many are held.
 */
export function limitSlowClients(server: Server, { timeouts, maxConnections }: Limits) {
  server.maxConnections = maxConnections;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (request.complete) return;
    const limit =
      isUploadUrl(request.url) || isImportFileUrl(request.url)
        ? timeouts.uploadMs
        : timeouts.requestMs;
    const timer = setTimeout(() => {
      if (request.complete) return;
      if (!response.headersSent) {
        response.writeHead(408, { "content-type": "application/json", connection: "close" });
        response.end(
          JSON.stringify({ success: false, message: "The request took too long to arrive" }),
        );
      }
      request.socket.destroySoon();
    }, limit);
    timer.unref();
    const done = () => clearTimeout(timer);
    request.once("end", done);
    response.once("close", done);
  });
}
