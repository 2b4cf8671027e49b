import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Permission } from "../../common/permissions.ts";
import { ID_MAX, idText } from "../../common/schemas/fields.ts";
import { requireActor, requirePermission } from "../auth/policy.ts";
import { AppError } from "../modules/app-error.ts";
import type { AppEnv } from "./context.ts";
import { zodErrors } from "./validation.ts";

/**
 * Declares a call that needs a signed-in caller and, optionally, a
 * permission. Both are checked before the call's input is read (401, then
 * 403), and the permission is published in the OpenAPI document as
 * `x-permission`.
 */
export function signedIn(permission?: Permission) {
  return {
    security: [{ bearer: [] }],
    ...(permission ? { "x-permission": permission } : {}),
  };
}

type GuardedRoute = {
  method: string;
  path: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  "x-permission"?: Permission;
  request?: { body?: { content?: Record<string, unknown> } };
  middleware?: MiddlewareHandler | MiddlewareHandler[];
};

/** NUL characters are never meaningful in our text and PostgreSQL refuses them. */
const refuseNul: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/json/i.test(c.req.header("content-type") ?? "")) {
    const text = await c.req.text();
    if (text.includes("\0") || /\\u0000/i.test(text)) {
      const message = "Text must not contain NUL characters";
      return c.json({ success: false, message, errors: { body: message } }, 400);
    }
  }
  await next();
};

export const ID_UNCHANGEABLE = "id cannot be changed";

/**
 * A client may send back the object it read, id included (round trip); an
 * id other than the one in the path is refused rather than ignored.
 */
const keepId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = await c.req.json().catch(() => undefined);
  const sent = body && typeof body === "object" ? (body as { id?: unknown }).id : undefined;
  if (sent !== undefined && sent !== null && String(sent) !== c.req.param("id")) {
    throw AppError.validation({ id: ID_UNCHANGEABLE });
  }
  await next();
};

/**
 * The order every call keeps: who is calling (401), may they (403), then the
 * body (NUL check, then the schema's validation, 400).
 */
function guarded<R extends GuardedRoute>(declared: R): R {
  // Generated clients name their methods after it: one per call, never derived.
  if (!declared.operationId) {
    throw new Error(`${declared.method.toUpperCase()} ${declared.path} needs an operationId`);
  }
  // A call without a declared security is public, and says so in the document.
  const route = declared.security ? declared : { ...declared, security: [] };
  const guards: MiddlewareHandler<AppEnv>[] = [];
  if (route.security?.some((entry) => Object.keys(entry).length > 0)) {
    const permission = route["x-permission"];
    guards.push(async (c, next) => {
      if (permission) requirePermission(c.var.user, permission);
      else requireActor(c.var.user);
      await next();
    });
  }
  if (route.request?.body?.content?.["application/json"]) {
    guards.push(refuseNul);
    if (/\{id\}$/.test(route.path) && /^(put|patch)$/i.test(route.method)) guards.push(keepId);
  }
  if (guards.length === 0) return route;
  const own = route.middleware ? [route.middleware].flat() : [];
  return { ...route, middleware: [...guards, ...own] };
}

/** A router whose request validation failures become our 400 envelope. */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw AppError.validation(zodErrors(result.error));
    },
  });
  const register = router.openapi.bind(router);
  router.openapi = ((route: GuardedRoute, ...rest: unknown[]) =>
    (register as (...args: unknown[]) => unknown)(
      guarded(route),
      ...rest,
    )) as typeof router.openapi;
  return router;
}

export const ErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .openapi("Error");

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

export const errorResponses = {
  400: error("Invalid input: `errors` names each field"),
  401: error("Not signed in, or the token expired"),
  403: error("Not allowed for this role"),
  404: error("Not found"),
  409: error("Conflict with existing data"),
  413: error("Too large"),
  415: error("Unsupported file type"),
  429: error("Too many attempts; try again later"),
} as const;

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** A required JSON body validated by a shared schema. */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    body: {
      required: true,
      description,
      content: { "application/json": { schema } },
    },
  };
}

/**
 * A numeric id in a path or query: 1 to 2147483647, digits only; anything else
 * is a 400 naming the parameter. The one definition every route uses.
 */
export function idParam(name = "id", where: "path" | "query" = "path") {
  return idText(name).openapi({
    param: { name, in: where },
    type: "integer",
    minimum: 1,
    maximum: ID_MAX,
    example: 1,
  });
}

export const IdParams = z.object({ id: idParam("id") });

const pageNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(1_000_000, `${name} is too large`);

/** page ≥ 1; limit ≥ 1, capped at `max` (not refused). */
export function pagingQuery(max = 50) {
  return {
    page: pageNumber("page").optional(),
    limit: pageNumber("limit")
      .transform((v) => Math.min(v, max))
      .optional(),
  };
}

export const OkSchema = z.object({ success: z.literal(true), message: z.string() });
export const AnyData = z.unknown();

const DataEnvelope = envelope(AnyData);
type DataResponse = ReturnType<typeof jsonContent<typeof DataEnvelope>>;
type ErrorCodes = keyof typeof errorResponses;

/** The standard responses of a call that answers `data`, plus its error codes. */
export function dataResponses<S extends 200 | 201 = 200>(
  description: string,
  errors: ErrorCodes[] = [],
  status: S = 200 as S,
): { [K in S]: DataResponse } & Partial<typeof errorResponses> {
  const responses: Record<number, unknown> = { [status]: jsonContent(DataEnvelope, description) };
  for (const code of errors) responses[code] = errorResponses[code];
  return responses as { [K in S]: DataResponse } & Partial<typeof errorResponses>;
}
