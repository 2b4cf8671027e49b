import { isDeepStrictEqual } from "node:util";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
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

type DeclaredResponses = Record<
  string,
  { content?: Record<string, { schema?: unknown } | undefined> } | undefined
>;

type GuardedRoute = {
  method: string;
  path: string;
  operationId?: string;
  responses?: DeclaredResponses;
  security?: Record<string, string[]>[];
  "x-permission"?: Permission;
  request?: { body?: { content?: Record<string, unknown> }; params?: unknown; query?: unknown };
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
 * The error answers a call gives by the way it is declared, added to its
 * documented responses: 400 for any input, 415 for a JSON body sent as
 * something else, 401 and 403 for a signed-in call.
 */
function withImpliedErrors<R extends GuardedRoute>(route: R): R {
  const implied: ErrorCodes[] = [];
  const { request } = route;
  if (request?.params || request?.query || request?.body) implied.push(400);
  if (request?.body?.content?.["application/json"]) implied.push(415);
  if (route.security?.some((entry) => Object.keys(entry).length > 0)) implied.push(401);
  if (route["x-permission"]) implied.push(403);
  const missing = implied.filter((code) => !route.responses?.[String(code)]);
  if (missing.length === 0) return route;
  const added = Object.fromEntries(missing.map((code) => [code, errorResponses[code]]));
  return { ...route, responses: { ...route.responses, ...added } };
}

/**
 * With CHECK_RESPONSES=1 (the integration tests set it), every JSON answer is
 * checked against the schema its route declares for that status, extra
 * fields included, and a mismatch becomes a 500 that names it: the OpenAPI
 * document and the derived types in common/ stay true to what is sent.
 */
function checkResponses(route: GuardedRoute): MiddlewareHandler<AppEnv> {
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
  const route = withImpliedErrors(declared.security ? declared : { ...declared, security: [] });
  const guards: MiddlewareHandler<AppEnv>[] = [];
  if (process.env.CHECK_RESPONSES === "1") guards.push(checkResponses(route));
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
  415: error("Unsupported media type: a body that is not JSON, or a file type not accepted"),
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

type ErrorCodes = keyof typeof errorResponses;
type Envelope<T extends z.ZodType> = ReturnType<typeof envelope<T>>;
type DataResponse<T extends z.ZodType> = ReturnType<typeof jsonContent<Envelope<T>>>;

/**
 * The responses of a call that answers `{success: true, data, message?}`:
 * `data` described by a schema from common/schemas/responses.ts, plus the
 * call's error codes.
 */
export function dataResponses<
  T extends z.ZodType,
  const E extends readonly ErrorCodes[] = [],
  S extends 200 | 201 = 200,
>(
  data: T,
  description: string,
  errors: E = [] as unknown as E,
  status: S = 200 as S,
): { [K in S]: DataResponse<T> } & { [K in E[number]]: (typeof errorResponses)[K] } {
  const responses: Record<number, unknown> = { [status]: jsonContent(envelope(data), description) };
  for (const code of errors) responses[code] = errorResponses[code];
  return responses as { [K in S]: DataResponse<T> } & {
    [K in E[number]]: (typeof errorResponses)[K];
  };
}

/** The answer of a call that only confirms: `data` is null, `message` says what happened. */
export const Done = z.null();

/**
 * `DELETE …/{id}` of one item: signed in (with `permission` when the role
 * decides), 404 when nothing has the id, and `data: null` with a message
 * when it is gone. `errors` adds the call's own codes (403 where ownership
 * decides, 409 where the item is still in use).
 */
export function deleteRoute<P extends `/${string}/{id}`>(config: {
  path: P;
  operationId: string;
  tags: string[];
  summary: string;
  permission?: Permission;
  errors?: ErrorCodes[];
}) {
  const { permission, errors = [], ...declared } = config;
  return createRoute({
    method: "delete",
    ...declared,
    ...signedIn(permission),
    request: { params: IdParams },
    responses: dataResponses(Done, "Deleted", [404, ...errors]),
  });
}

/**
 * The success envelope: `{success: true, data, message?}` with 200 (`ok`) or
 * 201 (`created`), typed so a handler's answer is checked against its route.
 */
export function ok<T>(c: Context, data: T, message?: string) {
  return success(c, data, message, 200);
}

export function created<T>(c: Context, data: T, message?: string) {
  return success(c, data, message, 201);
}

function success<T, S extends 200 | 201>(
  c: Context,
  data: T,
  message: string | undefined,
  status: S,
) {
  return c.json(
    { success: true as const, data, ...(message === undefined ? {} : { message }) },
    status,
  );
}
