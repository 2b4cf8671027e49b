// Dataset for benchmarks: `npm run bench:data -- --posts N [--data-dir DIR]`
// fills DIR (default tmp/bench; PostgreSQL when DATABASE_URL is set) with the
// demo site plus N generated posts (default 200, up to 100,000 and more):
// categories and tags, varied words (so search has something to rank), a few
// paragraphs of HTML each, publish dates spread back over years, some drafts,
// scheduled and featured posts. Posts are written in batches, in transactions,
// through the posts repository. Running it again tops the set up to N and
// never duplicates.
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { slugify } from "#common/text.ts";
import { prepareDatabase } from "#server/boot.ts";
import { loadConfig } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso, toCount } from "#server/db/normalize.ts";
import { createLogger } from "#server/logger.ts";
import { insertPostRows, type NewPostRow } from "#server/modules/posts/posts.repository.ts";

const { values, positionals } = parseArgs({
  options: {
    posts: { type: "string" },
    "data-dir": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  allowPositionals: true,
});
if (values.help) {
  console.log("usage: npm run bench:data -- [--posts N] [--data-dir DIR]");
  process.exit(0);
}
const target = Number(values.posts ?? positionals[0] ?? 200);
if (!Number.isInteger(target) || target < 0) {
  console.error(`bench:data: --posts must be a whole number, not ${values.posts}`);
  process.exit(1);
}
const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "tmp/bench");

const SLUG_PREFIX = "benchmark-post-";
const BATCH = 1000;
const DAY = 86_400_000;

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_MODE: "true",
  LOG_LEVEL: "warn",
});
const logger = createLogger("warn");
const { handle } = await prepareDatabase(config, logger);
const db = handle.db;
const where = config.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : dataDir;

/** Deterministic pseudo-random numbers, so every run builds the same set. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `the of and to in for with on that is are be by as our your we it this from at
an or can more how what when why new best way team work time data users site web page business
customers product service design build growth plan brand content search market strategy`.split(
  /\s+/,
);
const TOPICAL = `accessibility agile analytics animation architecture audience automation backend
bakery benchmark blueprint branding browser budget cache campaign checkout cloud clustering
code collaboration colour commerce community compliance conversion copywriting creative
dashboard database deadline debugging delivery deployment developer development device
diagram digital discovery domain ecommerce editor email engagement engineering enterprise
experience experiment feedback finance framework frontend funnel gallery governance grid
hosting illustration infrastructure innovation insight integration interface inventory
iteration javascript journey keyword landing latency launch layout leadership library
localisation logistics loyalty maintenance management marketing measurement metrics migration
mobile monitoring narrative navigation newsletter onboarding optimisation outsourcing
packaging partnership payments performance photography pipeline platform portfolio pricing
privacy procurement productivity prototype publishing quality recruitment redesign refactoring
reliability reporting research responsive retail retention revenue roadmap scalability
scheduling security segmentation server signup sitemap software sourcing sprint stakeholder
startup storage storytelling subscription supplier support sustainability teamwork template
testing timeline tooling training transformation typography usability validation video
visibility wireframe workflow workshop`.split(/\s+/);
const SYLLABLES = "ka lo mi ne ru sa ti vo ze ba da fe gi ho ju pe qua ri so tu vi wa xe yo".split(
  " ",
);

const words = (() => {
  const rnd = random(7);
  const list = [...COMMON, ...TOPICAL];
  const seen = new Set(list);
  // Invented words widen the vocabulary so rare terms rank sharply.
  while (list.length < 4000) {
    const n = 2 + Math.floor(rnd() * 3);
    let word = "";
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    if (!seen.has(word)) {
      seen.add(word);
      list.push(word);
    }
  }
  return list;
})();

/** Common words often, rare ones seldom (roughly Zipf). */
function pickWord(rnd: () => number) {
  return words[Math.floor(words.length * rnd() ** 3)]!;
}
function sentence(rnd: () => number, min: number, max: number) {
  const n = min + Math.floor(rnd() * (max - min + 1));
  const list = Array.from({ length: n }, () => pickWord(rnd));
  const text = list.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
function paragraph(rnd: () => number) {
  const sentences = Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => sentence(rnd, 8, 18));
  // Some markup inside the text: emphasis and a link.
  if (rnd() < 0.5) sentences[0] = `<strong>${sentences[0]}</strong>`;
  if (rnd() < 0.3)
    sentences.push(
      `<a href="https://example.com/${pickWord(rnd)}">Read the ${pickWord(rnd)} guide</a>.`,
    );
  return `<p>${sentences.join(" ")}</p>`;
}
function titleOf(rnd: () => number, i: number) {
  const topical = TOPICAL[Math.floor(rnd() * TOPICAL.length)]!;
  const extra = Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => pickWord(rnd));
  const text = [topical, ...extra].join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)} ${i}`;
}

async function ensureTaxonomy(db: Db) {
  const now = nowIso();
  const categoryNames = [
    "Technology",
    "Business",
    "Marketing",
    "Design",
    "Development",
    "Operations",
    "Research",
    "Culture",
  ];
  for (const name of categoryNames) {
    await db
      .insertInto("categories")
      .values({ name, slug: slugify(name), description: "", created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute();
  }
  for (let i = 0; i < 200; i++) {
    const name = `bench ${TOPICAL[i % TOPICAL.length]} ${i}`;
    await db
      .insertInto("tags")
      .values({ name, slug: slugify(name), created_at: now })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute();
  }
  const categories = await db.selectFrom("categories").select("id").orderBy("id").execute();
  const tags = await db
    .selectFrom("tags")
    .select("id")
    .where("slug", "like", "bench-%")
    .orderBy("id")
    .execute();
  const authors = await db.selectFrom("users").select("id").orderBy("id").execute();
  return {
    categoryIds: categories.map((c) => c.id),
    tagIds: tags.map((t) => t.id),
    authorIds: authors.map((a) => a.id),
  };
}

function makePost(
  i: number,
  count: number,
  now: number,
  taxonomy: Awaited<ReturnType<typeof ensureTaxonomy>>,
): NewPostRow {
  const rnd = random(i + 1);
  // Post 0 is the newest; the set reaches back about ten years (at least a day a post for small sets).
  const span = Math.max((count * DAY) / 10, 10 * 365 * DAY);
  const age = ((i + rnd()) / Math.max(count, 1)) * span;
  const roll = rnd();
  const draft = roll < 0.01;
  const scheduled = !draft && roll < 0.015;
  const publishedAt = draft
    ? null
    : new Date(scheduled ? now + (1 + rnd() * 60) * DAY : now - age - 60_000).toISOString();
  const created = new Date(now - age - DAY).toISOString();
  const pick = (list: number[], n: number) => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, list.length))
      chosen.add(list[Math.floor(rnd() * list.length)]!);
    return [...chosen];
  };
  const title = titleOf(rnd, i);
  return {
    title,
    slug: `${SLUG_PREFIX}${i}`,
    excerpt: sentence(rnd, 12, 24),
    content: Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => paragraph(rnd)).join("\n"),
    featured_image: "",
    featured_image_alt: "",
    status: draft ? "draft" : scheduled ? "scheduled" : "published",
    is_featured: rnd() < 0.02,
    author_id: taxonomy.authorIds[Math.floor(rnd() * taxonomy.authorIds.length)] ?? null,
    published_at: publishedAt,
    views: Math.floor(rnd() ** 2 * 5000),
    created_at: created,
    updated_at: created,
    categoryIds: pick(taxonomy.categoryIds, 1 + Math.floor(rnd() * 2)),
    tagIds: pick(taxonomy.tagIds, 1 + Math.floor(rnd() * 4)),
  };
}

const started = performance.now();
const existing = toCount(
  (
    await db
      .selectFrom("posts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("slug", "like", `${SLUG_PREFIX}%`)
      .executeTakeFirstOrThrow()
  ).count,
);
if (existing >= target) {
  console.log(
    `bench:data: ${where} already has ${existing} generated posts (asked for ${target}); nothing to do`,
  );
  await handle.close();
  process.exit(0);
}

const taxonomy = await ensureTaxonomy(db);
const now = Date.now();
// Indexes continue where an earlier, smaller run stopped.
const taken = new Set(
  (
    await db.selectFrom("posts").select("slug").where("slug", "like", `${SLUG_PREFIX}%`).execute()
  ).map((r) => r.slug),
);
let next = 0;
let written = 0;
while (existing + written < target) {
  const batch: NewPostRow[] = [];
  while (batch.length < BATCH && existing + written + batch.length < target) {
    if (!taken.has(`${SLUG_PREFIX}${next}`)) batch.push(makePost(next, target, now, taxonomy));
    next++;
  }
  await db.transaction().execute((trx) => insertPostRows(trx, batch));
  written += batch.length;
  if (written % 10_000 === 0 || existing + written === target) {
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\r${existing + written}/${target} posts, ${seconds.toFixed(1)} s`);
  }
}
process.stdout.write("\n");
// Fresh planner statistics (and visibility map) after a large load.
if (config.database.kind === "postgres") {
  await sql`vacuum analyze posts, post_categories, post_tags, categories, tags`.execute(db);
}
console.log(
  `bench:data: wrote ${written} posts (${existing + written} generated in all) in ${((performance.now() - started) / 1000).toFixed(1)} s into ${where}`,
);
await handle.close();
