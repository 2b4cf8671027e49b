import { POST_PAGE_SIZE, postIdFromParam } from "#common/limits.ts";
import { type Actor, can, canManagePost } from "#common/permissions.ts";
import { checkIdText } from "#common/schemas/fields.ts";
import type { Post, PostList, PostSummary } from "#common/types.ts";
import { requireActor, requirePostManager } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import {
  categoryTag,
  POSTS_TAG,
  postTag,
  RELATED_TAG,
  readTagged,
  tableTag,
  tagRead,
} from "#server/lib/cache-tags.ts";
import type { CreateOptions } from "#server/modules/content/create-options.ts";
import type { BulkAction } from "#server/modules/content/document-writes.ts";
import { findCurrentSlug } from "#server/modules/redirects/redirects.repository.ts";
import type { RevisionContext } from "#server/modules/revisions/revisions.service.ts";
import type { PostStatusFilter } from "./post-filter.ts";
import { findPostPage as findPostPageRows } from "./post-list.ts";
import { isPublicPost } from "./post-status.ts";
import { createViewCounter } from "./post-views.ts";
import { writeNewPost, writePostDelete, writePostEdit, writePostsBulk } from "./post-writes.ts";
import { fillMissingSearchText, findPost as findPostRow } from "./posts.repository.ts";
import { postsAuthorScope } from "./visibility.ts";

/**
 * The posts the site and the admin see: the lists (post-list.ts builds
 * their queries), one post by id or slug, and the old address of a renamed
 * one. Writes are in post-writes.ts, view counting in post-views.ts; this
 * service puts them together and reads a written post back.
 */

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

/**
 * The reads of posts here are tagged by their callers (`post:<id>` for each
 * post shown, `posts` for a list), so they add no list tag of their own.
 */
const findPost: typeof findPostRow = (...args) => readTagged(() => findPostRow(...args));
const findPostPage: typeof findPostPageRows = (...args) =>
  readTagged(() => findPostPageRows(...args));

export function createPostsService(db: Db) {
  const views = createViewCounter(db);
  const { withPendingViews } = views;

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
    // Cache tags: a list, and each post it shows; a search, also any post's
    // text (an edit may bring a post into its results).
    tagRead(POSTS_TAG, ...posts.map((p) => postTag(p.id)));
    if (search) tagRead(tableTag("posts"));
    return { posts, count, totalPages: Math.max(1, Math.ceil(count / limit)), page, limit };
  }

  /** The public list (what the blog and home pages show). */
  function listPublicPosts(query: Omit<PostListQuery, "status" | "author">) {
    return listPosts(null, query);
  }

  /**
   * The latest live posts (with `featured`, only those marked so), without
   * counting them all: the home page's cards, the feed, the featured list.
   */
  async function listLatestPosts(
    limit: number,
    options: { featured?: boolean; contentPreview?: number } = {},
  ): Promise<PostSummary[]> {
    const result = await findPostPage(
      db,
      { visibility: "public", featured: options.featured, now: nowIso() },
      paging({ limit }, 3),
      { withCount: false, contentPreview: options.contentPreview },
    );
    tagRead(POSTS_TAG, ...result.posts.map((p) => postTag(p.id)));
    return result.posts.map(withPendingViews);
  }

  function listFeaturedPosts(limit = 3): Promise<PostSummary[]> {
    return listLatestPosts(limit, { featured: true });
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
    if (options.countView) views.recordView(post.id);
    return withPendingViews(post);
  }

  async function loadManaged(actor: Actor | null, id: number) {
    const post = await findPost(db, { id }, { visibility: "all", now: nowIso() });
    if (!post) throw AppError.notFound(`Post with ID ${id} not found.`);
    requirePostManager(actor, post);
    return post;
  }

  /** A post as written, with its counted views (the answer of a save). */
  async function readBack(id: number): Promise<Post> {
    return withPendingViews((await findPost(db, { id }, { visibility: "all", now: nowIso() }))!);
  }

  async function createPost(
    actor: Actor | null,
    input: unknown,
    options: CreateOptions = {},
  ): Promise<Post> {
    return readBack(await writeNewPost(db, actor, input, options));
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
    await writePostEdit(db, actor, current, input, expectedVersion, revision);
    return readBack(id);
  }

  async function deletePost(actor: Actor | null, id: number) {
    await writePostDelete(db, actor, await loadManaged(actor, id));
  }

  /** The current slug of a live post that used to live at `oldSlug`. */
  function findPostRedirect(oldSlug: string): Promise<string | null> {
    return findCurrentSlug(db, "post", oldSlug, (id) =>
      findPost(db, { id }, { visibility: "public", now: nowIso() }),
    );
  }

  return {
    listPosts,
    listPublicPosts,
    listFeaturedPosts,
    listLatestPosts,
    listRelatedPosts,
    getPostById,
    getPublicPostBySlug,
    findPostRedirect,
    createPost,
    updatePost,
    deletePost,
    bulkPosts: (actor: Actor | null, action: BulkAction, ids: number[]) =>
      writePostsBulk(db, actor, action, ids),
    recordView: views.recordView,
    getPostViews: views.getPostViews,
    flushViews: views.flushViews,
    close: views.close,
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
