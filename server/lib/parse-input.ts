import type { z } from "zod";
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

/** Parses input with a shared schema; a failure is a 400 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodErrors(parsed.error));
  return parsed.data;
}
