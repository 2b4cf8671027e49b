import { z } from "@hono/zod-openapi";
import type { Context } from "hono";

/**
 * What a call answers, as declared for the OpenAPI document and checked
 * against the handler's answer: the `{success, data, message?}` envelope, the
 * error envelope and its codes, and the `ok`/`created` helpers that build the
 * success envelope.
 */

const ErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .openapi("Error");

function envelope<T extends z.ZodType>(data: T) {
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

export type ErrorCodes = keyof typeof errorResponses;

function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

type Envelope<T extends z.ZodType> = ReturnType<typeof envelope<T>>;
type DataResponse<T extends z.ZodType> = ReturnType<typeof jsonContent<Envelope<T>>>;
type ErrorResponses<E extends readonly ErrorCodes[]> = {
  [K in E[number]]: (typeof errorResponses)[K];
};

function withErrors<E extends readonly ErrorCodes[]>(success: Record<number, unknown>, errors: E) {
  const responses = { ...success };
  for (const code of errors) responses[code] = errorResponses[code];
  return responses;
}

/**
 * The responses of a call that answers `{success: true, data, message?}`:
 * `data` described by a schema from common/schemas/responses.ts, plus the
 * call's error codes.
 */
export function dataResponses<
  T extends z.ZodType,
  const E extends readonly ErrorCodes[] = [],
  S extends 200 | 201 = 200,
>(data: T, description: string, errors: E = [] as unknown as E, status: S = 200 as S) {
  const success = { [status]: jsonContent(envelope(data), description) };
  return withErrors(success, errors) as { [K in S]: DataResponse<T> } & ErrorResponses<E>;
}

/**
 * `dataResponses` for the calls whose answer has fields beside `data` at the
 * top: the sign-in's `token`, or a list again under its own name.
 */
export function dataResponsesWith<
  T extends z.ZodType,
  X extends z.ZodRawShape,
  const E extends readonly ErrorCodes[] = [],
>(data: T, beside: X, description: string, errors: E = [] as unknown as E) {
  const schema = envelope(data).extend(beside);
  const success = { 200: jsonContent(schema, description) };
  return withErrors(success, errors) as {
    200: ReturnType<typeof jsonContent<typeof schema>>;
  } & ErrorResponses<E>;
}

/** The answer of a call that only confirms: `data` is null, `message` says what happened. */
export const Done = z.null();

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
