import type { TableWrite } from "../db/write-tracking.ts";

/** Tables no public page or public API answer reads. */
const PRIVATE_TABLES = new Set([
  "sessions",
  "contact_messages",
  "audit_logs",
  "mail_outbox",
  "account_tokens",
  // Read only by the preview page, which is never stored.
  "preview_links",
  // Written with a save of its document, whose own write empties the cache.
  "revisions",
  // Autosaves are an editor's unsaved copy (decision 018): written every few seconds while typing.
  "autosaves",
  "kysely_migration",
  "kysely_migration_lock",
]);

/**
 * Columns whose change alone is not worth emptying the cache for: view counts
 * (flushed every few seconds; a cached page may show a count a little behind)
 * and sign-in times.
 */
const QUIET_COLUMNS: Record<string, ReadonlySet<string>> = {
  posts: new Set(["views"]),
  users: new Set(["last_login"]),
};

/** Whether a committed write can change what visitors see. */
export function isPublicWrite(write: TableWrite): boolean {
  if (PRIVATE_TABLES.has(write.table)) return false;
  const quiet = QUIET_COLUMNS[write.table];
  if (quiet && write.columns?.length && write.columns.every((c) => quiet.has(c))) return false;
  return true;
}
