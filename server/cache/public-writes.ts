import type { TableWrite } from "#server/db/write-tracking.ts";
import {
  categoryTag,
  PAGES_TAG,
  POSTS_TAG,
  pageTag,
  postTag,
  RELATED_TAG,
  SITE_TAG,
  tableTag,
} from "#server/lib/cache-tags.ts";
import type { ContentChange } from "./content-changes.ts";

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
  // A redirect is answered, never stored; a new one (a renamed document) makes its
  // document's write in the same batch purge, not stale (`changeOfWrites`).
  "slug_redirects",
  // An import's bookkeeping, and old addresses (answered with a 301, never stored).
  "import_jobs",
  "import_items",
  "old_addresses",
  // Sign-in and rate-limit counters.
  "rate_limits",
  // The database store's files: served from /uploads, never from the page cache;
  // the uploads row written with them stales what shows them.
  "upload_files",
]);

/** The documents with an address of their own that a slug change moves (a redirect from the old). */
const ADDRESSED_TABLES = new Set(["posts", "pages", "services"]);

/**
 * Columns whose change alone is not worth a re-render: view counts (flushed
 * every few seconds; a cached page may show a count a little behind).
 */
const QUIET_COLUMNS: Record<string, ReadonlySet<string>> = {
  posts: new Set(["views", "search_text"]),
};

/**
 * What visitors see of an account: an author's name on posts, lists and feeds,
 * and whether it is active. Its password, e-mail address, role, avatar and
 * sign-in times show on no public page.
 */
const PUBLIC_USER_COLUMNS = new Set(["username", "first_name", "last_name", "status"]);

/** Post columns that decide which lists hold a post, and where: the rest only show. */
const POST_LIST_COLUMNS = new Set(["status", "published_at", "is_featured", "author_id"]);

/** An UPDATE of posts that changes how they look in a list, not which lists hold them. */
function keepsListsAsTheyAre(write: TableWrite): boolean {
  return (
    write.kind === "update" &&
    !!write.columns?.length &&
    write.columns.every((column) => !POST_LIST_COLUMNS.has(column))
  );
}

/** Columns that decide whether a row is public; a change to them may take it out of view. */
const VISIBILITY_COLUMNS = new Set(["status", "published_at", "published", "deleted_at"]);

/**
 * Whether an UPDATE may take its rows out of public view: it sets a
 * visibility column to anything but a value that keeps a row public (a live
 * status, a publish time that has passed, `published` true). Unknown values
 * (expressions) count as removals: a removal must never be served stale.
 */
function mayRemove(write: TableWrite, now: string): boolean {
  if (write.kind === "delete") return true;
  if (write.kind !== "update") return false;
  for (const column of write.columns ?? []) {
    if (!VISIBILITY_COLUMNS.has(column)) continue;
    if (!write.values || !(column in write.values)) return true;
    const value = write.values[column];
    switch (column) {
      case "status":
        if (value !== "published" && value !== "scheduled" && value !== "active") return true;
        break;
      case "published_at":
        if (typeof value !== "string" || value > now) return true;
        break;
      case "published":
        if (value !== true && value !== 1) return true;
        break;
      default:
        if (value !== null) return true;
    }
  }
  return false;
}

/**
 * What one committed write changes for visitors, as cache tags to stale (shown
 * stale once while re-rendered) and to purge (never served again), or null
 * when nobody sees it. The tags are the ones services record when they read
 * the same rows (server/lib/cache-tags.ts).
 */
export function changeOfWrite(
  write: TableWrite,
  now: string,
  /** The batch moved a document's address (a new redirect from its old slug). */
  moved = false,
): ContentChange | null {
  if (PRIVATE_TABLES.has(write.table)) return null;
  const quiet = QUIET_COLUMNS[write.table];
  if (quiet && write.columns?.length && write.columns.every((c) => quiet.has(c))) return null;
  // A renamed document is gone from its old address, which answers a 301 from now on.
  const removal =
    (moved && write.kind === "update" && ADDRESSED_TABLES.has(write.table)) ||
    mayRemove(write, now);
  const ids = write.ids;
  switch (write.table) {
    case "posts":
    case "post_categories":
    case "post_tags": {
      // A post whose row is named: its own tag (its page, and every list,
      // related list or menu that shows it) and the lists (order, counts).
      // A post put in a category: that category's related lists too.
      const categories = (write.refs?.category_id ?? []).map(categoryTag);
      const lists = write.kind === "insert" ? [POSTS_TAG, RELATED_TAG] : [POSTS_TAG];
      if (ids?.length) {
        const own = ids.map(postTag);
        // A title, a text or a picture: the pages that show the post, and what
        // reads posts by their fields, not every list (its place in each is kept).
        if (write.table === "posts" && !removal && keepsListsAsTheyAre(write)) {
          return { stale: [...own, tableTag("posts")], purge: [] };
        }
        return removal && write.table === "posts"
          ? { stale: [...lists, ...categories], purge: own }
          : { stale: [...own, ...lists, ...categories], purge: [] };
      }
      if (write.kind === "insert") return { stale: [...lists, ...categories], purge: [] };
      return removal ? { stale: [], purge: [SITE_TAG] } : { stale: [SITE_TAG], purge: [] };
    }
    case "pages": {
      if (ids?.length) {
        const own = ids.map(pageTag);
        return removal
          ? { stale: [PAGES_TAG], purge: own }
          : { stale: [...own, PAGES_TAG], purge: [] };
      }
      if (write.kind === "insert") return { stale: [PAGES_TAG], purge: [] };
      return removal ? { stale: [], purge: [SITE_TAG] } : { stale: [SITE_TAG], purge: [] };
    }
    case "users":
      // A new account shows nowhere; a changed one may be an author shown anywhere.
      if (write.kind === "insert") return null;
      if (write.kind === "update" && write.columns?.every((c) => !PUBLIC_USER_COLUMNS.has(c))) {
        return null;
      }
      return removal ? { stale: [], purge: [SITE_TAG] } : { stale: [SITE_TAG], purge: [] };
    case "settings":
      // Settings, menus and theme: everything (every page shows them).
      return { stale: [SITE_TAG], purge: [] };
    default: {
      const tag = tableTag(write.table);
      return removal ? { stale: [], purge: [tag] } : { stale: [tag], purge: [] };
    }
  }
}

/** The change a committed batch of writes makes (null: nothing visitors see). */
export function changeOfWrites(writes: readonly TableWrite[], now: string): ContentChange | null {
  const stale = new Set<string>();
  const purge = new Set<string>();
  const moved = writes.some((write) => write.table === "slug_redirects" && write.kind === "insert");
  for (const write of writes) {
    const change = changeOfWrite(write, now, moved);
    if (!change) continue;
    for (const tag of change.stale) stale.add(tag);
    for (const tag of change.purge) purge.add(tag);
  }
  if (stale.size === 0 && purge.size === 0) return null;
  for (const tag of purge) stale.delete(tag);
  return { stale: [...stale], purge: [...purge] };
}

/** Whether a committed write can change what visitors see. */
export function isPublicWrite(write: TableWrite): boolean {
  return changeOfWrite(write, new Date().toISOString()) !== null;
}
