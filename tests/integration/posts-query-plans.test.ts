import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgConnection } from "#server/db/client.ts";
import { openNodeSqlite } from "#server/db/dialects/node-sqlite.ts";
import type { Database } from "#server/db/schema.ts";
import { findCategories, findTags } from "#server/modules/categories/categories.repository.ts";
import { findLivePostSlugs } from "#server/modules/posts/posts.repository.ts";
import { createPostsService, type PostsService } from "#server/modules/posts/posts.service.ts";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createPost,
  minutesFromNow,
} from "#tests/factories/index.ts";
import { TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

/**
 * Every list and filter query is planned on an index. The queries are the
 * services' own: a second connection to the test database records them, and
 * each is explained. SQLite has no statistics, so its plans are the same for
 * ten rows as for a hundred thousand; PostgreSQL is told not to choose a
 * sequential scan, so a small table still shows which index would serve.
 */
describe("query plans of the posts lists", () => {
  let t: TestApp;
  let a: Accounts;
  let db: Kysely<Database>;
  let posts: PostsService;
  let explain: (query: CompiledQuery) => Promise<string[]>;
  let closeExplain: () => Promise<void>;
  const recorded: CompiledQuery[] = [];
  let live: any;
  let category: any;
  let tagSlug: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    category = await createCategory(t, a.admin.token);
    live = await createPost(t, a.admin.token, {
      title: "Planning ahead",
      content: "<p>Design and development.</p>",
      categories: [category.name],
      tags: ["Plans"],
      isFeatured: true,
      published_at: minutesFromNow(-60),
    });
    tagSlug = live.tags[0].slug;
    await createPost(t, a.author.token, { status: "draft", categories: [category.name] });
    await createPost(t, a.editor.token, { status: "scheduled", published_at: minutesFromNow(600) });

    const log = (event: { query: CompiledQuery }) => {
      recorded.push(event.query);
    };
    if (TEST_DB === "sqlite") {
      const file = (t.config.database as { file: string }).file;
      db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: openNodeSqlite(file) }),
        log,
      });
      const raw = openNodeSqlite(file);
      explain = async (query) =>
        (raw.prepare(`explain query plan ${query.sql}`).all(query.parameters) as any[]).map((row) =>
          String(row.detail),
        );
      closeExplain = async () => raw.close();
    } else {
      const connection = {
        ...pgConnection(TEST_DATABASE_URL),
        options: `-c search_path=${t.schema}`,
      };
      db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool(connection) }),
        log,
      });
      const client = new pg.Client(connection);
      await client.connect();
      explain = async (query) => {
        await client.query("begin");
        try {
          await client.query("set local enable_seqscan = off");
          const { rows } = await client.query(`explain ${query.sql}`, [...query.parameters]);
          return rows.map((row) => String(row["QUERY PLAN"]).trim());
        } finally {
          await client.query("rollback");
        }
      };
      closeExplain = () => client.end();
    }
    posts = createPostsService(db);
  });

  afterAll(async () => {
    await closeExplain?.();
    await db?.destroy();
    await t?.close();
  });

  /** The plans of every query a call makes. */
  async function plansOf(call: () => Promise<unknown>): Promise<string[]> {
    recorded.length = 0;
    await call();
    expect(recorded.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const query of [...recorded]) {
      // Reads only (not begin, set local or commit around them).
      if (/^\s*(select|with)\b/i.test(query.sql)) plans.push(...(await explain(query)));
    }
    return plans;
  }

  /** No step reads a posts (or link) table row by row without an index. */
  function expectIndexed(plans: string[]) {
    const fullScans =
      TEST_DB === "sqlite"
        ? plans.filter((line) => /^SCAN (posts|p|post_categories|post_tags)$/.test(line))
        : plans.filter((line) => /Seq Scan on (posts|post_categories|post_tags)\b/.test(line));
    expect(fullScans, plans.join("\n")).toEqual([]);
  }

  /**
   * This index serves the step. On PostgreSQL only where it is the one that
   * fits: with tables this small it may rightly prefer another index.
   */
  function expectIndex(plans: string[], index: string | RegExp, onPostgres = true) {
    if (TEST_DB === "postgres" && !onPostgres) return;
    const used = plans.some((line) =>
      typeof index === "string" ? line.includes(index) : index.test(line),
    );
    expect(used, `${index} in\n${plans.join("\n")}`).toBe(true);
  }

  const admin = () => ({ id: a.admin.id, role: "admin" as const });

  it("public list: newest live posts, by the publish-date index", async () => {
    const plans = await plansOf(() => posts.listPublicPosts({ limit: 10, contentPreview: 500 }));
    expectIndexed(plans);
    expectIndex(plans, "posts_live_order", false);
  });

  it("public list, a deep page (counted first)", async () => {
    const plans = await plansOf(() => posts.listPublicPosts({ page: 200, limit: 10 }));
    expectIndexed(plans);
  });

  it("by category slug and by tag slug", async () => {
    const byCategory = await plansOf(() =>
      posts.listPublicPosts({ category: category.slug, limit: 10 }),
    );
    expectIndexed(byCategory);
    expectIndex(byCategory, /post_categories/);
    const byTag = await plansOf(() => posts.listPublicPosts({ tag: tagSlug, limit: 10 }));
    expectIndexed(byTag);
    expectIndex(byTag, /post_tags/);
  });

  it("featured and related posts", async () => {
    const featured = await plansOf(() => posts.listFeaturedPosts(3));
    expectIndexed(featured);
    expectIndex(featured, "posts_featured_order", false);
    const related = await plansOf(() => posts.listRelatedPosts(live.id, [category.id], 3));
    expectIndexed(related);
  });

  it("staff list of every status, ordered by publish or creation date", async () => {
    const plans = await plansOf(() => posts.listPosts(admin(), { status: "all", limit: 10 }));
    expectIndexed(plans);
    expectIndex(plans, "posts_admin_order");
  });

  it("staff list by status and by author", async () => {
    const drafts = await plansOf(() => posts.listPosts(admin(), { status: "draft", limit: 10 }));
    expectIndexed(drafts);
    expectIndex(drafts, "posts_status_admin_order");
    for (const status of ["published", "scheduled"] as const) {
      expectIndexed(await plansOf(() => posts.listPosts(admin(), { status, limit: 10 })));
    }
    const byAuthor = await plansOf(() =>
      posts.listPosts(admin(), { status: "all", author: a.author.id, limit: 10 }),
    );
    expectIndexed(byAuthor);
    expectIndex(byAuthor, "posts_author_admin_order");
    // An author's own list (they see only their posts).
    const own = await plansOf(() =>
      posts.listPosts({ id: a.author.id, role: "author" }, { status: "all", limit: 10 }),
    );
    expectIndexed(own);
    expectIndex(own, "posts_author_admin_order");
  });

  it("search, public and staff, on the full-text index", async () => {
    const fullText = TEST_DB === "sqlite" ? /posts_fts VIRTUAL TABLE/ : /posts_\w+_vector/;
    const blog = await plansOf(() => posts.listPublicPosts({ search: "design", limit: 10 }));
    expectIndexed(blog);
    expectIndex(blog, fullText, false);
    const drafts = await plansOf(() =>
      posts.listPosts(admin(), { status: "draft", search: "design", limit: 10 }),
    );
    expectIndexed(drafts);
    expectIndex(drafts, fullText, false);
    // Nothing but the words to go by: the full-text index on both databases.
    const staff = await plansOf(() =>
      posts.listPosts(admin(), { status: "all", search: "design", limit: 10 }),
    );
    expectIndexed(staff);
    expectIndex(staff, fullText);
  });

  it("a post by slug, and the sitemap's slugs", async () => {
    const bySlug = await plansOf(() => posts.getPublicPostBySlug(live.slug));
    expectIndexed(bySlug);
    expectIndex(bySlug, TEST_DB === "sqlite" ? "sqlite_autoindex_posts" : "posts_slug_key");
    const sitemap = await plansOf(() => findLivePostSlugs(db, new Date().toISOString()));
    expectIndexed(sitemap);
    // Every live post's address from the index alone (no row read past its body).
    expectIndex(
      sitemap,
      TEST_DB === "sqlite" ? "COVERING INDEX posts_live_addresses" : "posts_live_addresses",
      false,
    );
  });

  it("categories and tags with their live post counts", async () => {
    const now = new Date().toISOString();
    expectIndexed(await plansOf(() => findCategories(db, now)));
    expectIndexed(await plansOf(() => findTags(db, now)));
  });
});
