import { sql } from "kysely";
import type { Category, Tag } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { toCount } from "../../db/normalize.ts";

/** Categories with the number of live posts in each. */
export async function findCategories(db: Db, now: string): Promise<Category[]> {
  const rows = await db
    .selectFrom("categories")
    .leftJoin("post_categories", "post_categories.category_id", "categories.id")
    .leftJoin("posts", (join) =>
      join
        .onRef("posts.id", "=", "post_categories.post_id")
        .on("posts.status", "in", ["published", "scheduled"])
        .on("posts.published_at", "<=", now),
    )
    .select([
      "categories.id",
      "categories.name",
      "categories.slug",
      "categories.description",
      (eb) => eb.fn.count<number>("posts.id").as("postCount"),
    ])
    .groupBy(["categories.id", "categories.name", "categories.slug", "categories.description"])
    .orderBy("categories.name")
    .execute();
  return rows.map((r) => ({ ...r, postCount: toCount(r.postCount) }));
}

export async function findTags(db: Db, now: string): Promise<Tag[]> {
  const rows = await db
    .selectFrom("tags")
    .leftJoin("post_tags", "post_tags.tag_id", "tags.id")
    .leftJoin("posts", (join) =>
      join
        .onRef("posts.id", "=", "post_tags.post_id")
        .on("posts.status", "in", ["published", "scheduled"])
        .on("posts.published_at", "<=", now),
    )
    .select([
      "tags.id",
      "tags.name",
      "tags.slug",
      (eb) => eb.fn.count<number>("posts.id").as("postCount"),
    ])
    .groupBy(["tags.id", "tags.name", "tags.slug"])
    .orderBy("tags.name")
    .execute();
  return rows.map((r) => ({ ...r, postCount: toCount(r.postCount) }));
}

export async function findCategoriesByNames(db: Db, names: string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .where(
      sql`lower(name)`,
      "in",
      names.map((n) => n.toLowerCase()),
    )
    .execute();
}

export async function findTagsByNames(db: Db, names: string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom("tags")
    .select(["id", "name", "slug"])
    .where(
      sql`lower(name)`,
      "in",
      names.map((n) => n.toLowerCase()),
    )
    .execute();
}

export async function findTaxonomyConflict(
  db: Db,
  table: "categories" | "tags",
  values: { name: string; slug: string },
  exceptId?: number,
) {
  let query = db
    .selectFrom(table)
    .select(["id", "name", "slug"])
    .where((eb) =>
      eb.or([eb(sql`lower(name)`, "=", values.name.toLowerCase()), eb("slug", "=", values.slug)]),
    );
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.executeTakeFirst();
}
