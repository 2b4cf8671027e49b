import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/context.ts";

/**
 * Reads `Authorization: Bearer <token>`. An unknown or expired token makes the
 * caller anonymous; calls that need a user answer 401 through the policy.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const token = match?.[1] ?? "";
    c.set("token", token);
    c.set("user", token ? await c.var.services.auth.authenticate(token) : null);
    await next();
  };
}
