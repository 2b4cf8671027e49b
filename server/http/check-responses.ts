import { isDeepStrictEqual } from "node:util";
import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

export type DeclaredResponses = Record<
  string,
  { content?: Record<string, { schema?: unknown } | undefined> } | undefined
>;

/**
 * With CHECK_RESPONSES=1 (the integration tests set it), every JSON answer is
 * checked against the schema its route declares for that status, extra
 * fields included, and a mismatch becomes a 500 that names it: the OpenAPI
 * document and the derived types in common/ stay true to what is sent.
 */
export function checkResponses(route: {
  method: string;
  path: string;
  operationId?: string;
  responses?: DeclaredResponses;
}): MiddlewareHandler<AppEnv> {
  const name = `${route.method.toUpperCase()} ${route.path} (${route.operationId})`;
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status >= 500 || !/json/.test(c.res.headers.get("content-type") ?? "")) return;
    const declared = route.responses?.[String(status)];
    const schema = declared?.content?.["application/json"]?.schema as z.ZodType | undefined;
    let problem = "";
    if (!declared) problem = `status ${status} is not declared`;
    else if (schema) {
      const body: unknown = await c.res.clone().json();
      const result = schema.safeParse(body);
      if (!result.success) problem = z.prettifyError(result.error);
      else if (!isDeepStrictEqual(result.data, body)) {
        problem = `fields the schema does not declare: ${JSON.stringify(body).slice(0, 2000)}`;
      }
    }
    if (problem) {
      c.res = undefined;
      c.res = Response.json(
        { success: false, message: `Response of ${name} does not match: ${problem}` },
        { status: 500 },
      );
    }
  };
}
