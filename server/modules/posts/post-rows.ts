import { sql } from "kysely";
import type { Category, Post, Tag } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toBool, toCount, toIso } from "#server/db/normalize.ts";
import { reusableRead } from "#server/db/reusable-read.ts";
import { effectiveStatus } from "./post-status.ts";

/** The columns a post is read with, and how rows become `Post`s with their categories and tags. */

export const POST_COLUMNS = [
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
  "posts.version",
  "posts.created_at",
  "posts.updated_at",
  "users.username as author_username",
  "users.first_name as author_first_name",
  "users.last_name as author_last_name",
  "users.avatar_url as author_avatar",
] as const;

/** `true`: the whole body; a number: only its first characters (list cards). */
export function contentColumn(withContent: boolean | number) {
  if (typeof withContent === "number") {
    return sql<string>`substr(posts.content, 1, ${withContent})`.as("content");
  }
  return withContent ? sql<string>`posts.content`.as("content") : sql<string>`''`.as("content");
}

export function selectPostColumns(db: Db, withContent: boolean | number) {
  return db
    .selectFrom("posts")
    .leftJoin("users", "users.id", "posts.author_id")
    .select(POST_COLUMNS)
    .select(contentColumn(withContent));
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPostColumns>["execute"]>>[number];

function toPost(row: PostRow, categories: Category[], tags: Tag[], now: string): Post {
  const publishedAt = toIso(row.published_at);
  const first = row.author_first_name ?? "";
  const last = row.author_last_name ?? "";
  const name = `${first} ${last}`.trim() || row.author_username || "Unknown author";
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featured_image,
    featured_image_alt: row.featured_image_alt,
    status: effectiveStatus(row.status, publishedAt, now),
    isFeatured: toBool(row.is_featured),
    author: {
      id: row.author_id,
      name,
      username: row.author_username ?? "",
      first_name: first,
      last_name: last,
      avatar: row.author_avatar || null,
    },
    author_id: row.author_id,
    categories,
    tags,
    published_at: publishedAt,
    created_at: toIso(row.created_at) ?? "",
    updated_at: toIso(row.updated_at) ?? "",
    views: toCount(row.views),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    og_image: row.og_image,
    version: Number(row.version),
  };
}

/** The categories and tags of some posts (both lists by name). */
const readTerms = reusableRead((db, _shape: null, { ids }: { ids: number[] }) =>
  db
    .selectFrom("post_categories")
    .innerJoin("categories", "categories.id", "post_categories.category_id")
    .select([
      sql<string>`'c'`.as("kind"),
      "post_categories.post_id",
      "categories.id",
      "categories.name",
      "categories.slug",
    ])
    .where("post_categories.post_id", "in", ids)
    .unionAll(
      db
        .selectFrom("post_tags")
        .innerJoin("tags", "tags.id", "post_tags.tag_id")
        .select([
          sql<string>`'t'`.as("kind"),
          "post_tags.post_id",
          "tags.id",
          "tags.name",
          "tags.slug",
        ])
        .where("post_tags.post_id", "in", ids),
    )
    .orderBy("kind")
    .orderBy("name"),
);

/** Categories and tags of all the given posts, in one query, each list by name. */
export async function attachRelations(db: Db, rows: PostRow[], now: string): Promise<Post[]> {
  if (rows.length === 0) return [];
  const relations = await readTerms(db, null, { ids: rows.map((r) => r.id) });
  const categoriesByPost = new Map<number, Category[]>();
  const tagsByPost = new Map<number, Tag[]>();
  for (const { kind, post_id, id, name, slug } of relations) {
    const map = kind === "c" ? categoriesByPost : tagsByPost;
    const list = map.get(post_id);
    if (list) list.push({ id, name, slug });
    else map.set(post_id, [{ id, name, slug }]);
  }
  return rows.map((row) =>
    toPost(row, categoriesByPost.get(row.id) ?? [], tagsByPost.get(row.id) ?? [], now),
  );
}
