import type { z } from "zod";
import { capitalise } from "#common/text.ts";
import { AppError } from "#server/lib/app-error.ts";

/** `{field: message}` from a zod error: the first message for each field. */
export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    if (!(field in errors)) errors[field] = readableMessage(issue, field);
  }
  return errors;
}

function readableMessage(issue: z.core.$ZodIssue, field: string): string {
  if (issue.code === "unrecognized_keys") {
    return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
  }
  // zod's built-in messages do not name the field; ours always do.
  if (issue.message.startsWith("Invalid input") || issue.message.startsWith("Too ")) {
    return `${field}: ${issue.message}`;
  }
  return issue.message;
}

export const NUL_REFUSED = "Text must not contain NUL characters";

/**
 * NUL characters are never meaningful in our text and PostgreSQL refuses them:
 * the field of the first text (a value, or a key) in `input` that holds one,
 * as `{field: message}`, or null when there is none. A key with a NUL is named
 * by the object that holds it ("body" at the top).
 */
export function nulErrors(input: unknown, path: string[] = []): Record<string, string> | null {
  if (typeof input === "string") {
    if (!input.includes("\0")) return null;
    const field = path.length ? path.join(".") : "body";
    const label = [...path].reverse().find((part) => !/^\d+$/.test(part));
    return { [field]: label ? `${labelOf(label)} must not contain NUL characters` : NUL_REFUSED };
  }
  if (typeof input !== "object" || input === null) return null;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes("\0")) return nulErrors("\0", path);
    const found = nulErrors(value, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A field's name as a label: `first_name` and `firstName` are "First name". */
function labelOf(field: string): string {
  return capitalise(
    field
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/[_-]+/g, " ")
      .trim()
      .toLowerCase(),
  );
}

/**
 * Parses input with a shared schema; a failure is a 400 naming each field. A
 * text holding a NUL character is refused first, by its field, whatever the
 * schema says (the JSON API refuses those before this; forms reach here).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulErrors(input);
  if (nul) throw AppError.validation(nul);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodErrors(parsed.error));
  return parsed.data;
}
