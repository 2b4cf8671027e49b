// Data-layer latency: `npm run bench:data-latency -- [--data-dir DIR] [--runs N]`
// opens a dataset made by `npm run bench:data` (SQLite in DIR, default
// tmp/bench; PostgreSQL when DATABASE_URL is set), times start-up (open,
// migrations check, seed check, services) and then the calls the pages and
// the admin make, in-process through the services, and prints p50/p95/max.
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareDatabase } from "#server/boot.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    runs: { type: "string" },
    json: { type: "boolean" },
  },
});
const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "tmp/bench");
const runs = Number(values.runs ?? 200);

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_MODE: "true",
  LOG_LEVEL: "warn",
});
const logger = createLogger("warn");
const bootStarted = performance.now();
const { handle } = await prepareDatabase(config, logger);
const services = createServices({ db: handle.db, config, logger });
const bootMs = performance.now() - bootStarted;

const admin = { id: 1, role: "admin" as const };
const posts = services.posts;
const first = await posts.listPublicPosts({ limit: 1 });
const total = first.count;
const slugs = (await posts.listPublicPosts({ page: 37, limit: 50 })).posts.map((p) => p.slug);
const firstPost = await posts.getPublicPostBySlug(slugs[0]!);
const categoryIds = firstPost?.categories.map((c) => c.id) ?? [];
const categorySlug = firstPost?.categories[0]?.slug ?? "technology";
const tagSlug = firstPost?.tags[0]?.slug ?? "seo";
const perPage = 6;
const lastPage = Math.max(1, Math.ceil(total / perPage));

type Case = { name: string; run: (i: number) => Promise<unknown> };
const cases: Case[] = [
  {
    name: "blog list, page 1",
    run: () => posts.listPublicPosts({ limit: perPage, contentPreview: 500 }),
  },
  {
    name: "blog list, page 1000",
    run: () => posts.listPublicPosts({ page: 1000, limit: perPage, contentPreview: 500 }),
  },
  {
    name: `blog list, middle page ${Math.ceil(lastPage / 2)}`,
    run: () =>
      posts.listPublicPosts({ page: Math.ceil(lastPage / 2), limit: perPage, contentPreview: 500 }),
  },
  {
    name: `blog list, last page ${lastPage}`,
    run: () => posts.listPublicPosts({ page: lastPage, limit: perPage, contentPreview: 500 }),
  },
  { name: "API list, limit 10", run: () => posts.listPublicPosts({ limit: 10 }) },
  {
    name: "post by slug (+ view)",
    run: (i) => posts.getPublicPostBySlug(slugs[i % slugs.length]!, { countView: true }),
  },
  { name: "related posts", run: () => posts.listRelatedPosts(firstPost?.id ?? 1, categoryIds, 3) },
  { name: "featured posts", run: () => posts.listFeaturedPosts(3) },
  {
    name: "by category",
    run: () => posts.listPublicPosts({ category: categorySlug, limit: perPage }),
  },
  { name: "by tag", run: () => posts.listPublicPosts({ tag: tagSlug, limit: perPage }) },
  { name: "categories with counts", run: () => services.categories.listCategories() },
  {
    name: "search 'design' (1 post in 3)",
    run: () => posts.listPublicPosts({ search: "design", limit: perPage }),
  },
  {
    name: "search 'designs' (stem)",
    run: () => posts.listPublicPosts({ search: "designs", limit: perPage }),
  },
  {
    name: "search 'deve' (prefix)",
    run: () => posts.listPublicPosts({ search: "deve", limit: perPage }),
  },
  {
    name: "search 'digital marketing'",
    run: () => posts.listPublicPosts({ search: "digital marketing", limit: perPage }),
  },
  {
    name: "search 'vogiri' (1 post in 37)",
    run: () => posts.listPublicPosts({ search: "vogiri", limit: perPage }),
  },
  {
    name: "search a title number (1 post)",
    run: (i) =>
      posts.listPublicPosts({ search: String(1000 + ((i * 7919) % 90000)), limit: perPage }),
  },
  {
    name: "search 'design' page 20",
    run: () => posts.listPublicPosts({ search: "design", page: 20, limit: perPage }),
  },
  {
    name: "search 'design' page 1000",
    run: () => posts.listPublicPosts({ search: "design", page: 1000, limit: perPage }),
  },
  {
    name: "search, no match (fallback)",
    run: () => posts.listPublicPosts({ search: "zqxw", limit: perPage }),
  },
  { name: "admin list, all", run: () => posts.listPosts(admin, { status: "all", limit: 10 }) },
  {
    name: "admin list, all, page 500",
    run: () => posts.listPosts(admin, { status: "all", page: 500, limit: 10 }),
  },
  {
    name: "admin list, published",
    run: () => posts.listPosts(admin, { status: "published", limit: 10 }),
  },
  { name: "admin list, draft", run: () => posts.listPosts(admin, { status: "draft", limit: 10 }) },
  {
    name: "admin list, scheduled",
    run: () => posts.listPosts(admin, { status: "scheduled", limit: 10 }),
  },
  {
    name: "admin list, by author",
    run: () => posts.listPosts(admin, { status: "all", author: 2, limit: 10 }),
  },
  {
    name: "admin search 'design'",
    run: () => posts.listPosts(admin, { status: "all", search: "design", limit: 10 }),
  },
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const results: { name: string; p50: number; p95: number; max: number }[] = [];
for (const c of cases) {
  for (let i = 0; i < 10; i++) await c.run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await c.run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  results.push({
    name: c.name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1]!,
  });
}
await posts.flushViews();
await handle.close();

const kind = config.database.kind === "postgres" ? "PostgreSQL" : "SQLite";
if (values.json) {
  console.log(JSON.stringify({ database: kind, posts: total, bootMs, runs, results }, null, 2));
} else {
  console.log(
    `${kind}, ${total} live posts, ${runs} runs each; start-up (migrate + seed check) ${bootMs.toFixed(0)} ms`,
  );
  console.log(
    `${"call".padEnd(36)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"max ms".padStart(9)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(36)}${r.p50.toFixed(2).padStart(9)}${r.p95.toFixed(2).padStart(9)}${r.max.toFixed(2).padStart(9)}`,
    );
  }
}
