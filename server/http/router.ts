import { OpenAPIHono, z } from "@hono/zod-openapi";
import { ID_MAX, idText } from "../../common/schemas/fields.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "./errors.ts";
import { zodErrors } from "./validation.ts";

/** A router whose request validation failures become our 400 envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw AppError.validation(zodErrors(result.error));
    },
  });
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
