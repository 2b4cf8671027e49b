import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "#server/lib/app-error.ts";

/**
 * The version a save starts from (decision 018): `version` in the body, or an
 * `If-Match` header holding it (`3`, `"3"` or `W/"3"`). Neither: the save is
 * not checked (the spec's clients).
 */

const VERSION_MESSAGE = "version must be a whole number of 1 or more";

export const VersionField = z
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .min(1, VERSION_MESSAGE)
  .openapi({
    description:
      "The version the editor loaded: an older one than stored is refused with 409 (also as `If-Match`)",
    example: 3,
  });

/** A body schema that also takes `version`. */
export function withVersion<T extends z.ZodObject>(schema: T) {
  return schema.extend({ version: VersionField.optional() });
}

const IF_MATCH_MESSAGE = 'If-Match must be the version the editor loaded, e.g. "3"';

function fromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "" || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(value) || value < 1)
    throw AppError.validation({ "If-Match": IF_MATCH_MESSAGE });
  return value;
}

/**
 * Splits a save's body into the version it names (body or If-Match) and the
 * document's fields, which the services validate as before.
 */
export function takeVersion(
  c: Context,
  body: unknown,
): { expected: number | undefined; fields: Record<string, unknown> } {
  const { version, ...fields } = (body && typeof body === "object" ? body : {}) as Record<
    string,
    unknown
  >;
  if (version !== undefined && version !== null) {
    const parsed = VersionField.safeParse(version);
    if (!parsed.success) throw AppError.validation({ version: VERSION_MESSAGE });
    return { expected: parsed.data, fields };
  }
  return { expected: fromIfMatch(c.req.header("If-Match")), fields };
}

/** The 409 of a save: a slug taken (`errors.slug`) or an edit conflict (who and when). */
export const EditConflictSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    error: z.literal("edit_conflict").optional(),
    last_saved_by: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .optional()
      .openapi({ description: "Who saved the stored version (null: unknown)" }),
    last_saved_at: z.string().optional().openapi({ format: "date-time" }),
    version: z.number().int().optional().openapi({ description: "The stored version" }),
  })
  .openapi("EditConflict");

export const editConflictResponse = {
  409: {
    description:
      "A slug already taken, or an edit conflict: someone saved a newer version (`error: edit_conflict`, who and when)",
    content: { "application/json": { schema: EditConflictSchema } },
  },
} as const;
