/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === "23505") return true;
  return /UNIQUE constraint failed/i.test(e.message ?? "");
}

/**
 * True when a statement gave up waiting for a lock held elsewhere: SQLite's
 * SQLITE_BUSY/SQLITE_LOCKED (another process writing, after busy_timeout) or
 * PostgreSQL's lock_not_available (after lock_timeout). Answered 503 with
 * Retry-After: nothing was written, and the same request will succeed soon.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === "55P03") return true;
  if (typeof e.errcode === "number" && [5, 6].includes(e.errcode & 0xff)) return true;
  return e.code === "ERR_SQLITE_ERROR" && /database (table )?is locked/i.test(e.message ?? "");
}
