import { sql } from "kysely";
import type { Category, Tag } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toCount } from "#server/db/normalize.ts";
import { reusableRead } from "#server/db/reusable-read.ts";
import { deleteById, findRow, insertRow, stamped, updateById } from "#server/db/rows.ts";
import { hiddenPostIds } from "#server/modules/posts/post-filter.ts";

export type Taxonomy = "categories" | "tags";

/** Where each taxonomy's links to posts are. */
const LINKS = {
  categories: { table: "post_categories", termId: "category_id" },
  tags: { table: "post_tags", termId: "tag_id" },
} as const;

/**
 * The categories or tags with the number of live posts in each: all links
 * (one index scan) minus the links of hidden posts (drafts, scheduled), which
 * are few. Counting the live posts directly would read every linked post's row.
 * Built once per taxonomy (decision 040): the blog's pages show the categories.
 */
const readTermsWithPostCounts = reusableRead(
  (db, { taxonomy }: { taxonomy: Taxonomy }, { now }: { now: string }) => {
    const { table, termId } = LINKS[taxonomy];
    const linksPerTerm = () =>
      db
        .selectFrom(table)
        .select([termId, (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy(termId);
    return (
      db
        .selectFrom(taxonomy)
        .leftJoin(linksPerTerm().as("linked"), `linked.${termId}`, `${taxonomy}.id`)
        .leftJoin(
          linksPerTerm().where("post_id", "in", hiddenPostIds(db, now)).as("hidden"),
          `hidden.${termId}`,
          `${taxonomy}.id`,
        )
        .select([
          `${taxonomy}.id`,
          `${taxonomy}.name`,
          `${taxonomy}.slug`,
          "linked.n as linked",
          "hidden.n as hidden",
        ])
        .$if(taxonomy === "categories", (query) => query.select("categories.description"))
        // Alphabetical as a reader expects ("apps" before "Branding"), on both databases.
        .orderBy(sql`lower(${sql.ref(`${taxonomy}.name`)})`)
        .orderBy(`${taxonomy}.name`)
    );
  },
);

async function findTermsWithPostCounts(db: Db, taxonomy: Taxonomy, now: string) {
  const rows = await readTermsWithPostCounts(db, { taxonomy }, { now });
  return rows.map(({ linked, hidden, ...term }) => ({
    ...term,
    postCount: toCount(linked) - toCount(hidden),
  }));
}

export async function findCategories(db: Db, now: string): Promise<Category[]> {
  // Every category row has its description ($if only types it as optional).
  return (await findTermsWithPostCounts(db, "categories", now)) as Category[];
}

export async function findTags(db: Db, now: string): Promise<Tag[]> {
  return findTermsWithPostCounts(db, "tags", now);
}

/** The categories or tags of these names (case-insensitive). */
export async function findTermsByNames(db: Db, table: Taxonomy, names: string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom(table)
    .select(["id", "name", "slug"])
    .where(
      sql`lower(name)`,
      "in",
      names.map((n) => n.toLowerCase()),
    )
    .execute();
}

/** The names among `names` that no tag has (case-insensitive), in the order given. */
export async function unknownTags(db: Db, names: string[]): Promise<string[]> {
  const known = new Set(
    (await findTermsByNames(db, "tags", names)).map((t) => t.name.toLowerCase()),
  );
  return names.filter((n) => !known.has(n.toLowerCase()));
}

export async function findTaxonomyConflict(
  db: Db,
  table: Taxonomy,
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

export type CategoryWrite = { name: string; slug: string; description: string };

const categoryColumns = ["id", "name", "slug", "description"] as const;
const tagColumns = ["id", "name", "slug"] as const;

export async function insertCategory(
  db: Db,
  values: CategoryWrite,
  now: string,
): Promise<Category> {
  return insertRow(db, "categories", { ...values, ...stamped(now) }, categoryColumns);
}

export async function updateCategory(
  db: Db,
  id: number,
  values: Partial<CategoryWrite>,
  now: string,
): Promise<Category | null> {
  return updateById(db, "categories", id, { ...values, updated_at: now }, categoryColumns);
}

/** The deleted category's or tag's id and name, or null when there was none. */
export async function deleteTerm(db: Db, table: Taxonomy, id: number) {
  return deleteById(db, table, id, ["id", "name"]);
}

export type TagWrite = { name: string; slug: string };

export async function insertTag(db: Db, values: TagWrite, now: string): Promise<Tag> {
  return insertRow(db, "tags", { ...values, created_at: now }, tagColumns);
}

export async function updateTag(db: Db, id: number, values: TagWrite): Promise<Tag | null> {
  return updateById(db, "tags", id, values, tagColumns);
}

/** The id of the tag with this slug, or null. */
export async function findTagIdBySlug(db: Db, slug: string): Promise<number | null> {
  const row = await findRow(db, "tags", { slug }, ["id"]);
  return row?.id ?? null;
}

/**
 * A new tag's id, or null when a tag of that name or slug came first (another
 * request saving at the same moment): the insert then waits for that one and
 * does nothing.
 */
export async function insertTagUnlessTaken(db: Db, values: TagWrite, now: string) {
  const row = await db
    .insertInto("tags")
    .values({ ...values, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}
