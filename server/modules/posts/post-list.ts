import { type Compilable, type RawBuilder, sql } from "kysely";
import type { PostSummary } from "#common/types.ts";
import { type Db, dialectOf } from "#server/db/client.ts";
import { toCount } from "#server/db/normalize.ts";
import { reusableRead } from "#server/db/reusable-read.ts";
import {
  applyFilter,
  hiddenPostCount,
  hiddenPostIds,
  type Links,
  linkedPostIds,
  narrowingOf,
  orderKey,
  type PostFilter,
  resolveLinks,
  visibilityOf,
  walkIsShorter,
} from "./post-filter.ts";
import { attachRelations, contentColumn, POST_COLUMNS, type PostRow } from "./post-rows.ts";
import { midWordFallback, searchPostPage } from "./post-search.ts";

/**
 * One page of a list of posts with its total (`findPostPage`), planned so
 * that neither a deep page nor the count reads more rows than it shows.
 * Which posts are in the list is post-filter.ts; a search hands over to
 * post-search.ts.
 */

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

export type PostPage = { posts: PostSummary[]; count: number };

export type PageOptions = {
  /** Only the first N characters of each body (cards need no more). */
  contentPreview?: number;
  /** false: the posts only, no count (short lists: featured, related). */
  withCount?: boolean;
};

type PageShape = {
  visibility: PostFilter["visibility"];
  status: PostFilter["status"];
  featured: boolean;
  links: Pick<Links, "table" | "column" | "probe" | "walk">[];
  direction: "asc" | "desc";
  /** Count over the page's own rows (a text match). */
  windowCount: boolean;
  /** Count in the page's query (the first page of a list). */
  inlineCount: boolean;
  content: boolean | number;
};

type PageValues = {
  now: string;
  authorId: number | undefined;
  excludeId: number | undefined;
  substring: string | undefined;
  ids: number[][];
  sizes: number[];
  take: number;
  skip: number;
};

/**
 * One page's posts, with its total when asked (`total_count`). The page's ids
 * come from an index alone (a narrow subquery), so skipped rows never cost a
 * table read.
 */
const readPostPage = reusableRead((db, shape: PageShape, values: PageValues) => {
  const filter: PostFilter = {
    visibility: shape.visibility,
    status: shape.status,
    featured: shape.featured,
    now: values.now,
    authorId: values.authorId,
    excludeId: values.excludeId,
    substring: values.substring,
    links: shape.links.map((l, i) => ({ ...l, ids: values.ids[i]!, size: values.sizes[i]! })),
  };
  let pageIds = applyFilter(
    db.selectFrom("posts").select(["posts.id", orderKey(filter).as("sort_key")]),
    filter,
    dialectOf(db),
  )
    .orderBy(orderKey(filter), shape.direction)
    .orderBy("posts.id", shape.direction)
    .limit(values.take)
    .offset(values.skip);
  if (shape.windowCount) {
    pageIds = pageIds.select(sql<number>`count(*) over ()`.as("total_count")) as typeof pageIds;
  }
  let query = db
    .selectFrom(pageIds.as("page"))
    .innerJoin("posts", "posts.id", "page.id")
    .leftJoin("users", "users.id", "posts.author_id")
    .select(POST_COLUMNS)
    .select(contentColumn(shape.content));
  if (shape.windowCount) {
    query = query.select(sql<number>`page.total_count`.as("total_count")) as typeof query;
  } else if (shape.inlineCount) {
    query = query.select(countQuery(db, filter).as("total_count")) as unknown as typeof query;
  }
  // Ordered by the page's own columns, so the database starts from the page's
  // few rows rather than walking an index in the same order.
  return query
    .orderBy(sql`page.sort_key`, "desc")
    .orderBy("page.id", "desc") as unknown as Compilable<PostRow & { total_count?: unknown }>;
});

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
    for (const l of links) {
      l.take = paging.page * paging.limit;
      // Without a count, only the first few linked posts along the order are needed.
      if (!withCount) l.probe = true;
    }
    return findPostPage(db, { ...filter, links }, paging, options);
  }
  if (filter.search) {
    const found = await searchPostPage(db, filter, paging, content);
    if (found) return found;
    const text = midWordFallback(filter.search);
    if (!text) return { posts: [], count: 0 };
    return findPostPage(db, { ...filter, search: undefined, substring: text }, paging, {
      contentPreview: typeof content === "number" ? content : undefined,
    });
  }
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

  // A text match (the search fallback) is a small set read from a full index
  // scan: counted over the page query's own rows instead of scanning twice.
  const windowCount = withCount && count === undefined && !!filter.substring;
  const links = filter.links ?? [];
  const rows = await readPostPage(
    db,
    {
      visibility: filter.visibility,
      status: filter.status,
      featured: !!filter.featured,
      links: links.map((l) => ({
        table: l.table,
        column: l.column,
        probe: !!l.probe,
        walk: walkIsShorter(l),
      })),
      direction: reverse ? "asc" : "desc",
      windowCount,
      inlineCount: withCount && count === undefined && !windowCount,
      content,
    },
    {
      now: filter.now,
      authorId: filter.authorId,
      excludeId: filter.excludeId,
      substring: filter.substring,
      ids: links.map((l) => l.ids),
      sizes: links.map((l) => l.size),
      take,
      skip,
    },
  );

  if (count === undefined) {
    if (!withCount) count = rows.length;
    else if (rows.length > 0) count = toCount(rows[0]!.total_count);
    else count = offset === 0 ? 0 : await countPosts(db, filter);
  }
  return { posts: await attachRelations(db, rows, filter.now), count };
}
