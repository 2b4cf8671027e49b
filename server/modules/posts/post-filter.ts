import { type SelectQueryBuilder, sql } from "kysely";
import { type Db, type DialectName, dialectOf } from "#server/db/client.ts";
import { containsPattern } from "#server/db/like.ts";
import { toCount } from "#server/db/normalize.ts";
import { reusableRead } from "#server/db/reusable-read.ts";
import type { Database } from "#server/db/schema.ts";
import { isLive, isPending, NOT_LIVE_BRANCHES, notLiveBranches } from "./visibility.ts";

/**
 * Which posts a list shows: the filter a list is asked with, and the one
 * place it is written as conditions of a query (`applyFilter`). The list
 * (post-list.ts) and the search (post-search*.ts) build on it.
 */

export type PostStatusFilter = "all" | "published" | "draft" | "scheduled";

export type PostFilter = {
  /** "public": only posts whose publish time has come. "all": staff view. */
  visibility: "public" | "all";
  status?: PostStatusFilter;
  authorId?: number;
  /** Full-text search (words and word prefixes, ranked). */
  search?: string;
  /** Mid-word fallback: this text anywhere in the title or excerpt. */
  substring?: string;
  categorySlug?: string;
  tagSlug?: string;
  featured?: boolean;
  excludeId?: number;
  categoryIds?: number[];
  /** The moment visibility is decided at (UTC ISO). */
  now: string;
  /** The category and tag conditions, resolved to ids (set by findPostPage). */
  links?: Links[];
};

/** Posts linked to some categories (or tags), and how many links there are. */
export type Links = {
  table: "post_categories" | "post_tags";
  column: "category_id" | "tag_id";
  ids: number[];
  size: number;
  /** Check each post walked on its own (a short list with no count: related posts). */
  probe?: boolean;
  /** How many posts of the order a page reaches (its offset and its length). */
  take?: number;
  /** The highest post id (about how many posts there are), where resolveLinks read it. */
  highestPostId?: number;
  /** walkIsShorter's answer, taken before the query is built (a reusable read keeps it in its shape). */
  walk?: boolean;
};

/** Up to this many linked posts, a list starts from them rather than walking the order. */
const FEW_LINKS = 1000;

/**
 * Whether a list finds its page sooner by walking the order's index and
 * checking each post's links than by reading every linked post.
 * Walking takes about `take × posts / linked` steps through a narrow index;
 * reading takes `linked` row reads, each several times a step (a post's row
 * holds its body): on SQLite, between renders, those reads were most of a post
 * page's query time (docs/performance.md, "The render path").
 */
export function walkIsShorter(links: Links): boolean {
  if (links.size > FEW_LINKS) return true;
  const posts = links.highestPostId ?? 0;
  if (!posts || posts > GUESS_UP_TO || !links.take || links.size === 0) return false;
  const walkSteps = (links.take * posts) / links.size;
  return walkSteps < links.size * ROW_READ_STEPS;
}

/** About how many index steps one read of a post's row costs. */
const ROW_READ_STEPS = 4;

/**
 * The guess assumes a category's posts spread over time. A tag of one old
 * year is walked past every newer post: at 20,000 posts, a page of the 1,000
 * oldest took 7.8 ms walking against 4.6 ms from the linked posts. Beyond this
 * many posts only the old rule (FEW_LINKS) decides.
 */
const GUESS_UP_TO = 20_000;

export type PostQuery = SelectQueryBuilder<Database, "posts", object>;

/**
 * The visibility part of a filter: "live" (the public, or the staff
 * "published" filter), "any" (staff, every status) or "other" (drafts,
 * scheduled).
 */
export function visibilityOf(filter: PostFilter): "live" | "any" | "other" {
  const status = filter.status ?? "all";
  if (filter.visibility === "public")
    return status === "all" || status === "published" ? "live" : "other";
  if (status === "published") return "live";
  return status === "all" ? "any" : "other";
}

/** Which conditions besides visibility: none, one category or tag only, or others. */
export function narrowingOf(filter: PostFilter): "none" | "taxonomy" | "other" {
  const others =
    filter.authorId !== undefined ||
    !!filter.substring ||
    !!filter.featured ||
    filter.excludeId !== undefined;
  const links = filter.links ?? [];
  if (others || links.length > 1 || (links.length === 1 && links[0]!.ids.length !== 1)) {
    return "other";
  }
  return links.length === 1 ? "taxonomy" : "none";
}

/** Only visibility (the public list, or the staff "published" filter). */
export function onlyLive(filter: PostFilter) {
  return visibilityOf(filter) === "live" && narrowingOf(filter) === "none";
}

/** No condition at all: the staff list of every post. */
export function unfiltered(filter: PostFilter) {
  return visibilityOf(filter) === "any" && narrowingOf(filter) === "none";
}

/**
 * About how many posts there are, at the cost of one index step, for SQLite's
 * choice of plan (walkIsShorter); PostgreSQL plans on its own statistics.
 */
function highestPostIdColumn(db: Db) {
  const top = dialectOf(db) === "sqlite" ? sql`(select max(id) from posts)` : sql`null`;
  return sql<number | null>`${top}`.as("top");
}

/** The posts linked to the ids (a subquery). */
export function linkedPostIds(links: Links) {
  return sql`select ${sql.ref(`${links.table}.post_id`)} from ${sql.table(links.table)} where ${sql.ref(
    `${links.table}.${links.column}`,
  )} in (${sql.join(links.ids)})`;
}

type TermLinks = {
  taxonomy: "categories" | "tags";
  table: Links["table"];
  column: Links["column"];
};

/** A category's or tag's id by its slug, with its number of posts. */
const readTermLinks = reusableRead((db, shape: TermLinks, { slug }: { slug: string }) => {
  const { taxonomy, table, column } = shape;
  return db
    .selectFrom(taxonomy)
    .select([
      `${taxonomy}.id`,
      sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref(`${taxonomy}.id`)})`.as(
        "n",
      ),
      highestPostIdColumn(db),
    ])
    .where(`${taxonomy}.slug`, "=", slug);
});

/** How many posts some categories have between them. */
const readCategoryLinks = reusableRead((db, _shape: null, { ids }: { ids: number[] }) =>
  db
    .selectFrom("post_categories")
    .select((eb) => [eb.fn.countAll<number>().as("n"), highestPostIdColumn(db)])
    .where("category_id", "in", ids),
);

/**
 * The filter's category and tag conditions as ids with their number of links.
 * Answers null when a slug names nothing (so the list is empty at once).
 */
export async function resolveLinks(db: Db, filter: PostFilter): Promise<Links[] | null> {
  const links: Links[] = [];
  const bySlug = async (
    taxonomy: "categories" | "tags",
    table: Links["table"],
    column: Links["column"],
    slug: string,
  ) => {
    const [row] = await readTermLinks(db, { taxonomy, table, column }, { slug });
    if (!row) return false;
    links.push({
      table,
      column,
      ids: [row.id],
      size: toCount(row.n),
      highestPostId: toCount(row.top),
    });
    return true;
  };
  if (filter.categorySlug) {
    if (!(await bySlug("categories", "post_categories", "category_id", filter.categorySlug))) {
      return null;
    }
  }
  if (filter.tagSlug && !(await bySlug("tags", "post_tags", "tag_id", filter.tagSlug))) {
    return null;
  }
  if (filter.categoryIds?.length) {
    const ids = filter.categoryIds;
    const [row] = await readCategoryLinks(db, null, { ids });
    links.push({
      table: "post_categories",
      column: "category_id",
      ids,
      size: toCount(row?.n),
      highestPostId: toCount(row?.top),
    });
  }
  return links;
}

/**
 * Every condition of a list except the full-text search, which is joined
 * separately (see searchPostPage). The one place "which posts does this list
 * show" is written.
 */
export function applyFilter<Q extends PostQuery>(
  query: Q,
  filter: PostFilter,
  dialect: DialectName,
): Q {
  let q = query as PostQuery;
  // On SQLite a set of ids (a category, a tag, a text match) filters the walk
  // along the order's index (the unary + keeps SQLite from instead reading
  // every post of the set from the table and sorting them).
  const id = dialect === "sqlite" ? sql`+${sql.ref("posts.id")}` : sql.ref("posts.id");
  if (filter.visibility === "public") q = q.where((eb) => isLive(eb, filter.now, dialect));
  switch (filter.status) {
    case "published":
      if (filter.visibility !== "public") q = q.where((eb) => isLive(eb, filter.now, dialect));
      break;
    case "draft":
      q = q.where("posts.status", "=", "draft");
      break;
    case "scheduled":
      q = q.where((eb) => isPending(eb, filter.now));
      break;
    default:
      break;
  }
  if (filter.authorId !== undefined) q = q.where("posts.author_id", "=", filter.authorId);
  if (filter.featured) q = q.where("posts.is_featured", "=", true);
  if (filter.excludeId !== undefined) q = q.where("posts.id", "!=", filter.excludeId);
  if (filter.substring) {
    const pattern = containsPattern(filter.substring.toLowerCase());
    if (dialect === "sqlite") {
      // A subquery of its own, so that SQLite reads only a (title, excerpt)
      // index; the few matches then lead (no unary + here). Its like ignores
      // ASCII case already (and its lower() knows no more).
      q = q.where("posts.id", "in", (eb) =>
        eb
          .selectFrom("posts as p")
          .select("p.id")
          .where((w) =>
            w.or([w(sql`p.title`, "like", pattern), w(sql`p.excerpt`, "like", pattern)]),
          ),
      );
    } else {
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(posts.title)`, "like", pattern),
          eb(sql`lower(posts.excerpt)`, "like", pattern),
        ]),
      );
    }
  }
  for (const links of filter.links ?? []) {
    const linked = linkedPostIds(links);
    // Few posts: start from them (PostgreSQL reads = any(array) as a short id
    // list). Many, or on SQLite whenever walkIsShorter says so: walk the order's
    // index and keep those linked, which finds a page's posts after a few steps.
    const walk = dialect === "sqlite" && (links.walk ?? walkIsShorter(links));
    if (links.probe && walk) {
      q = q.where(
        sql<boolean>`exists (select 1 from ${sql.table(links.table)} where ${sql.ref(
          `${links.table}.post_id`,
        )} = posts.id and ${sql.ref(`${links.table}.${links.column}`)} in (${sql.join(links.ids)}))`,
      );
    } else if (!walk && links.size <= FEW_LINKS) {
      q = q.where(
        dialect === "postgres"
          ? sql<boolean>`posts.id = any(array(${linked}))`
          : sql<boolean>`posts.id in (${linked})`,
      );
    } else {
      q = q.where(sql<boolean>`${id} in (${linked})`);
    }
  }
  return q as Q;
}

/**
 * The order of a list: live posts always have a publish date, which an index
 * keeps in order; the staff view also lists drafts that may have none, and an
 * expression index keeps coalesce(published_at, created_at) in order.
 */
export function orderKey(filter: PostFilter) {
  return filter.visibility === "public" || filter.status === "published"
    ? sql`posts.published_at`
    : sql`coalesce(posts.published_at, posts.created_at)`;
}

/**
 * The ids of the posts the public does not see (drafts, scheduled), branch by
 * branch so that every part is an index range whatever the planner thinks.
 */
export function hiddenPostIds(db: Db, now: string) {
  const branch = (i: number) =>
    db
      .selectFrom("posts")
      .select("posts.id")
      .where((eb) => notLiveBranches(eb, now)[i]!);
  let query = branch(0);
  for (let i = 1; i < NOT_LIVE_BRANCHES; i++) query = query.unionAll(branch(i));
  return query;
}

/** How many posts the public does not see, as a sum of index range counts. */
export function hiddenPostCount(db: Db, now: string) {
  const counts = Array.from(
    { length: NOT_LIVE_BRANCHES },
    (_, i) =>
      sql`(${db
        .selectFrom("posts")
        .select((eb) => eb.fn.countAll().as("n"))
        .where((eb) => notLiveBranches(eb, now)[i]!)})`,
  );
  return sql<number>`(${sql.join(counts, sql` + `)})`;
}
