import type { DocumentType } from "#common/documents.ts";
import type { Actor } from "#common/permissions.ts";
import { withSectionDefaults } from "#common/schemas/settings.ts";
import type {
  Page,
  PageSnapshot,
  Post,
  PostSnapshot,
  RevisionSummary,
  Service,
  ServiceSnapshot,
} from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import type { RevisionReason } from "#server/db/schema.ts";
import { AppError } from "#server/lib/app-error.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { findTermsByNames } from "#server/modules/categories/categories.repository.ts";
import { findPage } from "#server/modules/pages/pages.repository.ts";
import type { PagesService } from "#server/modules/pages/pages.service.ts";
import { findPost } from "#server/modules/posts/posts.repository.ts";
import type { PostsService } from "#server/modules/posts/posts.service.ts";
import { findServiceById } from "#server/modules/services/services.repository.ts";
import type { ServicesService } from "#server/modules/services/services.service.ts";
import { findSettingsRow } from "#server/modules/settings/settings.repository.ts";
import { requireEditableDocument } from "#server/modules/versions/editable.ts";
import {
  findRevision,
  findRevisions,
  hasRevisions,
  insertRevision,
  pruneRevisions,
  type RevisionRow,
} from "./revisions.repository.ts";

/**
 * Revisions of posts, pages and services (docs/decisions/017-revisions.md).
 * `recordRevision` is what the documents' services call inside the
 * transaction of each save; the service below lists, shows and restores them.
 */

/** What a save did, for the revision's reason: "publish"/"unpublish" when it did that. */
export function revisionReason(wasPublic: boolean, nowPublic: boolean): RevisionReason {
  if (!wasPublic && nowPublic) return "publish";
  if (wasPublic && !nowPublic) return "unpublish";
  return "save";
}

export function postSnapshot(post: Post): PostSnapshot {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    featured_image: post.featured_image,
    featured_image_alt: post.featured_image_alt,
    isFeatured: post.isFeatured,
    categories: post.categories.map((c) => c.name),
    tags: post.tags.map((t) => t.name),
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    og_image: post.og_image,
    status: post.status,
    published_at: post.published_at,
  };
}

export function pageSnapshot(page: Page): PageSnapshot {
  return {
    title: page.title,
    slug: page.slug,
    content: page.content,
    featured_image: page.featured_image,
    featured_image_alt: page.featured_image_alt,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    noindex: page.noindex,
    status: page.status,
    published_at: page.published_at,
  };
}

export function serviceSnapshot(service: Service): ServiceSnapshot {
  return {
    title: service.title,
    slug: service.slug,
    description: service.description,
    icon: service.icon,
    details: service.details,
  };
}

type DocumentState = {
  snapshot: PostSnapshot | PageSnapshot | ServiceSnapshot;
  /** When it was saved last, and by whose hand as far as the row tells (a post's or page's author). */
  savedAt: string;
  authorId: number | null;
};

async function readState(
  trx: Db,
  type: DocumentType,
  id: number,
  now: string,
): Promise<DocumentState | null> {
  if (type === "post") {
    const post = await findPost(trx, { id }, { visibility: "all", now });
    return (
      post && { snapshot: postSnapshot(post), savedAt: post.updated_at, authorId: post.author_id }
    );
  }
  if (type === "page") {
    const page = await findPage(trx, { id }, { visibility: "all", now });
    return (
      page && { snapshot: pageSnapshot(page), savedAt: page.updated_at, authorId: page.author_id }
    );
  }
  const service = await findServiceById(trx, id);
  return (
    service && { snapshot: serviceSnapshot(service), savedAt: service.updated_at, authorId: null }
  );
}

async function readSnapshot(trx: Db, type: DocumentType, id: number, now: string) {
  return (await readState(trx, type, id, now))?.snapshot ?? null;
}

/**
 * A document saved for the first time since it has had revisions (seeded,
 * moved in by an import, or older than revisions) has no revision of how it
 * was: one is kept first, dated its last save, so its first edit can be undone
 * from Revisions. Called by every save in its transaction, before its writes
 * (`requireCurrentVersion`, `countBulkSaves`); a document with revisions costs
 * one indexed read.
 */
export async function keepStateBeforeFirstSave(
  trx: Db,
  type: DocumentType,
  id: number,
): Promise<void> {
  if (await hasRevisions(trx, type, id)) return;
  const state = await readState(trx, type, id, nowIso());
  if (!state) return;
  await insertRevision(
    trx,
    {
      document_type: type,
      document_id: id,
      snapshot: state.snapshot,
      reason: "save",
      author_id: state.authorId,
    },
    state.savedAt,
  );
}

/** The "Revisions to keep" setting (general section): 0 keeps all. */
async function revisionsToKeep(trx: Db): Promise<number> {
  return withSectionDefaults("general", await findSettingsRow(trx, "general")).revisionsToKeep;
}

export type RevisionContext = {
  /** Set by a restore: the revision restored (the new revision's reason is "restore"). */
  restoredFrom?: number;
};

/**
 * Keeps the document as it now is in `trx` (after the save's writes) as a new
 * revision and prunes the oldest past the setting, in the save's transaction.
 * A restore also gets its own audit entry (`revision_restored`).
 */
export async function recordRevision(
  trx: Db,
  actor: Actor | null,
  change: { type: DocumentType; id: number; reason: RevisionReason } & RevisionContext,
): Promise<void> {
  const now = nowIso();
  const snapshot = await readSnapshot(trx, change.type, change.id, now);
  if (!snapshot) return;
  await insertRevision(
    trx,
    {
      document_type: change.type,
      document_id: change.id,
      snapshot,
      reason: change.restoredFrom !== undefined ? "restore" : change.reason,
      author_id: actor?.id || null,
    },
    now,
  );
  await pruneRevisions(trx, change.type, change.id, await revisionsToKeep(trx));
  if (change.restoredFrom !== undefined) {
    await insertAuditEvents(
      trx,
      actor,
      [
        {
          action: "revision_restored",
          entityType: change.type,
          entityId: change.id,
          label: snapshot.title,
          details: { revision: change.restoredFrom },
        },
      ],
      now,
    );
  }
}

function summary(row: RevisionRow): RevisionSummary {
  const { id, created_at, author, reason, title } = row;
  return { id, created_at, author, reason, title };
}

const SEO_FIELDS = ["meta_title", "meta_description"] as const;

/**
 * The fields a restore brings back from a snapshot (besides a post's
 * categories and tags that still exist); the address and the publication
 * state stay as they are.
 */
const RESTORED_FIELDS: Record<DocumentType, readonly string[]> = {
  post: ["title", "excerpt", "content", "featured_image", "featured_image_alt", "og_image"],
  page: ["title", "content", "featured_image", "featured_image_alt", "noindex"],
  service: ["title", "description", "icon", "details"],
};

function restoredFields(snapshot: Record<string, unknown>, type: DocumentType) {
  const names = [...RESTORED_FIELDS[type], ...(type === "service" ? [] : SEO_FIELDS)];
  return Object.fromEntries(names.map((name) => [name, snapshot[name]]));
}

export function createRevisionsService(
  db: Db,
  documents: { posts: PostsService; pages: PagesService; services: ServicesService },
) {
  async function requireRevision(type: DocumentType, id: number, revisionId: number) {
    const revision = await findRevision(db, type, id, revisionId);
    if (!revision) throw AppError.notFound(`Revision with ID ${revisionId} not found.`);
    return revision;
  }

  async function listRevisions(
    actor: Actor | null,
    type: DocumentType,
    id: number,
  ): Promise<RevisionSummary[]> {
    await requireEditableDocument(db, actor, type, id);
    return (await findRevisions(db, type, id)).map(summary);
  }

  async function getRevision(
    actor: Actor | null,
    type: DocumentType,
    id: number,
    revisionId: number,
  ): Promise<RevisionSummary & { snapshot: Record<string, unknown> }> {
    await requireEditableDocument(db, actor, type, id);
    const revision = await requireRevision(type, id, revisionId);
    return { ...summary(revision), snapshot: revision.snapshot };
  }

  /** Names in the snapshot that still exist (a deleted category or tag is left out). */
  async function stillExisting(table: "categories" | "tags", names: unknown): Promise<string[]> {
    const list = Array.isArray(names) ? names.filter((n) => typeof n === "string") : [];
    if (!list.length) return [];
    return (await findTermsByNames(db, table, list)).map((t) => t.name);
  }

  /**
   * Saves the revision's content as the document's (a save like any other,
   * which makes a new revision). The address and the publication state stay
   * as they are now: a restore brings back what was written, not where or
   * whether it is shown. A restore's start: the caller's right to edit the
   * document (and its slug, which stays), the revision's snapshot, and the save
   * options that mark the save a restore.
   */
  async function restoring(
    actor: Actor | null,
    type: DocumentType,
    id: number,
    revisionId: number,
  ) {
    const { editor: caller, slug } = await requireEditableDocument(db, actor, type, id);
    const { snapshot } = await requireRevision(type, id, revisionId);
    const asRestore = [undefined, { restoredFrom: revisionId }] as const;
    return { caller, slug, s: snapshot, asRestore };
  }

  async function restorePostRevision(actor: Actor | null, id: number, revisionId: number) {
    const { caller, s, asRestore } = await restoring(actor, "post", id, revisionId);
    const fields = {
      ...restoredFields(s, "post"),
      categories: await stillExisting("categories", s.categories),
      tags: await stillExisting("tags", s.tags),
    };
    return documents.posts.updatePost(caller, id, fields, ...asRestore);
  }

  async function restorePageRevision(actor: Actor | null, id: number, revisionId: number) {
    const { caller, s, asRestore } = await restoring(actor, "page", id, revisionId);
    return documents.pages.updatePage(caller, id, restoredFields(s, "page"), ...asRestore);
  }

  async function restoreServiceRevision(actor: Actor | null, id: number, revisionId: number) {
    const { caller, slug, s, asRestore } = await restoring(actor, "service", id, revisionId);
    const fields = { ...restoredFields(s, "service"), slug };
    return documents.services.updateService(caller, id, fields, ...asRestore);
  }

  return {
    listRevisions,
    getRevision,
    restorePostRevision,
    restorePageRevision,
    restoreServiceRevision,
  };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
