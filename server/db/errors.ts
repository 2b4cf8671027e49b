/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === "23505") return true;
  return /UNIQUE constraint failed/i.test(e.message ?? "");
}
