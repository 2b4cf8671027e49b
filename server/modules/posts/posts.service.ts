import { randomBytes } from "node:crypto";
import { POST_PAGE_SIZE, postIdFromParam } from "#common/limits.ts";
import { type Actor, can, canManagePost } from "#common/permissions.ts";
import { checkIdText } from "#common/schemas/fields.ts";
import { foldPostAliases, type PostInput, PostInputSchema } from "#common/schemas/posts.ts";
import { slugify } from "#common/text.ts";
import type { Post, PostList, PostSummary } from "#common/types.ts";
import { requireActor, requirePermission, requirePostManager } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import {
  categoryTag,
  isBackgroundRender,
  POSTS_TAG,
  postTag,
  RELATED_TAG,
  readTagged,
  tagRead,
} from "#server/lib/cache-tags.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { type AuditEvent, insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import {
  findTagIdBySlug,
  findTermsByNames,
  insertTag,
  insertTagUnlessTaken,
  unknownTags,
} from "#server/modules/categories/categories.repository.ts";
import type { CreateOptions } from "#server/modules/content/create-options.ts";
import { deleteDocumentTrail } from "#server/modules/content/document-trail.ts";
import { sanitizeRichText } from "#server/modules/content/sanitize.ts";
import {
  deleteRedirectsTo,
  findRedirectTarget,
  recordSlugChange,
  releaseSlug,
} from "#server/modules/redirects/redirects.repository.ts";
import {
  type RevisionContext,
  recordRevision,
  revisionReason,
} from "#server/modules/revisions/revisions.service.ts";
import { countBulkSaves, requireCurrentVersion } from "#server/modules/versions/versions.ts";
import { isPublicPost, resolveStatus, toIsoDate } from "./post-status.ts";
import {
  addPostViews,
  deletePosts,
  fillMissingSearchText,
  findLivePostViews,
  findPostAuthor,
  findPostIdBySlug,
  findPostPage as findPostPageRows,
  findPost as findPostRow,
  findPostsForBulk,
  insertPost,
  type PostStatusFilter,
  setPostCategories,
  setPostTags,
  updatePostColumns,
} from "./posts.repository.ts";
import { searchTextOf } from "./search-text.ts";
import { postsAuthorScope } from "./visibility.ts";

export const FEATURE_REFUSED = "Only editors and admins can feature posts";
export const SLUG_REDIRECTS =
  "This slug is the old address of another author's post and still leads to it";

export function unknownTagsMessage(names: string[]) {
  return `Unknown tag: ${names.join(", ")}. Only editors and admins can create new tags`;
}

/** How often views counted in memory are written to the database. */
export const VIEWS_FLUSH_INTERVAL_MS = 5000;

export type PostListQuery = {
  page?: number;
  limit?: number;
  search?: string;
  category?: string;
  tag?: string;
  status?: PostStatusFilter;
  author?: number;
  featured?: boolean;
  /** Only the first N characters of each body (cards need no more). */
  contentPreview?: number;
};

function paging(query: { page?: number; limit?: number }, fallback: number = POST_PAGE_SIZE.api) {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const limit = Math.min(POST_PAGE_SIZE.max, Math.max(1, Math.floor(query.limit ?? fallback)));
  return { page, limit };
}

export const AUTHOR_UNCHANGEABLE = "author cannot be changed";

function publishDetails(state: { status: string; published_at: string | null }) {
  return state.status === "scheduled" ? { scheduled_for: state.published_at } : {};
}

/** What an edit changed, as audit entries: "updated", and "published"/"unpublished" when it did that. */
type AuditedPostFields = Pick<
  Post,
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "featured_image"
  | "isFeatured"
  | "status"
  | "published_at"
>;

function updateEvents(
  before: AuditedPostFields & { id: number },
  after: AuditedPostFields,
): AuditEvent[] {
  const entity = { entityType: "post", entityId: before.id, label: after.title } as const;
  const fields = [
    "title",
    "slug",
    "excerpt",
    "content",
    "featured_image",
    "isFeatured",
    "status",
    "published_at",
  ] as const;
  const changed = fields.filter((field) => before[field] !== after[field]);
  const events: AuditEvent[] = [{ ...entity, action: "updated", details: { changed } }];
  const wasPublic = before.status !== "draft";
  const nowPublic = after.status !== "draft";
  if (!wasPublic && nowPublic)
    events.push({ ...entity, action: "published", details: publishDetails(after) });
  if (wasPublic && !nowPublic) events.push({ ...entity, action: "unpublished" });
  return events;
}

/**
 * The reads of posts here are tagged by their callers (`post:<id>` for each
 * post shown, `posts` for a list), so they add no list tag of their own.
 */
const findPost: typeof findPostRow = (...args) => readTagged(() => findPostRow(...args));
const findPostPage: typeof findPostPageRows = (...args) =>
  readTagged(() => findPostPageRows(...args));

export function createPostsService(db: Db) {
  // Views are counted in memory (a page served from a cache counts too) and
  // written in batches: one transaction, `views = views + n` per post. A count
  // stays pending until its write commits, and every read adds what is pending,
  // so readers see one more view per view at once.
  const pendingViews = new Map<number, number>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let flushChain: Promise<void> = Promise.resolve();
  let closed = false;

  function scheduleFlush() {
    if (flushTimer || closed || pendingViews.size === 0) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flushViews().then(scheduleFlush, () => {
        // Kept in memory; the next view or flushViews() tries again.
      });
    }, VIEWS_FLUSH_INTERVAL_MS);
    // Never what keeps a process (or a test run) alive.
    flushTimer.unref();
  }

  /** Counts one view of a post (a page read, or a cached copy of it served). */
  function recordView(postId: number) {
    // The cache rendering a stale page again is not a visitor.
    if (isBackgroundRender()) return;
    pendingViews.set(postId, (pendingViews.get(postId) ?? 0) + 1);
    scheduleFlush();
  }

  async function writePendingViews() {
    if (pendingViews.size === 0) return;
    const batch = new Map(pendingViews);
    await addPostViews(db, batch);
    for (const [id, n] of batch) {
      const left = (pendingViews.get(id) ?? 0) - n;
      if (left > 0) pendingViews.set(id, left);
      else pendingViews.delete(id);
    }
  }

  /**
   * A live post's view count as of now (stored plus counted in memory), for
   * pages served from the page cache, whose copy shows the count at render time.
   */
  async function getPostViews(id: number): Promise<number | null> {
    const stored = await findLivePostViews(db, id, nowIso());
    return stored === null ? null : stored + (pendingViews.get(id) ?? 0);
  }

  /** Writes the views counted so far (one flush at a time); call it at shutdown. */
  function flushViews(): Promise<void> {
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = undefined;
    }
    const run = flushChain.then(writePendingViews);
    flushChain = run.catch(() => {});
    return run;
  }

  /** Stops the periodic flush and writes what is pending. */
  async function close(): Promise<void> {
    closed = true;
    await flushViews();
  }

  function withPendingViews<T extends { id: number; views: number }>(post: T): T {
    const pending = pendingViews.get(post.id);
    if (pending) post.views += pending;
    return post;
  }

  // Posts written outside this service (the demo seed) get their searchable
  // text before the first search; a partial index makes the check free after.
  let searchTextReady: Promise<unknown> | undefined;
  function ensureSearchText() {
    searchTextReady ??= fillMissingSearchText(db).catch((error) => {
      searchTextReady = undefined;
      throw error;
    });
    return searchTextReady;
  }

  async function listPosts(actor: Actor | null, query: PostListQuery): Promise<PostList> {
    const { page, limit } = paging(query);
    const staffView = !!query.status && can(actor, "admin:access");
    const search = query.search?.trim() || undefined;
    if (search) await ensureSearchText();
    const { posts, count } = await findPostPage(
      db,
      {
        visibility: staffView ? "all" : "public",
        status: staffView ? query.status : undefined,
        authorId: (staffView ? postsAuthorScope(actor!) : undefined) ?? query.author ?? undefined,
        now: nowIso(),
        search,
        categorySlug: query.category?.trim() || undefined,
        tagSlug: query.tag?.trim() || undefined,
        featured: query.featured || undefined,
      },
      { page, limit },
      { contentPreview: query.contentPreview },
    );
    posts.forEach(withPendingViews);
    // Cache tags: a list, and each post it shows.
    tagRead(POSTS_TAG, ...posts.map((p) => postTag(p.id)));
    return { posts, count, totalPages: Math.max(1, Math.ceil(count / limit)), page, limit };
  }

  /** The public list (what the blog and home pages show). */
  function listPublicPosts(query: Omit<PostListQuery, "status" | "author">) {
    return listPosts(null, query);
  }

  async function listFeaturedPosts(limit = 3): Promise<PostSummary[]> {
    const result = await findPostPage(
      db,
      { visibility: "public", featured: true, now: nowIso() },
      paging({ limit }, 3),
      { withCount: false },
    );
    tagRead(POSTS_TAG, ...result.posts.map((p) => postTag(p.id)));
    return result.posts.map(withPendingViews);
  }

  async function listRelatedPosts(
    postId: number,
    categoryIds: number[] | undefined,
    limit = 3,
    options: { contentPreview?: number } = {},
  ): Promise<PostSummary[]> {
    const now = nowIso();
    let ids = categoryIds;
    if (!ids?.length) {
      const post = await findPost(db, { id: postId }, { visibility: "all", now });
      ids = post?.categories.map((c) => c.id) ?? [];
    }
    tagRead(RELATED_TAG, ...ids.map(categoryTag));
    if (!ids.length) return [];
    const result = await findPostPage(
      db,
      { visibility: "public", categoryIds: ids, excludeId: postId, now },
      paging({ limit }, 3),
      { withCount: false, contentPreview: options.contentPreview },
    );
    // Not the `posts` list tag: an edit to another post does not change this list.
    tagRead(RELATED_TAG, ...result.posts.map((p) => postTag(p.id)));
    return result.posts.map(withPendingViews);
  }

  /** By id, for the editor and the legacy client: drafts only for those who may manage them. */
  async function getPostById(actor: Actor | null, rawId: string): Promise<Post> {
    const id = postIdFromParam(rawId);
    if (!id)
      throw AppError.badRequest("No ID provided for post retrieval", {
        id: "No ID provided for post retrieval",
      });
    const checked = checkIdText("id", id);
    if ("error" in checked) throw AppError.validation({ id: checked.error });
    const notFound = AppError.notFound(`Post with ID ${id} not found.`);
    const post = await findPost(db, { id: checked.id }, { visibility: "all", now: nowIso() });
    if (!post) throw notFound;
    tagRead(postTag(post.id));
    if (isPublicPost(post) || canManagePost(actor, post)) return withPendingViews(post);
    throw notFound;
  }

  async function getPublicPostBySlug(
    slug: string,
    options: { countView?: boolean } = {},
  ): Promise<Post | null> {
    const post = await findPost(db, { slug }, { visibility: "public", now: nowIso() });
    // Not found: a 404, never stored; a post given this slug later is an insert or a slug change.
    if (!post) return null;
    tagRead(postTag(post.id));
    if (options.countView) recordView(post.id);
    return withPendingViews(post);
  }

  async function resolveTaxonomy(
    actor: Actor,
    input: Pick<PostInput, "categories" | "tags">,
  ): Promise<{ categoryIds: number[] | undefined; tagNames: string[] | undefined }> {
    let categoryIds: number[] | undefined;
    if (input.categories) {
      const found = await findTermsByNames(db, "categories", input.categories);
      const known = new Set(found.map((c) => c.name.toLowerCase()));
      const unknown = input.categories.filter((n) => !known.has(n.toLowerCase()));
      if (unknown.length) {
        const message = `Unknown category: ${unknown.join(", ")}`;
        throw AppError.validation({ categories: message });
      }
      categoryIds = found.map((c) => c.id);
    }
    // Authors tag with existing tags only; editors and admins may name new ones.
    if (input.tags?.length && !can(actor, "tags:manage")) {
      const unknown = await unknownTags(db, input.tags);
      if (unknown.length) throw AppError.validation({ tags: unknownTagsMessage(unknown) });
    }
    return { categoryIds, tagNames: input.tags };
  }

  /**
   * Featuring a post is for editors and admins: an author may send the flag
   * only as it already is (the editor form sends the loaded value back).
   */
  function requireFeatureRight(
    actor: Actor,
    data: Pick<PostInput, "isFeatured" | "featured">,
    current: boolean,
  ) {
    if (can(actor, "posts:feature")) return;
    const field = data.isFeatured !== undefined ? "isFeatured" : "featured";
    const wanted = data.isFeatured ?? data.featured;
    if (wanted !== undefined && wanted !== current) {
      throw new AppError("FORBIDDEN", FEATURE_REFUSED, { [field]: FEATURE_REFUSED });
    }
  }

  /**
   * A renamed post keeps its old address (a 301 from the old slug). Taking
   * that slug ends the redirect, so only the post's own managers, or those who
   * may manage every post, may take it.
   */
  async function requireSlugNotAnotherPostsAddress(actor: Actor, slug: string, postId?: number) {
    if (can(actor, "posts:manage-any")) return;
    const targetId = await findRedirectTarget(db, "post", slug);
    if (targetId === null || targetId === postId) return;
    const target = await findPostAuthor(db, targetId);
    if (!target || canManagePost(actor, target)) return;
    throw AppError.conflict(SLUG_REDIRECTS, { slug: SLUG_REDIRECTS });
  }

  async function setRelations(
    trx: Db,
    postId: number,
    categoryIds: number[] | undefined,
    tagNames: string[] | undefined,
    mayCreateTags: boolean,
  ) {
    if (categoryIds) await setPostCategories(trx, postId, categoryIds);
    if (!tagNames) return;
    const existing = await findTermsByNames(trx, "tags", tagNames);
    const byName = new Map(existing.map((t) => [t.name.toLowerCase(), t.id]));
    const ids: number[] = [];
    for (const name of tagNames) {
      let id = byName.get(name.toLowerCase());
      // Deleted since resolveTaxonomy looked: still not the author's to create.
      if (id === undefined && !mayCreateTags) {
        throw AppError.validation({ tags: unknownTagsMessage([name]) });
      }
      if (id === undefined) {
        id = await createTag(trx, name);
        byName.set(name.toLowerCase(), id);
      }
      if (!ids.includes(id)) ids.push(id);
    }
    await setPostTags(trx, postId, ids);
  }

  /**
   * A new tag named by a post. Two posts saved at the same moment with the
   * same new tag: the second waits for the first and then uses its tag.
   */
  async function createTag(trx: Db, name: string): Promise<number> {
    let slug = slugify(name) || `tag-${Date.now()}`;
    if ((await findTagIdBySlug(trx, slug)) !== null) slug = `${slug}-${Date.now().toString(36)}`;
    const now = nowIso();
    return (
      (await insertTagUnlessTaken(trx, { name, slug }, now)) ??
      (await findTermsByNames(trx, "tags", [name]))[0]?.id ??
      // Only the slug was taken meanwhile (by a tag of another name).
      (await insertTag(trx, { name, slug: `${slug}-${randomBytes(3).toString("hex")}` }, now)).id
    );
  }

  async function requireSlugFree(slug: string, exceptId?: number) {
    if ((await findPostIdBySlug(db, slug, exceptId)) !== null) {
      const message = "A post with this slug already exists";
      throw AppError.conflict(message, { slug: message });
    }
  }

  /** The posts' slug taken by a post saved at the same moment: 409; any other error as it is. */
  function slugConflict(error: unknown): never {
    const e = error as { constraint?: string; message?: string };
    const postsSlug = /posts_slug/.test(e.constraint ?? "") || /posts\.slug/.test(e.message ?? "");
    if (isUniqueViolation(error) && postsSlug) {
      const message = "A post with this slug already exists";
      throw AppError.conflict(message, { slug: message });
    }
    throw error;
  }

  async function loadManaged(actor: Actor | null, id: number) {
    const post = await findPost(db, { id }, { visibility: "all", now: nowIso() });
    if (!post) throw AppError.notFound(`Post with ID ${id} not found.`);
    requirePostManager(actor, post);
    return post;
  }

  async function createPost(
    actor: Actor | null,
    input: unknown,
    options: CreateOptions = {},
  ): Promise<Post> {
    requirePermission(actor, "posts:create");
    const parsed = parseInput(PostInputSchema, input);
    const data = foldPostAliases(parsed);
    const now = nowIso();
    const content = sanitizeRichText(data.content);
    if (!content) throw AppError.validation({ content: "Content is required" });
    requireFeatureRight(actor, parsed, false);
    const { categoryIds, tagNames } = await resolveTaxonomy(actor, data);
    await requireSlugFree(data.slug);
    await requireSlugNotAnotherPostsAddress(actor, data.slug);
    const state = resolveStatus(data.status, toIsoDate(data.published_at) ?? null, now);
    try {
      const id = await db.transaction().execute(async (trx) => {
        const postId = await insertPost(
          trx,
          {
            title: data.title,
            slug: data.slug,
            excerpt: data.excerpt ?? "",
            content,
            search_text: searchTextOf(content),
            featured_image: data.featured_image ?? "",
            featured_image_alt: data.featured_image_alt ?? "",
            status: state.status,
            is_featured: data.isFeatured ?? false,
            author_id: options.authorId === undefined ? actor.id : options.authorId,
            published_at: state.published_at,
            meta_title: data.meta_title ?? "",
            meta_description: data.meta_description ?? "",
            og_image: data.og_image ?? "",
          },
          now,
        );
        await releaseSlug(trx, "post", data.slug);
        await setRelations(
          trx,
          postId,
          categoryIds ?? [],
          tagNames ?? [],
          can(actor, "tags:manage"),
        );
        await recordRevision(trx, actor, {
          type: "post",
          id: postId,
          reason: revisionReason(false, state.status !== "draft"),
        });
        const entity = { entityType: "post", entityId: postId, label: data.title } as const;
        await insertAuditEvents(
          trx,
          actor,
          [
            { ...entity, action: "created", details: { status: state.status } },
            ...(state.status === "draft"
              ? []
              : [{ ...entity, action: "published" as const, details: publishDetails(state) }]),
          ],
          now,
        );
        await options.within?.(trx, postId);
        return postId;
      });
      return withPendingViews((await findPost(db, { id }, { visibility: "all", now: nowIso() }))!);
    } catch (error) {
      slugConflict(error);
    }
  }

  /** Fields left out of the body stay as they are. */
  /** The author a client sent back (round trip) must be the post's own: it is read-only. */
  function requireSameAuthor(data: PostInput, authorId: number | null) {
    const sentAuthor = data.author as { id?: unknown } | null | undefined;
    for (const [field, sent] of [
      ["author_id", data.author_id],
      ["author", sentAuthor && typeof sentAuthor === "object" ? sentAuthor.id : sentAuthor],
    ] as const) {
      if (sent !== undefined && String(sent ?? "") !== String(authorId ?? "")) {
        throw AppError.validation({ [field]: AUTHOR_UNCHANGEABLE });
      }
    }
  }

  /** `expectedVersion`: the version the editor loaded; an older one than stored is a 409. */
  async function updatePost(
    actor: Actor | null,
    id: number,
    input: unknown,
    expectedVersion?: number,
    revision: RevisionContext = {},
  ): Promise<Post> {
    requireActor(actor);
    const current = await loadManaged(actor, id);
    const body = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
    const merged = {
      title: current.title,
      slug: current.slug,
      excerpt: current.excerpt,
      content: current.content,
      ...body,
    };
    const parsed = parseInput(PostInputSchema, merged);
    requireSameAuthor(parsed, current.author_id);
    const data = foldPostAliases(parsed);
    const now = nowIso();
    const content = sanitizeRichText(data.content);
    if (!content) throw AppError.validation({ content: "Content is required" });
    requireFeatureRight(actor, parsed, current.isFeatured);
    const { categoryIds, tagNames } = await resolveTaxonomy(actor, data);
    if (data.slug !== current.slug) {
      await requireSlugFree(data.slug, id);
      await requireSlugNotAnotherPostsAddress(actor, data.slug, id);
    }

    const givenDate = toIsoDate(data.published_at);
    const publishedAt = givenDate === undefined ? current.published_at : givenDate;
    const stored = current.status === "draft" ? "draft" : "published";
    const state =
      data.status !== undefined || givenDate !== undefined
        ? resolveStatus(data.status ?? (stored === "draft" ? "draft" : undefined), publishedAt, now)
        : { status: current.status, published_at: current.published_at };

    const image = data.featured_image;
    const featured = data.isFeatured;
    try {
      await db.transaction().execute(async (trx) => {
        if ((await requireCurrentVersion(trx, "post", id, actor, expectedVersion)) === null)
          throw AppError.notFound(`Post with ID ${id} not found.`);
        await updatePostColumns(
          trx,
          id,
          {
            title: data.title,
            slug: data.slug,
            excerpt: data.excerpt ?? current.excerpt,
            content,
            search_text: searchTextOf(content),
            ...(image !== undefined ? { featured_image: image } : {}),
            ...(data.featured_image_alt !== undefined
              ? { featured_image_alt: data.featured_image_alt }
              : {}),
            status: state.status,
            published_at: state.published_at,
            ...(featured !== undefined ? { is_featured: featured } : {}),
            ...(data.meta_title !== undefined ? { meta_title: data.meta_title } : {}),
            ...(data.meta_description !== undefined
              ? { meta_description: data.meta_description }
              : {}),
            ...(data.og_image !== undefined ? { og_image: data.og_image } : {}),
          },
          now,
        );
        // A post that has been public keeps its old address working (301).
        if (data.slug !== current.slug) {
          if (current.status !== "draft")
            await recordSlugChange(trx, "post", id, current.slug, data.slug);
          else await releaseSlug(trx, "post", data.slug);
        }
        await setRelations(trx, id, categoryIds, tagNames, can(actor, "tags:manage"));
        await recordRevision(trx, actor, {
          type: "post",
          id,
          reason: revisionReason(current.status !== "draft", state.status !== "draft"),
          ...revision,
        });
        await insertAuditEvents(
          trx,
          actor,
          updateEvents(current, {
            title: data.title,
            slug: data.slug,
            excerpt: data.excerpt ?? current.excerpt,
            content,
            featured_image: image ?? current.featured_image,
            isFeatured: featured ?? current.isFeatured,
            ...state,
          }),
          now,
        );
      });
    } catch (error) {
      slugConflict(error);
    }
    return withPendingViews((await findPost(db, { id }, { visibility: "all", now: nowIso() }))!);
  }

  async function deletePost(actor: Actor | null, id: number) {
    const post = await loadManaged(actor, id);
    await writeWithAudit(
      db,
      actor,
      async (trx) => {
        await deletePosts(trx, [id]);
        await deleteRedirectsTo(trx, "post", id);
        await deleteDocumentTrail(trx, "post", [id]);
      },
      () => ({ action: "deleted", entityType: "post", entityId: id, label: post.title }),
    );
  }

  /** The current slug of a live post that used to live at `oldSlug`. */
  async function findPostRedirect(oldSlug: string): Promise<string | null> {
    const id = await findRedirectTarget(db, "post", oldSlug);
    if (id === null) return null;
    const post = await findPost(db, { id }, { visibility: "public", now: nowIso() });
    return post && post.slug !== oldSlug ? post.slug : null;
  }

  /** All or nothing: every post must exist and be the caller's to manage. */
  async function bulkPosts(
    actor: Actor | null,
    action: "publish" | "draft" | "delete",
    ids: number[],
  ) {
    requirePermission(actor, "posts:create");
    const unique = [...new Set(ids)];
    const now = nowIso();
    const rows = await findPostsForBulk(db, unique);
    if (rows.length !== unique.length)
      throw AppError.notFound("Some of the selected posts do not exist");
    for (const row of rows) requirePostManager(actor, row);
    const events = rows.map(
      (row): AuditEvent => ({
        action: action === "delete" ? "deleted" : action === "draft" ? "unpublished" : "published",
        entityType: "post",
        entityId: row.id,
        label: row.title,
        details: { bulk: true },
      }),
    );
    if (action === "delete") {
      await db.transaction().execute(async (trx) => {
        await deletePosts(trx, unique);
        for (const id of unique) await deleteRedirectsTo(trx, "post", id);
        await deleteDocumentTrail(trx, "post", unique);
        await insertAuditEvents(trx, actor, events, now);
      });
      return { deleted: unique.length };
    }
    await db.transaction().execute(async (trx) => {
      await insertAuditEvents(trx, actor, events, now);
      await countBulkSaves(trx, "post", unique, actor);
      for (const row of rows) {
        if (action === "draft") {
          await updatePostColumns(trx, row.id, { status: "draft" }, now);
          continue;
        }
        // Publish now: a post without a date, or scheduled for later, goes live at once.
        const due = row.published_at && row.published_at <= now ? row.published_at : now;
        await updatePostColumns(trx, row.id, { status: "published", published_at: due }, now);
      }
      for (const row of rows) {
        const reason = action === "draft" ? "unpublish" : "publish";
        await recordRevision(trx, actor, { type: "post", id: row.id, reason });
      }
    });
    return { updated: unique.length };
  }

  return {
    listPosts,
    listPublicPosts,
    listFeaturedPosts,
    listRelatedPosts,
    getPostById,
    getPublicPostBySlug,
    findPostRedirect,
    createPost,
    updatePost,
    deletePost,
    bulkPosts,
    recordView,
    getPostViews,
    flushViews,
    close,
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
