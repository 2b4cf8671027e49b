import type { Actor } from "#common/permissions.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AuditEvent } from "#server/modules/audit/audit.repository.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import {
  deleteRedirectsTo,
  recordSlugChange,
  releaseSlug,
} from "#server/modules/redirects/redirects.repository.ts";
import {
  type RevisionContext,
  recordRevision,
  revisionReason,
} from "#server/modules/revisions/revisions.service.ts";
import { countBulkSaves } from "#server/modules/versions/versions.ts";
import { deleteDocumentTrail } from "./document-trail.ts";
import type { StoredStatus } from "./publishing.ts";
import { sanitizeRichText } from "./sanitize.ts";

/**
 * What a post's and a page's writes share: their audit entries, the old
 * address a rename leaves, deleting one with what it leaves beside it, and
 * the bulk publish and draft actions. Each service keeps its own rules
 * (who may, which fields) and calls these inside its `writeWithAudit`.
 */

type PostOrPage = "post" | "page";
type Entity = { entityType: PostOrPage; entityId: number; label: string };
type PublishState = { status: string; published_at: string | null };

export type BulkAction = "publish" | "draft" | "delete";

/** A body as stored: sanitised, and not empty (markup only, or a script the sanitiser removed, is). */
export function requireContent(html: string): string {
  const content = sanitizeRichText(html);
  if (!content) throw AppError.validation({ content: "Content is required" });
  return content;
}

function publishDetails(state: PublishState) {
  return state.status === "scheduled" ? { scheduled_for: state.published_at } : {};
}

/** "published" or "unpublished" when a change did that, else nothing. */
function publishEvents(entity: Entity, wasPublic: boolean, state: PublishState): AuditEvent[] {
  const nowPublic = state.status !== "draft";
  if (!wasPublic && nowPublic)
    return [{ ...entity, action: "published", details: publishDetails(state) }];
  if (wasPublic && !nowPublic) return [{ ...entity, action: "unpublished" }];
  return [];
}

/** The entries of a new document: "created", and "published" unless it is a draft. */
export function createdEvents(entity: Entity, state: PublishState): AuditEvent[] {
  return [
    { ...entity, action: "created", details: { status: state.status } },
    ...publishEvents(entity, false, state),
  ];
}

/** The entries of an edit: "updated" with the fields it changed, and "published"/"unpublished". */
export function updatedEvents(
  entity: Entity,
  changed: string[],
  wasPublic: boolean,
  state: PublishState,
): AuditEvent[] {
  return [
    { ...entity, action: "updated", details: { changed } },
    ...publishEvents(entity, wasPublic, state),
  ];
}

/**
 * The slug of a document saved at the same moment (a unique violation on
 * `<table>.slug`): `taken` throws the service's 409; any other error as it is.
 */
export function rethrowSlugTaken(
  error: unknown,
  table: "posts" | "pages" | "services",
  taken: () => never,
): never {
  const e = error as { constraint?: string; message?: string };
  const onSlug =
    new RegExp(`${table}_slug`).test(e.constraint ?? "") ||
    new RegExp(`${table}\\.slug`).test(e.message ?? "");
  if (isUniqueViolation(error) && onSlug) taken();
  throw error;
}

/**
 * A new slug: a document that has been public keeps its old address working
 * (a 301); a draft's, or a new document's, takes the address over from any
 * redirect there.
 */
export async function moveSlug(
  trx: Db,
  type: PostOrPage,
  id: number,
  before: { slug: string; status: string } | null,
  slug: string,
) {
  if (before && slug === before.slug) return;
  if (before && before.status !== "draft") await recordSlugChange(trx, type, id, before.slug, slug);
  else await releaseSlug(trx, type, slug);
}

/**
 * What a save writes beside the document's own row, last in its transaction:
 * the address (`moveSlug`; `before` is null for a new document) and a
 * revision of the document as saved.
 */
export async function recordSave(
  trx: Db,
  actor: Actor | null,
  saved: { type: PostOrPage; id: number; slug: string; state: PublishState },
  before: { slug: string; status: string } | null,
  revision: RevisionContext = {},
) {
  const { type, id } = saved;
  await moveSlug(trx, type, id, before, saved.slug);
  const wasPublic = before !== null && before.status !== "draft";
  const reason = revisionReason(wasPublic, saved.state.status !== "draft");
  await recordRevision(trx, actor, { type, id, reason, ...revision });
}

/** Deletes documents with their redirects, revisions, autosaves and preview links. */
export async function deleteDocuments<R>(
  trx: Db,
  type: PostOrPage,
  ids: number[],
  deleteRows: (trx: Db, ids: number[]) => Promise<R>,
): Promise<R> {
  const deleted = await deleteRows(trx, ids);
  for (const id of ids) await deleteRedirectsTo(trx, type, id);
  await deleteDocumentTrail(trx, type, ids);
  return deleted;
}

type UpdateStatus = (
  trx: Db,
  id: number,
  values: { status: StoredStatus; published_at?: string },
  now: string,
) => Promise<unknown>;

/**
 * A bulk action on documents the caller has read and checked (`rows`: all
 * there, each the actor's to change): all or nothing, one audit entry each.
 */
export async function writeBulkAction(
  db: Db,
  actor: Actor,
  type: PostOrPage,
  action: BulkAction,
  rows: { id: number; title: string; published_at: string | null }[],
  writes: {
    deleteRows: (trx: Db, ids: number[]) => Promise<unknown>;
    updateStatus: UpdateStatus;
  },
): Promise<{ deleted: number } | { updated: number }> {
  const ids = rows.map((row) => row.id);
  await writeWithAudit(
    db,
    actor,
    async (trx, now) => {
      if (action === "delete") await deleteDocuments(trx, type, ids, writes.deleteRows);
      else await setBulkStatus(trx, actor, type, action, rows, now, writes.updateStatus);
    },
    () => bulkEvents(type, action, rows),
  );
  return action === "delete" ? { deleted: ids.length } : { updated: ids.length };
}

/** One entry per document of a bulk action. */
function bulkEvents(
  type: PostOrPage,
  action: BulkAction,
  rows: { id: number; title: string }[],
): AuditEvent[] {
  return rows.map((row) => ({
    action: action === "delete" ? "deleted" : action === "draft" ? "unpublished" : "published",
    entityType: type,
    entityId: row.id,
    label: row.title,
    details: { bulk: true },
  }));
}

/**
 * Publishes (now, or at its past date) or moves to draft every document of
 * `rows`, each a save (version and revision) of its own.
 */
async function setBulkStatus(
  trx: Db,
  actor: Actor,
  type: PostOrPage,
  action: "publish" | "draft",
  rows: { id: number; published_at: string | null }[],
  now: string,
  update: UpdateStatus,
) {
  await countBulkSaves(
    trx,
    type,
    rows.map((row) => row.id),
    actor,
  );
  for (const row of rows) {
    if (action === "draft") {
      await update(trx, row.id, { status: "draft" }, now);
      continue;
    }
    // Publish now: one without a date, or scheduled for later, goes live at once.
    const due = row.published_at && row.published_at <= now ? row.published_at : now;
    await update(trx, row.id, { status: "published", published_at: due }, now);
  }
  for (const row of rows) {
    const reason = action === "draft" ? "unpublish" : "publish";
    await recordRevision(trx, actor, { type, id: row.id, reason });
  }
}
