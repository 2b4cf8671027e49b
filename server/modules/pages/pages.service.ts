import type { Actor } from "#common/permissions.ts";
import { type PageInput, PageInputSchema } from "#common/schemas/pages.ts";
import type { Page, PageList } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { pageTag, readTagged, tagRead } from "#server/lib/cache-tags.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { changedFields } from "#server/modules/audit/audit.repository.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import type { CreateOptions } from "#server/modules/content/create-options.ts";
import {
  type BulkAction,
  createdEvents,
  deleteDocuments,
  recordSave,
  requireContent,
  rethrowSlugTaken,
  updatedEvents,
  writeBulkAction,
} from "#server/modules/content/document-writes.ts";
import { resolveStatus, type StoredStatus, toIsoDate } from "#server/modules/content/publishing.ts";
import { findCurrentSlug } from "#server/modules/redirects/redirects.repository.ts";
import type { RevisionContext } from "#server/modules/revisions/revisions.service.ts";
import { requireCurrentVersion } from "#server/modules/versions/versions.ts";
import {
  deletePages,
  findPage,
  findPageIdBySlug,
  findPagePage,
  findPagesForBulk,
  insertPage,
  PAGE_FIELDS,
  type PageStatusFilter,
  type PageWrite,
  updatePageColumns,
} from "./pages.repository.ts";

export const PAGE_SLUG_TAKEN = "A page with this slug already exists";
/** The staff list: 20 pages a screen unless asked otherwise, at most 100. */
export const PAGE_LIST_SIZE = { default: 20, max: 100 } as const;

export type PageListQuery = {
  page?: number;
  limit?: number;
  status?: PageStatusFilter;
  search?: string;
};

function notFound(id: number) {
  return AppError.notFound(`Page with ID ${id} not found.`);
}

function slugTaken(): never {
  throw AppError.conflict(PAGE_SLUG_TAKEN, { slug: PAGE_SLUG_TAKEN });
}

/** A page's slug taken by a page saved at the same moment: 409; any other error as it is. */
function slugConflict(error: unknown): never {
  return rethrowSlugTaken(error, "pages", slugTaken);
}

/**
 * Company pages: the staff's calls (all behind `pages:manage`) and the public
 * site's reads (a live page by slug, the 301 of a renamed one), one service
 * for both (the page loader calls it in-process).
 */
export function createPagesService(db: Db) {
  async function requireSlugFree(slug: string, exceptId?: number) {
    const id = await findPageIdBySlug(db, slug);
    if (id !== null && id !== exceptId) slugTaken();
  }

  async function loadPage(id: number): Promise<Page> {
    const page = await findPage(db, { id }, { visibility: "all", now: nowIso() });
    if (!page) throw notFound(id);
    return page;
  }

  async function listPages(actor: Actor | null, query: PageListQuery = {}): Promise<PageList> {
    requirePermission(actor, "pages:manage");
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const limit = Math.min(
      PAGE_LIST_SIZE.max,
      Math.max(1, Math.floor(query.limit ?? PAGE_LIST_SIZE.default)),
    );
    const { pages, count } = await findPagePage(
      db,
      {
        status: query.status === "all" ? undefined : query.status,
        search: query.search?.trim() || undefined,
        now: nowIso(),
      },
      { page, limit },
    );
    return { pages, count, totalPages: Math.max(1, Math.ceil(count / limit)), page, limit };
  }

  async function getPage(actor: Actor | null, id: number): Promise<Page> {
    requirePermission(actor, "pages:manage");
    return loadPage(id);
  }

  /** A live page at `/{slug}`: drafts and pages whose time has not come are not there. */
  async function getPublicPageBySlug(slug: string): Promise<Page | null> {
    const page = await readTagged(() =>
      findPage(db, { slug }, { visibility: "public", now: nowIso() }),
    );
    if (page) tagRead(pageTag(page.id));
    return page;
  }

  /** The current slug of a live page that used to live at `oldSlug`. */
  function findPageRedirect(oldSlug: string): Promise<string | null> {
    return findCurrentSlug(db, "page", oldSlug, (id) =>
      findPage(db, { id }, { visibility: "public", now: nowIso() }),
    );
  }

  async function createPage(
    actor: Actor | null,
    input: unknown,
    options: CreateOptions = {},
  ): Promise<Page> {
    requirePermission(actor, "pages:manage");
    const data = parseInput(PageInputSchema, input);
    const content = requireContent(data.content);
    const now = nowIso();
    const state = resolveStatus(data.status, toIsoDate(data.published_at) ?? null, now, "page");
    await requireSlugFree(data.slug);
    let id: number;
    try {
      id = await writeWithAudit(
        db,
        actor,
        async (trx) => {
          const pageId = await insertPage(
            trx,
            {
              title: data.title,
              slug: data.slug,
              content,
              meta_title: data.meta_title ?? "",
              meta_description: data.meta_description ?? "",
              featured_image: data.featured_image ?? "",
              featured_image_alt: data.featured_image_alt ?? "",
              status: state.status,
              published_at: state.published_at,
              noindex: data.noindex ?? false,
              author_id: options.authorId === undefined ? actor.id || null : options.authorId,
            },
            now,
          );
          // A new page taking an old address ends that redirect.
          await recordSave(trx, actor, { type: "page", id: pageId, slug: data.slug, state }, null);
          await options.within?.(trx, pageId);
          return pageId;
        },
        (pageId) =>
          createdEvents({ entityType: "page", entityId: pageId, label: data.title }, state),
      );
    } catch (error) {
      slugConflict(error);
    }
    return loadPage(id);
  }

  /**
   * Fields left out of the body stay as they are. `expectedVersion`: the
   * version the editor loaded; an older one than stored is a 409.
   */
  async function updatePage(
    actor: Actor | null,
    id: number,
    input: unknown,
    expectedVersion?: number,
    revision: RevisionContext = {},
  ): Promise<Page> {
    requirePermission(actor, "pages:manage");
    const current = await loadPage(id);
    const body = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
    const data: PageInput = parseInput(PageInputSchema, {
      title: current.title,
      slug: current.slug,
      content: current.content,
      ...body,
    });
    const content = requireContent(data.content);
    const now = nowIso();
    if (data.slug !== current.slug) await requireSlugFree(data.slug, id);

    const givenDate = toIsoDate(data.published_at);
    const publishedAt = givenDate === undefined ? current.published_at : givenDate;
    const state: { status: StoredStatus; published_at: string | null } =
      data.status !== undefined || givenDate !== undefined
        ? resolveStatus(
            data.status ?? (current.status === "draft" ? "draft" : undefined),
            publishedAt,
            now,
            "page",
          )
        : { status: current.status, published_at: current.published_at };

    const values: Omit<PageWrite, "author_id"> = {
      title: data.title,
      slug: data.slug,
      content,
      meta_title: data.meta_title ?? current.meta_title,
      meta_description: data.meta_description ?? current.meta_description,
      featured_image: data.featured_image ?? current.featured_image,
      featured_image_alt: data.featured_image_alt ?? current.featured_image_alt,
      status: state.status,
      published_at: state.published_at,
      noindex: data.noindex ?? current.noindex,
    };
    const wasPublic = current.status !== "draft";
    try {
      await writeWithAudit(
        db,
        actor,
        async (trx) => {
          if ((await requireCurrentVersion(trx, "page", id, actor, expectedVersion)) === null)
            throw notFound(id);
          if (!(await updatePageColumns(trx, id, values, now))) throw notFound(id);
          await recordSave(
            trx,
            actor,
            { type: "page", id, slug: data.slug, state },
            current,
            revision,
          );
        },
        () =>
          updatedEvents(
            { entityType: "page", entityId: id, label: data.title },
            changedFields(current, values, [...PAGE_FIELDS]),
            wasPublic,
            state,
          ),
      );
    } catch (error) {
      slugConflict(error);
    }
    return loadPage(id);
  }

  async function deletePage(actor: Actor | null, id: number): Promise<void> {
    requirePermission(actor, "pages:manage");
    const page = await loadPage(id);
    await writeWithAudit(
      db,
      actor,
      async (trx) => {
        if ((await deleteDocuments(trx, "page", [id], deletePages)) === 0) throw notFound(id);
      },
      () => ({ action: "deleted", entityType: "page", entityId: id, label: page.title }),
    );
  }

  /** Publish, move to draft or delete several pages: all or nothing. */
  async function bulkPages(actor: Actor | null, action: BulkAction, ids: number[]) {
    requirePermission(actor, "pages:manage");
    const unique = [...new Set(ids)];
    const rows = await findPagesForBulk(db, unique);
    if (rows.length !== unique.length)
      throw AppError.notFound("Some of the selected pages do not exist");
    return writeBulkAction(db, actor, "page", action, rows, {
      deleteRows: deletePages,
      updateStatus: updatePageColumns,
    });
  }

  return {
    listPages,
    getPage,
    getPublicPageBySlug,
    findPageRedirect,
    createPage,
    updatePage,
    deletePage,
    bulkPages,
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
