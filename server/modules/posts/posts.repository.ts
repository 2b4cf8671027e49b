import type { Insertable, Selectable } from "kysely";
import type { Post } from "#common/types.ts";
import { type Db, dialectOf } from "#server/db/client.ts";
import { toCount, toIso } from "#server/db/normalize.ts";
import { reusableRead } from "#server/db/reusable-read.ts";
import { findRow, insertRow, stamped } from "#server/db/rows.ts";
import type { Database } from "#server/db/schema.ts";
import { applyFilter, type PostFilter, type PostQuery } from "./post-filter.ts";
import { attachRelations, type PostRow, selectPostColumns } from "./post-rows.ts";
import { searchTextOf } from "./search-text.ts";
import { isLive } from "./visibility.ts";

/**
 * Posts one at a time (read, insert, update, delete, their categories and
 * tags), many at once (datasets, imports), and the sitemap's and the
 * dashboard's reads. Lists are in post-list.ts, search in post-search*.ts.
 */

type PostByKey = { by: "id" | "slug"; visibility: PostFilter["visibility"] };
type PostKeyValues = { key: number | string; now: string; authorId: number | undefined };

/** One post with its whole body, by id or slug, as the filter lets it be seen. */
const readPost = reusableRead((db, shape: PostByKey, values: PostKeyValues) => {
  let query = selectPostColumns(db, true) as unknown as PostQuery;
  const { now, authorId } = values;
  query = applyFilter(query, { visibility: shape.visibility, now, authorId }, dialectOf(db));
  return query.where(shape.by === "id" ? "posts.id" : "posts.slug", "=", values.key);
});

export async function findPost(
  db: Db,
  by: { id: number } | { slug: string },
  filter: Pick<PostFilter, "visibility" | "now" | "authorId">,
): Promise<Post | null> {
  const [row] = (await readPost(
    db,
    { by: "id" in by ? "id" : "slug", visibility: filter.visibility },
    { key: "id" in by ? by.id : by.slug, now: filter.now, authorId: filter.authorId },
  )) as unknown as PostRow[];
  if (!row) return null;
  const [post] = await attachRelations(db, [row], filter.now);
  return post ?? null;
}

/** Live posts' address facts, newest first, for the sitemap (a page of them when given). */
export async function findLivePostSlugs(
  db: Db,
  now: string,
  page?: { limit: number; offset: number },
) {
  let query = db
    .selectFrom("posts")
    .select(["slug", "updated_at", "published_at"])
    .where((eb) => isLive(eb, now, dialectOf(db)))
    .orderBy("published_at", "desc")
    .orderBy("id", "desc");
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map((r) => ({
    slug: r.slug,
    lastmod: toIso(r.updated_at) ?? toIso(r.published_at) ?? now,
  }));
}

/**
 * The plain text that search indexes, for posts written without it (by code
 * outside this module, such as the demo seed). Found through a partial index
 * that is empty in normal use. Answers how many were filled.
 */
export async function fillMissingSearchText(db: Db, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom("posts")
      .select(["id", "content"])
      .where("search_text", "is", null)
      .orderBy("id")
      .limit(batch)
      .execute();
    if (rows.length === 0) return filled;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .updateTable("posts")
          .set({ search_text: searchTextOf(row.content) })
          .where("id", "=", row.id)
          .where("search_text", "is", null)
          .execute();
      }
    });
    filled += rows.length;
  }
}

/** A post as a dataset or an import writes it; `content` is sanitised HTML. */
export type NewPostRow = Pick<
  Selectable<Database["posts"]>,
  "title" | "slug" | "excerpt" | "content" | "featured_image" | "featured_image_alt" | "status"
> & {
  author_id: number | null;
  is_featured: boolean;
  published_at: string | null;
  views: number;
  created_at: string;
  updated_at: string;
  categoryIds: number[];
  tagIds: number[];
};

/**
 * Many posts at once (datasets, imports): multi-row inserts, the caller's
 * transaction around them. Answers the new ids in the order given.
 */
export async function insertPostRows(db: Db, posts: NewPostRow[]): Promise<number[]> {
  const ids: number[] = [];
  const CHUNK = 200;
  for (let start = 0; start < posts.length; start += CHUNK) {
    const chunk = posts.slice(start, start + CHUNK);
    const rows = await db
      .insertInto("posts")
      .values(
        chunk.map(({ categoryIds: _c, tagIds: _t, ...post }) => ({
          ...post,
          meta_title: "",
          meta_description: "",
          og_image: "",
          search_text: searchTextOf(post.content),
        })),
      )
      .returning("id")
      .execute();
    const chunkIds = rows.map((r) => r.id);
    const categories = chunk.flatMap((p, i) =>
      p.categoryIds.map((category_id) => ({ post_id: chunkIds[i]!, category_id })),
    );
    const tags = chunk.flatMap((p, i) =>
      p.tagIds.map((tag_id) => ({ post_id: chunkIds[i]!, tag_id })),
    );
    for (let i = 0; i < categories.length; i += 500)
      await db
        .insertInto("post_categories")
        .values(categories.slice(i, i + 500))
        .execute();
    for (let i = 0; i < tags.length; i += 500)
      await db
        .insertInto("post_tags")
        .values(tags.slice(i, i + 500))
        .execute();
    ids.push(...chunkIds);
  }
  return ids;
}

// ---------------------------------------------------------------------------
// Writes of one post (the service decides what and checks who may).

/** The columns a post's editor writes. */
export type PostWrite = Partial<
  Omit<Insertable<Database["posts"]>, "id" | "views" | "created_at" | "author_id">
>;

/** The id of a post with this slug (other than `exceptId`), or null. */
export async function findPostIdBySlug(db: Db, slug: string, exceptId?: number) {
  let query = db.selectFrom("posts").select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst())?.id ?? null;
}

export async function findPostAuthor(db: Db, id: number) {
  return findRow(db, "posts", { id }, ["author_id"]);
}

/** What bulk actions need of each post: its author, date and title. */
export async function findPostsForBulk(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("posts")
    .select(["id", "author_id", "published_at", "title"])
    .where("id", "in", ids)
    .execute();
}

export async function insertPost(
  db: Db,
  values: Omit<Insertable<Database["posts"]>, "id" | "created_at" | "updated_at">,
  now: string,
): Promise<number> {
  const row = await insertRow(db, "posts", { ...values, ...stamped(now) }, ["id"]);
  return row.id;
}

export async function updatePostColumns(db: Db, id: number, values: PostWrite, now: string) {
  await db
    .updateTable("posts")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function deletePosts(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom("posts").where("id", "in", ids).execute();
}

/** Replaces a post's categories (`categories`) or its tags (`tags`) with the terms of `termIds`. */
export async function setPostTerms(
  db: Db,
  kind: "categories" | "tags",
  postId: number,
  termIds: number[],
) {
  const table = kind === "categories" ? "post_categories" : "post_tags";
  await db.deleteFrom(table).where("post_id", "=", postId).execute();
  if (termIds.length === 0) return;
  const links =
    kind === "categories"
      ? termIds.map((category_id) => ({ post_id: postId, category_id }))
      : termIds.map((tag_id) => ({ post_id: postId, tag_id }));
  await db.insertInto(table).values(links).execute();
}

/** How many posts there are, drafts and live ones (the rest are scheduled); an author's own only with `authorId`. */
export async function countPostsByState(db: Db, now: string, authorId?: number) {
  let query = db.selectFrom("posts");
  if (authorId !== undefined) query = query.where("posts.author_id", "=", authorId);
  const row = await query
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb("status", "=", "draft"))
            .then(1)
            .end(),
        )
        .as("drafts"),
      eb.fn.count<number>(eb.case().when(isLive(eb, now)).then(1).end()).as("published"),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: toCount(row.total),
    drafts: toCount(row.drafts),
    published: toCount(row.published),
  };
}
