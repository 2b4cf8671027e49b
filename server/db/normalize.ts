/**
 * The one place where dialect differences in returned values are smoothed out
 * (together with the pg type parsers in client.ts): SQLite answers booleans as
 * 0/1 and counts as numbers, PostgreSQL as true/false and (parsed) numbers.
 */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "t" || value === "true";
}

export function toCount(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") return Number(value) || 0;
  return 0;
}

/**
 * What `Date.prototype.toISOString` writes, and what Beranda stores; every
 * field in its range, so a text that matches is always a valid date.
 */
const CANONICAL_ISO =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Timestamps are UTC ISO strings on both databases. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  // Stored as written: no parsing (a sitemap reads two dates of every post).
  if (CANONICAL_ISO.test(text)) return text;
  // SQLite's CURRENT_TIMESTAMP has no zone; it is UTC.
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== "string") return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
