import { OpenAPIHono, z } from "@hono/zod-openapi";
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

export const errorResponses = {
  400: { description: "Invalid input", content: { "application/json": { schema: ErrorSchema } } },
  401: {
    description: "Not signed in",
    content: { "application/json": { schema: ErrorSchema } },
  },
  403: {
    description: "Not allowed for this role",
    content: { "application/json": { schema: ErrorSchema } },
  },
  404: { description: "Not found", content: { "application/json": { schema: ErrorSchema } } },
  409: { description: "Conflict", content: { "application/json": { schema: ErrorSchema } } },
} as const;

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
