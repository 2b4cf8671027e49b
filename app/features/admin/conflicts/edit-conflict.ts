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
