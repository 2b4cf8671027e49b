import { z } from "@hono/zod-openapi";
import { ID_MAX, idText } from "#common/schemas/fields.ts";

/** The pieces routes declare their input with: a JSON body, ids, paging. */

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

/** Path parameters that are all ids: `idParams("id", "revisionId")`. */
export function idParams<const N extends string>(...names: N[]) {
  const shape = Object.fromEntries(names.map((name) => [name, idParam(name)]));
  return z.object(shape as Record<N, ReturnType<typeof idParam>>);
}

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
