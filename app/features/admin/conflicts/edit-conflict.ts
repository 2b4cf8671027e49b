import { type DiffField, htmlToReadableText } from "#app/features/admin/compare/text-diff.ts";
import { ApiError } from "#app/lib/api.ts";

/** A save refused because someone saved after the editor loaded (409, decision 018). */
export type EditConflictInfo = { name: string; at: string; version: number };

export function conflictFrom(error: unknown): EditConflictInfo | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.body.error !== "edit_conflict") return null;
  const by = error.body.last_saved_by as { name?: unknown } | null | undefined;
  return {
    name: typeof by?.name === "string" && by.name ? by.name : "Someone else",
    at: String(error.body.last_saved_at ?? ""),
    version: Number(error.body.version),
  };
}

/**
 * Theirs against yours, field by field, as the compare view reads them: each
 * field's label, and HTML fields as readable text.
 */
export function compareFields(
  labels: Record<string, string>,
  theirs: Record<string, unknown>,
  yours: Record<string, unknown>,
  htmlFields: readonly string[] = ["content"],
): DiffField[] {
  const text = (key: string, value: unknown) => {
    const plain = Array.isArray(value)
      ? value.join(", ")
      : typeof value === "boolean"
        ? value
          ? "Yes"
          : "No"
        : String(value ?? "");
    return htmlFields.includes(key) ? htmlToReadableText(plain) : plain;
  };
  return Object.entries(labels).map(([key, label]) => ({
    label,
    before: text(key, theirs[key]),
    after: text(key, yours[key]),
  }));
}
