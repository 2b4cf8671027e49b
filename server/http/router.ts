import { createRoute, OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { Permission } from "#common/permissions.ts";
import type { User } from "#common/types.ts";
import { requireActor, requirePermission } from "#server/auth/policy.ts";
import { AppError } from "#server/lib/app-error.ts";
import { NUL_REFUSED, nulErrors, zodErrors } from "#server/lib/parse-input.ts";
import { checkResponses, type DeclaredResponses } from "./check-responses.ts";
import type { AppEnv } from "./context.ts";
import type { ApiQuery } from "./page-cache-key.ts";
import { IdParams, jsonBody } from "./request.ts";
import { Done, dataResponses, type ErrorCodes, errorResponses } from "./responses.ts";
import { editConflictResponse, takeVersion, withVersion } from "./versions.ts";

/** What a signed-in call's handler sees: `c.var.user` is the caller, never null. */
type SignedInEnv = { Variables: { user: User } };

/**
 * Declares a call that needs a signed-in caller and, optionally, a
 * permission. Both are checked before the call's input is read (401, then
 * 403), the permission is published in the OpenAPI document as
 * `x-permission`, and the handler gets `c.var.user` typed as the caller.
 */
export function signedIn(permission?: Permission) {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (permission) requirePermission(c.var.user, permission);
    else requireActor(c.var.user);
    await next();
  };
  return {
    security: [{ bearer: [] }],
    ...(permission ? { "x-permission": permission } : {}),
    middleware: guard as unknown as MiddlewareHandler<SignedInEnv>,
  };
}

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

/**
 * NUL characters are never meaningful in our text and PostgreSQL refuses them:
 * refused before the schema reads the body, naming the field that holds one.
 */
const refuseNul: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/json/i.test(c.req.header("content-type") ?? "")) {
    const text = await c.req.text();
    if (text.includes("\0") || /\\u0000/i.test(text)) {
      let errors: Record<string, string> | null = null;
      try {
        errors = nulErrors(JSON.parse(text));
      } catch {
        // Not JSON: the NUL is the body's.
      }
      const message = NUL_REFUSED;
      return c.json({ success: false, message, errors: errors ?? { body: message } }, 400);
    }
  }
  await next();
};

export const FORM_EXPECTED =
  "The request body must be a file upload (Content-Type: multipart/form-data)";

/**
 * A call that takes a file upload says so when sent something else (the
 * validator's 415 would otherwise answer with the JSON calls' text).
 */
const requireForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", FORM_EXPECTED, { body: FORM_EXPECTED });
  }
  await next();
};

const ID_UNCHANGEABLE = "id cannot be changed";

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
  // Who is calling (signedIn's guard, the route's own middleware) comes before the body.
  const guards: MiddlewareHandler<AppEnv>[] = [];
  if (process.env.CHECK_RESPONSES === "1") guards.push(checkResponses(route));
  if (route.middleware) guards.push(...[route.middleware].flat());
  if (route.request?.body?.content?.["multipart/form-data"]) guards.push(requireForm);
  if (route.request?.body?.content?.["application/json"]) {
    guards.push(refuseNul);
    if (/\{id\}$/.test(route.path) && /^(put|patch)$/i.test(route.method)) guards.push(keepId);
  }
  if (guards.length === 0) return route;
  return { ...route, middleware: guards };
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

type RequestLine = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;
type RouteOptions = Omit<RouteConfig, "method" | "path" | "operationId" | "tags">;

/**
 * The GET calls a router declares, with the names of their query parameters,
 * in the order they were declared (the page cache keys the read API by them).
 */
export function apiQueries(router: OpenAPIHono<AppEnv>): ApiQuery[] {
  return router.openAPIRegistry.definitions.flatMap((definition) => {
    if (definition.type !== "route" || definition.route.method !== "get") return [];
    const query = definition.route.request?.query as
      | { shape?: Record<string, unknown> }
      | undefined;
    return [{ path: definition.route.path, params: Object.keys(query?.shape ?? {}) }];
  });
}

/**
 * The calls of one resource, grouped under its tag in the OpenAPI document.
 * A call is declared by its request line (`"PUT /services/{id}"`), its
 * operationId (generated clients name their methods after it: one per call,
 * never derived) and the rest of its declaration (summary, `signedIn(…)`,
 * request, responses).
 */
export function routesFor(tag: string) {
  function route<const L extends RequestLine, const R extends RouteOptions>(
    requestLine: L,
    operationId: string,
    options: R,
  ) {
    const [method, path] = requestLine.split(" ") as [MethodOf<L>, PathOf<L>];
    return createRoute({
      method: method.toLowerCase() as Lowercase<MethodOf<L>>,
      path,
      operationId,
      tags: [tag],
      ...options,
    });
  }

  /**
   * `DELETE …/{id}` of one item: signed in (with `permission` when the role
   * decides), 404 when nothing has the id, and `data: null` with a message
   * when it is gone. `errors` adds the call's own codes (403 where ownership
   * decides, 409 where the item is still in use).
   */
  function deleteRoute<const P extends `/${string}/{id}`>(
    path: P,
    operationId: string,
    options: { summary: string; permission?: Permission; errors?: ErrorCodes[] },
  ) {
    const { permission, errors = [], summary } = options;
    return route(`DELETE ${path}`, operationId, {
      summary,
      ...signedIn(permission),
      request: { params: IdParams },
      responses: dataResponses(Done, "Deleted", [404, ...errors]),
    });
  }

  /**
   * `PUT …/{id}` of a document its editor saves (decision 018): `body` and the
   * `version` the editor loaded (or `If-Match`); an older version than the
   * stored one saves nothing and answers 409 with who saved last and when, as
   * does a slug already taken. `errors`: its codes besides 409 (`[404]` unless told).
   */
  function saveRoute<const P extends `/${string}/{id}`, B extends z.ZodObject, S extends z.ZodType>(
    path: P,
    operationId: string,
    options: {
      summary: string;
      permission?: Permission;
      body: B;
      item: S;
      /** What the answer's `data` is: "The updated page". */
      saved: string;
      errors?: ErrorCodes[];
    },
  ) {
    const { summary, permission, body, item, saved, errors = [404] } = options;
    return route(`PUT ${path}`, operationId, {
      summary,
      description:
        "With `version` (or `If-Match`) older than the stored one, nothing is saved: 409 says who saved last and when.",
      ...signedIn(permission),
      request: { params: IdParams, ...jsonBody(withVersion(body)) },
      responses: { ...dataResponses(item, saved, errors), ...editConflictResponse },
    });
  }

  return { route, deleteRoute, saveRoute };
}

/**
 * The calls of one resource, declared together under its tag (server/api/contract.ts):
 * `define` gets the tag's `route`, `deleteRoute` and `saveRoute` and answers the
 * calls by the names their handlers use.
 */
export function callsOf<T>(tag: string, define: (declare: ReturnType<typeof routesFor>) => T): T {
  return define(routesFor(tag));
}

type MethodOf<L> = L extends `${infer M} ${string}` ? M : never;
type PathOf<L> = L extends `${string} ${infer P}` ? P : never;

type ItemInput = { out: { param: { id: number } } };
type EditInput = { out: { param: { id: number }; json: unknown } };

/** What a signed-in call on one item hands its service: the caller and the id in the path. */
export function itemOf<I extends ItemInput>(c: Context<SignedInEnv & AppEnv, string, I>) {
  return [c.var.user, c.req.valid("param").id] as const;
}

/**
 * What a save of one document hands its service (`saveRoute`): the caller, the
 * id in the path, `body`'s fields and the version it started from (`version`
 * in `body`, else If-Match; none: not checked).
 */
export function saveOf<I extends ItemInput>(
  c: Context<SignedInEnv & AppEnv, string, I>,
  body: unknown,
) {
  const { expected, fields } = takeVersion(c, body);
  return [c.var.user, c.req.valid("param").id, fields, expected] as const;
}

/** What an edit of one item hands its service: the caller, the id in the path and the body. */
export function editOf<I extends EditInput>(c: Context<SignedInEnv & AppEnv, string, I>) {
  return [c.var.user, c.req.valid("param").id, c.req.valid("json")] as const;
}
