import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Category, Post, PostStatus, PostSummary, Tag } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { toBool, toCount, toIso } from "../../db/normalize.ts";
import type { Database } from "../../db/schema.ts";

export type PostStatusFilter = "all" | "published" | "draft" | "scheduled";

export type PostFilter = {
  /** "public": only posts whose publish time has come. "all": staff view. */
  visibility: "public" | "all";
  status?: PostStatusFilter;
  authorId?: number;
  search?: string;
  categorySlug?: string;
  tagSlug?: string;
  featured?: boolean;
  excludeId?: number;
  categoryIds?: number[];
  /** The moment visibility is decided at (UTC ISO). */
  now: string;
};

type PostQuery = SelectQueryBuilder<Database, "posts", object>;

const LIVE_STATUSES = ["published", "scheduled"] as const;

/** Published (or scheduled) with a publish time that has passed. */
function isLive(eb: ExpressionBuilder<Database, "posts">, now: string) {
  return eb.and([
    eb("posts.status", "in", LIVE_STATUSES),
    eb("posts.published_at", "is not", null),
    eb("posts.published_at", "<=", now),
  ]);
}

function escapeLike(value: string) {
  return value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function applyFilter(query: PostQuery, filter: PostFilter): PostQuery {
  let q = query;
  if (filter.visibility === "public") q = q.where((eb) => isLive(eb, filter.now));
  switch (filter.status) {
    case "published":
      q = q.where((eb) => isLive(eb, filter.now));
      break;
    case "draft":
      q = q.where("posts.status", "=", "draft");
      break;
    case "scheduled":
      q = q.where((eb) =>
        eb.and([
          eb("posts.status", "in", LIVE_STATUSES),
          eb.or([eb("posts.published_at", "is", null), eb("posts.published_at", ">", filter.now)]),
        ]),
      );
      break;
    default:
      break;
  }
  if (filter.authorId !== undefined) q = q.where("posts.author_id", "=", filter.authorId);
  if (filter.featured) q = q.where("posts.is_featured", "=", true);
  if (filter.excludeId !== undefined) q = q.where("posts.id", "!=", filter.excludeId);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(posts.title)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(posts.excerpt)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(posts.content)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (filter.categorySlug) {
    const slug = filter.categorySlug;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_categories")
          .innerJoin("categories", "categories.id", "post_categories.category_id")
          .select(sql`1`.as("one"))
          .whereRef("post_categories.post_id", "=", "posts.id")
          .where("categories.slug", "=", slug),
      ),
    );
  }
  if (filter.categoryIds?.length) {
    const ids = filter.categoryIds;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_categories")
          .select(sql`1`.as("one"))
          .whereRef("post_categories.post_id", "=", "posts.id")
          .where("post_categories.category_id", "in", ids),
      ),
    );
  }
  if (filter.tagSlug) {
    const slug = filter.tagSlug;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("post_tags")
          .innerJoin("tags", "tags.id", "post_tags.tag_id")
          .select(sql`1`.as("one"))
          .whereRef("post_tags.post_id", "=", "posts.id")
          .where("tags.slug", "=", slug),
      ),
    );
  }
  return q;
}

/** `true`: the whole body; a number: only its first characters (list cards). */
function selectPostColumns(db: Db, withContent: boolean | number) {
  const base = db
    .selectFrom("posts")
    .leftJoin("users", "users.id", "posts.author_id")
    .select([
      "posts.id",
      "posts.title",
      "posts.slug",
      "posts.excerpt",
      "posts.featured_image",
      "posts.featured_image_alt",
      "posts.status",
      "posts.is_featured",
      "posts.author_id",
      "posts.published_at",
      "posts.views",
      "posts.meta_title",
      "posts.meta_description",
      "posts.og_image",
      "posts.created_at",
      "posts.updated_at",
      "users.username as author_username",
      "users.first_name as author_first_name",
      "users.last_name as author_last_name",
    ]);
  if (typeof withContent === "number") {
    return base.select(sql<string>`substr(posts.content, 1, ${withContent})`.as("content"));
  }
  return withContent ? base.select("posts.content") : base.select(sql<string>`''`.as("content"));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPostColumns>["execute"]>>[number];

/** The status a reader sees: a live post whose time has not come is scheduled. */
export function effectiveStatus(
  status: string,
  publishedAt: string | null,
  now: string,
): PostStatus {
  if (status === "draft") return "draft";
  if (!publishedAt || publishedAt > now) return "scheduled";
  return "published";
}

function toPost(row: PostRow, categories: Category[], tags: Tag[], now: string): Post {
  const publishedAt = toIso(row.published_at);
  const createdAt = toIso(row.created_at) ?? "";
  const first = row.author_first_name ?? "";
  const last = row.author_last_name ?? "";
  const name = `${first} ${last}`.trim() || row.author_username || "Unknown author";
  const featured = toBool(row.is_featured);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featured_image,
    featuredImage: row.featured_image,
    featured_image_alt: row.featured_image_alt,
    status: effectiveStatus(row.status, publishedAt, now),
    isFeatured: featured,
    featured,
    author: {
      id: row.author_id,
      name,
      username: row.author_username ?? "",
      first_name: first,
      last_name: last,
      avatar: null,
    },
    author_id: row.author_id,
    categories,
    tags,
    published_at: publishedAt,
    publishedAt,
    created_at: createdAt,
    createdAt,
    updated_at: toIso(row.updated_at) ?? "",
    views: toCount(row.views),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    og_image: row.og_image,
  };
}

async function attachRelations(db: Db, rows: PostRow[], now: string): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [categoryRows, tagRows] = await Promise.all([
    db
      .selectFrom("post_categories")
      .innerJoin("categories", "categories.id", "post_categories.category_id")
      .select(["post_categories.post_id", "categories.id", "categories.name", "categories.slug"])
      .where("post_categories.post_id", "in", ids)
      .orderBy("categories.name")
      .execute(),
    db
      .selectFrom("post_tags")
      .innerJoin("tags", "tags.id", "post_tags.tag_id")
      .select(["post_tags.post_id", "tags.id", "tags.name", "tags.slug"])
      .where("post_tags.post_id", "in", ids)
      .orderBy("tags.name")
      .execute(),
  ]);
  const categoriesByPost = new Map<number, Category[]>();
  for (const { post_id, ...category } of categoryRows) {
    const list = categoriesByPost.get(post_id) ?? [];
    list.push(category);
    categoriesByPost.set(post_id, list);
  }
  const tagsByPost = new Map<number, Tag[]>();
  for (const { post_id, ...tag } of tagRows) {
    const list = tagsByPost.get(post_id) ?? [];
    list.push(tag);
    tagsByPost.set(post_id, list);
  }
  return rows.map((row) =>
    toPost(row, categoriesByPost.get(row.id) ?? [], tagsByPost.get(row.id) ?? [], now),
  );
}

export async function findPostPage(
  db: Db,
  filter: PostFilter,
  paging: { page: number; limit: number },
  options: { contentPreview?: number } = {},
): Promise<{ posts: PostSummary[]; count: number }> {
  const countRow = await applyFilter(db.selectFrom("posts"), filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const count = toCount(countRow.count);
  if (count === 0) return { posts: [], count };
  const rows = await applyFilter(
    selectPostColumns(db, options.contentPreview ?? true) as unknown as PostQuery,
    filter,
  )
    // Live posts always have a publish date, which an index keeps in order;
    // the staff view also lists drafts that may have none.
    .orderBy(
      filter.visibility === "public"
        ? sql`posts.published_at`
        : sql`coalesce(posts.published_at, posts.created_at)`,
      "desc",
    )
    .orderBy("posts.id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { posts: await attachRelations(db, rows as unknown as PostRow[], filter.now), count };
}

export async function findPost(
  db: Db,
  by: { id: number } | { slug: string },
  filter: Pick<PostFilter, "visibility" | "now" | "authorId">,
): Promise<Post | null> {
  let query = selectPostColumns(db, true) as unknown as PostQuery;
  query = applyFilter(query, filter);
  query =
    "id" in by ? query.where("posts.id", "=", by.id) : query.where("posts.slug", "=", by.slug);
  const row = (await query.executeTakeFirst()) as unknown as PostRow | undefined;
  if (!row) return null;
  const [post] = await attachRelations(db, [row], filter.now);
  return post ?? null;
}

export async function incrementPostViews(db: Db, id: number): Promise<void> {
  await db
    .updateTable("posts")
    .set((eb) => ({ views: eb("views", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/** Every live post's address facts, for the sitemap. */
export async function findLivePostSlugs(db: Db, now: string) {
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "updated_at", "published_at"])
    .where((eb) => isLive(eb, now))
    .orderBy("published_at", "desc")
    .execute();
  return rows.map((r) => ({
    slug: r.slug,
    lastmod: toIso(r.updated_at) ?? toIso(r.published_at) ?? now,
  }));
}
