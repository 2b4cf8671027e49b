import { type RawBuilder, sql } from "kysely";

/**
 * The right-hand side of a `like` that finds `text` anywhere in the column,
 * its own `%`, `_` and `\` taken literally (`escape '\'`, which both
 * databases understand). Case: SQLite's `like` ignores ASCII case and
 * PostgreSQL's does not, so a case-blind search compares `lower(column)`
 * with a lowercased `text`.
 */
export function containsPattern(text: string): RawBuilder<string> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`${`%${escaped}%`} escape '\\'`;
}
