import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { resolveClientAddress, type TrustProxy } from "#server/lib/client-address.ts";
import type { AppEnv } from "./context.ts";

/**
 * Who is asking, for per-client limits: the socket's address, or a trusted
 * proxy's header (TRUST_PROXY, TRUST_PROXY_HEADER; server/lib/client-address.ts).
 */
export function clientAddress(trustProxy: TrustProxy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    c.set("client", resolveClientAddress(trustProxy, socket?.remoteAddress, c.req.raw.headers));
    await next();
  };
}

/** NUL characters are never meaningful here and PostgreSQL refuses them in text. */
export function refuseBadAddresses(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
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
  };
}
