import {
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
} from "kysely";
import type { Category, Post, PostSummary, Tag } from "#common/types.ts";
import { type Db, dialectOf } from "#server/db/client.ts";
import { toBool, toCount, toIso } from "#server/db/normalize.ts";
import { findRow, insertRow } from "#server/db/rows.ts";
import type { Database } from "#server/db/schema.ts";
import { effectiveStatus } from "./post-status.ts";
import { ftsMatchQuery, searchTerms, searchTextOf, tsQuery } from "./search-text.ts";
import {
  type Dialect,
  isLive,
  isPending,
  NOT_LIVE_BRANCHES,
  notLiveBranches,
} from "./visibility.ts";

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
type Links = {
  table: "post_categories" | "post_tags";
  column: "category_id" | "tag_id";
  ids: number[];
  size: number;
  /** Check each post walked on its own (a short list with no count: related posts). */
  probe?: boolean;
};

/** Up to this many linked posts, a list starts from them rather than walking the order. */
const FEW_LINKS = 1000;

type PostQuery = SelectQueryBuilder<Database, "posts", object>;

function escapeLike(value: string) {
  return value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The visibility part of a filter: "live" (the public, or the staff
 * "published" filter), "any" (staff, every status) or "other" (drafts,
 * scheduled).
 */
function visibilityOf(filter: PostFilter): "live" | "any" | "other" {
  const status = filter.status ?? "all";
  if (filter.visibility === "public")
    return status === "all" || status === "published" ? "live" : "other";
  if (status === "published") return "live";
  return status === "all" ? "any" : "other";
}

/** Which conditions besides visibility: none, one category or tag only, or others. */
function narrowingOf(filter: PostFilter): "none" | "taxonomy" | "other" {
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
function onlyLive(filter: PostFilter) {
  return visibilityOf(filter) === "live" && narrowingOf(filter) === "none";
}

/** No condition at all: the staff list of every post. */
function unfiltered(filter: PostFilter) {
  return visibilityOf(filter) === "any" && narrowingOf(filter) === "none";
}

/** The posts linked to the ids (a subquery). */
function linkedPostIds(links: Links) {
  return sql`select ${sql.ref(`${links.table}.post_id`)} from ${sql.table(links.table)} where ${sql.ref(
    `${links.table}.${links.column}`,
  )} in (${sql.join(links.ids)})`;
}

/**
 * The filter's category and tag conditions as ids with their number of links.
 * Answers null when a slug names nothing (so the list is empty at once).
 */
async function resolveLinks(db: Db, filter: PostFilter): Promise<Links[] | null> {
  const links: Links[] = [];
  const bySlug = async (
    taxonomy: "categories" | "tags",
    table: Links["table"],
    column: Links["column"],
    slug: string,
  ) => {
    const row = await db
      .selectFrom(taxonomy)
      .select([
        `${taxonomy}.id`,
        sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref(`${taxonomy}.id`)})`.as(
          "n",
        ),
      ])
      .where(`${taxonomy}.slug`, "=", slug)
      .executeTakeFirst();
    if (!row) return false;
    links.push({ table, column, ids: [row.id], size: toCount(row.n) });
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
    const row = await db
      .selectFrom("post_categories")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("category_id", "in", ids)
      .executeTakeFirst();
    links.push({ table: "post_categories", column: "category_id", ids, size: toCount(row?.n) });
  }
  return links;
}

/**
 * Every condition of a list except the full-text search, which is joined
 * separately (see searchPostPage). The one place "which posts does this list
 * show" is written.
 */
function applyFilter<Q extends PostQuery>(query: Q, filter: PostFilter, dialect: Dialect): Q {
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
    const pattern = sql`${`%${escapeLike(filter.substring)}%`} escape '\\'`;
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
    // list). Many: walk the order's index and keep those linked, which finds a
    // page's posts after a few steps.
    if (links.probe && links.size > FEW_LINKS && dialect === "sqlite") {
      q = q.where(
        sql<boolean>`exists (select 1 from ${sql.table(links.table)} where ${sql.ref(
          `${links.table}.post_id`,
        )} = posts.id and ${sql.ref(`${links.table}.${links.column}`)} in (${sql.join(links.ids)}))`,
      );
    } else if (links.size <= FEW_LINKS) {
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
function orderKey(filter: PostFilter) {
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
function hiddenPostCount(db: Db, now: string) {
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

/**
 * The number of posts a filter lets through. Nearly every post is live, so
 * for the public list (and a category or tag of it) all posts (or links) are
 * counted from an index, less the few hidden ones: no post row is read.
 */
function countQuery(db: Db, filter: PostFilter) {
  const visibility = visibilityOf(filter);
  const narrowing = narrowingOf(filter);
  if (visibility !== "other" && narrowing !== "other") {
    const hidden = hiddenPostIds(db, filter.now);
    let all: RawBuilder<number>;
    let hiddenCount: RawBuilder<number>;
    if (narrowing === "none") {
      all = sql`(${db.selectFrom("posts").select((eb) => eb.fn.countAll().as("n"))})`;
      hiddenCount = hiddenPostCount(db, filter.now);
    } else {
      const links = filter.links![0]!;
      all = sql`${links.size}`;
      hiddenCount = sql`(select count(*) from (${linkedPostIds(links)}) as linked where linked.post_id in (${hidden}))`;
    }
    return visibility === "any" ? all : sql<number>`${all} - ${hiddenCount}`;
  }
  return sql<number>`(${applyFilter(db.selectFrom("posts"), filter, dialectOf(db)).select((eb) =>
    eb.fn.countAll().as("n"),
  )})`;
}

async function countPosts(db: Db, filter: PostFilter): Promise<number> {
  const row = await sql<{ n: number }>`select ${countQuery(db, filter)} as n`.execute(db);
  return toCount(row.rows[0]?.n);
}

const POST_COLUMNS = [
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
] as const;

/** `true`: the whole body; a number: only its first characters (list cards). */
function contentColumn(withContent: boolean | number) {
  if (typeof withContent === "number") {
    return sql<string>`substr(posts.content, 1, ${withContent})`.as("content");
  }
  return withContent ? sql<string>`posts.content`.as("content") : sql<string>`''`.as("content");
}

function selectPostColumns(db: Db, withContent: boolean | number) {
  return db
    .selectFrom("posts")
    .leftJoin("users", "users.id", "posts.author_id")
    .select(POST_COLUMNS)
    .select(contentColumn(withContent));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPostColumns>["execute"]>>[number];

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
      avatar: null,
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

/** Categories and tags of all the given posts, in one query, each list by name. */
async function attachRelations(db: Db, rows: PostRow[], now: string): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const relations = await db
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
    .orderBy("name")
    .execute();
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

export type PostPage = { posts: PostSummary[]; count: number };

export type PageOptions = {
  /** Only the first N characters of each body (cards need no more). */
  contentPreview?: number;
  /** false: the posts only, no count (short lists: featured, related). */
  withCount?: boolean;
};

/** Past this offset a page first counts, and reads from the nearer end of the list. */
const DEEP_OFFSET = 1000;

/**
 * One page of a list, newest first (by rank first when searching): one query
 * for the page with its total, one for the categories and tags of its posts.
 * The page's ids come from an index alone (a narrow subquery), so skipped
 * rows never cost a table read.
 */
export async function findPostPage(
  db: Db,
  filter: PostFilter,
  paging: { page: number; limit: number },
  options: PageOptions = {},
): Promise<PostPage> {
  const withCount = options.withCount ?? true;
  const content = options.contentPreview ?? true;
  if ((filter.categorySlug || filter.tagSlug || filter.categoryIds?.length) && !filter.links) {
    const links = await resolveLinks(db, filter);
    if (!links) return { posts: [], count: 0 };
    // Without a count, only the first few linked posts along the order are needed.
    if (!withCount) for (const l of links) l.probe = true;
    return findPostPage(db, { ...filter, links }, paging, options);
  }
  if (filter.search) return searchPostPage(db, filter, paging, content);
  const { limit } = paging;
  const offset = (paging.page - 1) * limit;

  // Deep pages: count first; past the end is answered at once, and pages in
  // the second half are read backwards from the other end of the index.
  let count: number | undefined;
  let reverse = false;
  let take = limit;
  let skip = offset;
  if (withCount && offset >= DEEP_OFFSET) {
    count = await countPosts(db, filter);
    if (offset >= count) return { posts: [], count };
    if (offset > count / 2) {
      reverse = true;
      take = Math.min(limit, count - offset);
      skip = count - offset - take;
    }
  }

  const direction = reverse ? "asc" : "desc";
  // A text match (the search fallback) is a small set read from a full index
  // scan: counted over the page query's own rows instead of scanning twice.
  const windowCount = withCount && count === undefined && !!filter.substring;
  let pageIds = applyFilter(
    db.selectFrom("posts").select(["posts.id", orderKey(filter).as("sort_key")]),
    filter,
    dialectOf(db),
  )
    .orderBy(orderKey(filter), direction)
    .orderBy("posts.id", direction)
    .limit(take)
    .offset(skip);
  if (windowCount) {
    pageIds = pageIds.select(sql<number>`count(*) over ()`.as("total_count")) as typeof pageIds;
  }
  let query = db
    .selectFrom(pageIds.as("page"))
    .innerJoin("posts", "posts.id", "page.id")
    .leftJoin("users", "users.id", "posts.author_id")
    .select(POST_COLUMNS)
    .select(contentColumn(content));
  if (windowCount) {
    query = query.select(sql<number>`page.total_count`.as("total_count")) as typeof query;
  } else if (withCount && count === undefined) {
    query = query.select(countQuery(db, filter).as("total_count")) as unknown as typeof query;
  }
  // Ordered by the page's own columns, so the database starts from the page's
  // few rows rather than walking an index in the same order.
  const rows = (await query
    .orderBy(sql`page.sort_key`, "desc")
    .orderBy("page.id", "desc")
    .execute()) as unknown as (PostRow & { total_count?: unknown })[];

  if (count === undefined) {
    if (!withCount) count = rows.length;
    else if (rows.length > 0) count = toCount(rows[0]!.total_count);
    else count = offset === 0 ? 0 : await countPosts(db, filter);
  }
  return { posts: await attachRelations(db, rows, filter.now), count };
}

/**
 * Full-text search, ranked in three tiers: posts whose title holds every word
 * come first, then those whose title and excerpt do, then the rest; within a
 * tier by relevance (SQLite bm25, PostgreSQL ts_rank; title weighted above
 * excerpt above body). Tiers let the first pages be ranked from a few
 * hundred title matches even when a common word matches most posts.
 * Words match by stem ("designs" finds "design") and as prefixes ("deve"
 * finds "development"). When no post matches, a mid-word fallback looks for
 * the text inside titles and excerpts (see docs/decisions).
 */
async function searchPostPage(
  db: Db,
  filter: PostFilter,
  paging: { page: number; limit: number },
  content: boolean | number,
): Promise<PostPage> {
  const raw = filter.search ?? "";
  const terms = searchTerms(raw);
  // Only punctuation: nothing to look for, so nothing is found.
  if (terms.length === 0) return { posts: [], count: 0 };
  const found = await (dialectOf(db) === "sqlite"
    ? rankedIds(sqliteTiers(db, filter, terms), paging)
    : // PostgreSQL misjudges a common word: it would read every row's vector
      // (out of line) rather than the GIN index, 50 times slower.
      db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return rankedIds(pgTiers(trx, filter, terms), paging);
      }));
  const { ids, count } = found;
  if (count === 0) {
    // Control characters (NUL, which PostgreSQL refuses in text) never reach the query.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    const text = raw.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
    if (text.replace(/\s/g, "").length < 3) return { posts: [], count: 0 };
    return findPostPage(db, { ...filter, search: undefined, substring: text }, paging, {
      contentPreview: typeof content === "number" ? content : undefined,
    });
  }
  if (ids.length === 0) return { posts: [], count };

  const rows = await selectPostColumns(db, content).where("posts.id", "in", ids).execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { posts: await attachRelations(db, rows, filter.now), count };
}

/** The total, and the ids of one page taken tier after tier. */
async function rankedIds(tiers: Tiers, paging: { page: number; limit: number }) {
  const counts = await tiers.counts();
  const count = counts.reduce((sum, n) => sum + n, 0);
  const ids: number[] = [];
  let skip = (paging.page - 1) * paging.limit;
  for (const [tier, size] of counts.entries()) {
    if (count === 0 || ids.length === paging.limit) break;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    ids.push(...(await tiers.page(tier, paging.limit - ids.length, skip)));
    skip = 0;
  }
  return { ids, count };
}

type Tiers = {
  /** How many posts of each tier the filter lets through (from three overlapping counts). */
  counts: () => Promise<number[]>;
  /** Ids of one tier, best first. */
  page: (tier: number, limit: number, offset: number) => Promise<number[]>;
};

function tierSizes(row: { title: unknown; lead: unknown; all: unknown } | undefined) {
  const title = toCount(row?.title);
  const lead = toCount(row?.lead);
  return [title, lead - title, toCount(row?.all) - lead];
}

/**
 * SQLite: an FTS5 table per tier (title; title and excerpt; everything), so
 * that a tier is counted and ranked from its own index.
 */
function sqliteTiers(db: Db, filter: PostFilter, terms: string[]): Tiers {
  const match = ftsMatchQuery(terms);
  const tables = [
    sql.table("posts_title_fts"),
    sql.table("posts_lead_fts"),
    sql.table("posts_fts"),
  ] as const;
  const rank = [
    sql`bm25(posts_title_fts)`,
    sql`bm25(posts_lead_fts, 10.0, 5.0)`,
    sql`bm25(posts_fts, 10.0, 5.0, 1.0)`,
  ] as const;
  // Which rows the rest of the filter lets through, without reading the posts
  // table for each match: none to check, all but the few hidden ones, or the
  // allowed set. (The unary + keeps SQLite from handing the test to FTS5.)
  const hidden = hiddenPostIds(db, filter.now);
  const restrict = unfiltered(filter)
    ? sql`1 = 1`
    : onlyLive(filter)
      ? sql`+rowid not in (${hidden})`
      : sql`+rowid in (${applyFilter(
          db.selectFrom("posts").select("posts.id"),
          { ...filter, search: undefined },
          "sqlite",
        )})`;
  const matching = (tier: number) =>
    sql`select rowid from ${tables[tier]!} where ${tables[tier]!} match ${match}`;
  return {
    async counts() {
      const count = (tier: number) => {
        const table = tables[tier]!;
        // All matches less the hidden ones among them: probing the few hidden
        // ids (a Bloom filter) costs less than excluding them from every match.
        if (onlyLive(filter)) {
          return sql`((select count(*) from ${table} where ${table} match ${match})
            - (select count(*) from ${table} where ${table} match ${match} and +rowid in (${hidden})))`;
        }
        return sql`(select count(*) from ${table} where ${table} match ${match} and ${restrict})`;
      };
      const { rows } = await sql<{ title: number; lead: number; all: number }>`
        select ${count(0)} as title, ${count(1)} as lead, ${count(2)} as "all"`.execute(db);
      return tierSizes(rows[0]);
    },
    async page(tier, limit, offset) {
      const table = tables[tier]!;
      const lower = tier > 0 ? sql`and +rowid not in (${matching(tier - 1)})` : sql``;
      const { rows } = await sql<{ id: number }>`
        select rowid as id from ${table}
        where ${table} match ${match} and ${restrict} ${lower}
        order by ${rank[tier]!}, rowid desc
        limit ${limit} offset ${offset}`.execute(db);
      return rows.map((r) => r.id);
    },
  };
}

/**
 * PostgreSQL: tsvectors with GIN indexes, one per tier (title; title and
 * excerpt; everything, weighted A title, B excerpt, C body), so that each
 * tier is found and ranked from its own small vector.
 */
function pgTiers(db: Db, filter: PostFilter, terms: string[]): Tiers {
  const query = sql`to_tsquery('english'::regconfig, ${tsQuery(terms)})`;
  const vectors = [sql`posts.title_vector`, sql`posts.lead_vector`, sql`posts.search_vector`];
  const matches = (tier: number) => sql<boolean>`${vectors[tier]} @@ ${query}`;
  const rank = [
    sql`ts_rank(posts.title_vector, ${query})`,
    sql`ts_rank(posts.lead_vector, ${query})`,
    sql`ts_rank('{0.1, 0.2, 0.5, 1.0}', posts.search_vector, ${query})`,
  ];
  const base = () =>
    applyFilter(db.selectFrom("posts"), { ...filter, search: undefined }, "postgres");
  return {
    async counts() {
      const count = (tier: number) =>
        sql<number>`(${base()
          .select((eb) => eb.fn.countAll().as("n"))
          .where(matches(tier))})`;
      const { rows } = await sql<{ title: number; lead: number; all: number }>`
        select ${count(0)} as title, ${count(1)} as lead, ${count(2)} as "all"`.execute(db);
      return tierSizes(rows[0]);
    },
    async page(tier, limit, offset) {
      let q = base().select("posts.id").where(matches(tier));
      if (tier > 0) q = q.where(sql<boolean>`not ${matches(tier - 1)}`);
      const rows = await q
        .orderBy(rank[tier]!, "desc")
        .orderBy(orderKey(filter), "desc")
        .orderBy("posts.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export async function findPost(
  db: Db,
  by: { id: number } | { slug: string },
  filter: Pick<PostFilter, "visibility" | "now" | "authorId">,
): Promise<Post | null> {
  let query = selectPostColumns(db, true) as unknown as PostQuery;
  query = applyFilter(query, filter, dialectOf(db));
  query =
    "id" in by ? query.where("posts.id", "=", by.id) : query.where("posts.slug", "=", by.slug);
  const row = (await query.executeTakeFirst()) as unknown as PostRow | undefined;
  if (!row) return null;
  const [post] = await attachRelations(db, [row], filter.now);
  return post ?? null;
}

/** Adds counted views, in one transaction: `views = views + n` per post. */
export async function addPostViews(db: Db, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      await trx
        .updateTable("posts")
        .set((eb) => ({ views: eb("views", "+", n) }))
        .where("id", "=", id)
        .execute();
    }
  });
}

/** A live post's stored view count, or null when there is no such live post. */
export async function findLivePostViews(db: Db, id: number, now: string): Promise<number | null> {
  const row = await db
    .selectFrom("posts")
    .select("views")
    .where("id", "=", id)
    .where((eb) => isLive(eb, now, dialectOf(db)))
    .executeTakeFirst();
  return row ? toCount(row.views) : null;
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
  const row = await insertRow(db, "posts", { ...values, created_at: now, updated_at: now }, ["id"]);
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

/** Replaces a post's categories. */
export async function setPostCategories(db: Db, postId: number, categoryIds: number[]) {
  await db.deleteFrom("post_categories").where("post_id", "=", postId).execute();
  if (categoryIds.length) {
    await db
      .insertInto("post_categories")
      .values(categoryIds.map((category_id) => ({ post_id: postId, category_id })))
      .execute();
  }
}

/** Replaces a post's tags. */
export async function setPostTags(db: Db, postId: number, tagIds: number[]) {
  await db.deleteFrom("post_tags").where("post_id", "=", postId).execute();
  if (tagIds.length) {
    await db
      .insertInto("post_tags")
      .values(tagIds.map((tag_id) => ({ post_id: postId, tag_id })))
      .execute();
  }
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
