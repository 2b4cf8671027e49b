// Import of a large WordPress export: `npm run bench:import -- [--posts 20000] [--data-dir DIR]`
// writes a WXR of N posts (a few KB of classic HTML each, 20 categories, 200
// tags, 10 authors, about 5 KB an item: 20,000 posts are a 100 MB file) to
// DIR, then runs a dry run and the import into a new site there (SQLite, or
// PostgreSQL when DATABASE_URL is set) as the command line does, and prints
// the time and the process's peak memory of each. No images: downloads
// would measure the network. See docs/performance.md, "Import".
//
// `--source ghost` writes a Ghost export instead (each post as Ghost 5 writes
// it: HTML, the Lexical document and the plain text, about 16 KB a post:
// 6,500 posts are a 100 MB file); `--dry-run-only` stops after the dry run.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareDatabase } from "#server/boot.ts";
import { loadConfig } from "#server/config.ts";
import { nowIso } from "#server/db/normalize.ts";
import { createLogger } from "#server/logger.ts";
import { insertUser } from "#server/modules/users/users.repository.ts";
import { createServices } from "#server/services.ts";
import { WXR_TAIL, wxrHead, wxrItem } from "#tests/factories/wxr.ts";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "20000" },
    "data-dir": { type: "string", default: "tmp/bench-import" },
    source: { type: "string", default: "wordpress" },
    "dry-run-only": { type: "boolean", default: false },
  },
});
const source = values.source === "ghost" ? "ghost" : "wordpress";
const count = Number(values.posts);
const dataDir = path.resolve(values["data-dir"]!);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const file = path.join(dataDir, source === "ghost" ? "export.json" : "export.xml");

const WORDS =
  "harbour bridge tower market river garden school office station museum library theatre island valley forest meadow".split(
    " ",
  );
function paragraph(seed: number) {
  const words: string[] = [];
  for (let i = 0; i < 90; i++) words.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return `${words.join(" ")}.`;
}

async function writeExport() {
  const site = "https://big.example.com";
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text)
      ? undefined
      : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write(
    wxrHead({
      siteUrl: site,
      title: "Big Old Site",
      authors: Array.from({ length: 10 }, (_, i) => ({
        id: i + 1,
        login: `writer${i + 1}`,
        email: `writer${i + 1}@big.example.com`,
        display: `Writer ${i + 1}`,
      })),
      categories: Array.from({ length: 20 }, (_, i) => ({
        slug: `topic-${i}`,
        name: `Topic ${i}`,
      })),
      tags: Array.from({ length: 200 }, (_, i) => ({ slug: `tag-${i}`, name: `Tag ${i}` })),
    }),
  );
  for (let id = 1; id <= count; id++) {
    const content = Array.from({ length: 8 }, (_, i) => paragraph(id + i)).join("\n\n");
    const day = String((id % 28) + 1).padStart(2, "0");
    await write(
      wxrItem(site, {
        id,
        title: `Post number ${id}`,
        slug: `post-number-${id}`,
        creator: `writer${(id % 10) + 1}`,
        dateGmt: `2019-05-${day} 10:00:00`,
        link: `${site}/2019/05/post-number-${id}/`,
        categories: [`topic-${id % 20}`],
        tags: [`tag-${id % 200}`, `tag-${(id * 7) % 200}`],
        excerpt: `Summary of post ${id}.`,
        content,
        meta: { _yoast_wpseo_metadesc: `Post ${id} in a few words.` },
      }),
    );
  }
  await write(WXR_TAIL);
  await new Promise((resolve) => out.end(resolve));
}

/** A Ghost 5 export of `count` posts, written row by row. */
async function writeGhostExport() {
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text)
      ? undefined
      : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  const hex = (kind: number, n: number) =>
    `${kind}`.padEnd(8, "0") + n.toString(16).padStart(16, "0");
  const rows = (name: string, items: unknown[]) =>
    `${JSON.stringify(name)}:${JSON.stringify(items)}`;
  await write(`{"db":[{"meta":{"exported_on":1733472000000,"version":"5.96.0"},"data":{"posts":[`);
  for (let id = 1; id <= count; id++) {
    const paragraphs = Array.from({ length: 8 }, (_, i) => paragraph(id + i));
    const lexical = {
      root: {
        type: "root",
        version: 1,
        children: paragraphs.map((text) => ({
          type: "paragraph",
          version: 1,
          children: [{ type: "extended-text", text, format: 0, version: 1 }],
        })),
      },
    };
    const day = String((id % 28) + 1).padStart(2, "0");
    const post = {
      id: hex(1, id),
      uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
      title: `Post number ${id}`,
      slug: `post-number-${id}`,
      mobiledoc: null,
      lexical: JSON.stringify(lexical),
      html: paragraphs.map((text) => `<p>${text}</p>`).join(""),
      plaintext: paragraphs.join("\n\n"),
      feature_image: null,
      featured: 0,
      type: "post",
      status: "published",
      visibility: "public",
      created_at: `2019-05-${day}T10:00:00.000Z`,
      updated_at: `2019-05-${day}T10:00:00.000Z`,
      published_at: `2019-05-${day}T10:00:00.000Z`,
      custom_excerpt: `Summary of post ${id}.`,
    };
    await write(`${id > 1 ? "," : ""}${JSON.stringify(post)}`);
  }
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  await write(
    `],${rows(
      "tags",
      Array.from({ length: 200 }, (_, i) => ({
        id: hex(2, i),
        name: `Tag ${i}`,
        slug: `tag-${i}`,
      })),
    )},${rows(
      "users",
      Array.from({ length: 10 }, (_, i) => ({
        id: hex(3, i),
        name: `Writer ${i + 1}`,
        slug: `writer${i + 1}`,
        email: `writer${i + 1}@big.example.com`,
      })),
    )},${rows(
      "posts_tags",
      ids.flatMap((id) => [
        { post_id: hex(1, id), tag_id: hex(2, id % 200), sort_order: 0 },
        { post_id: hex(1, id), tag_id: hex(2, (id * 7 + 1) % 200), sort_order: 1 },
      ]),
    )},${rows(
      "posts_authors",
      ids.map((id) => ({ post_id: hex(1, id), author_id: hex(3, id % 10), sort_order: 0 })),
    )},${rows(
      "posts_meta",
      ids.map((id) => ({ post_id: hex(1, id), meta_description: `Post ${id} in a few words.` })),
    )}}}]}`,
  );
  await new Promise((resolve) => out.end(resolve));
}

/** Peak resident and heap memory while `work` runs, sampled every 100 ms. */
async function measured<T>(work: () => Promise<T>) {
  const peak = { rss: 0, heap: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heap = Math.max(peak.heap, usage.heapUsed);
  };
  const timer = setInterval(sample, 100);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  return { result, seconds, peak };
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

let started = performance.now();
await (source === "ghost" ? writeGhostExport() : writeExport());
console.log(
  `wrote ${count} posts, ${mb(fs.statSync(file).size)}, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const config = loadConfig({
  ...process.env,
  DATA_DIR: path.join(dataDir, "site"),
  LOG_LEVEL: "warn",
});
const logger = createLogger("warn");
const { handle } = await prepareDatabase(config, logger);
const services = createServices({ db: handle.db, config, logger });
const admin = await insertUser(
  handle.db,
  {
    username: "bench_admin",
    email: "bench@example.com",
    first_name: "Bench",
    last_name: "Admin",
    role: "admin",
    status: "active",
    password_hash: "!bench",
  },
  nowIso(),
);
console.log(
  `database: ${config.database.kind}; heap before: ${mb(process.memoryUsage().heapUsed)}`,
);

for (const dryRun of values["dry-run-only"] ? [true] : [true, false]) {
  started = performance.now();
  const {
    result: job,
    seconds,
    peak,
  } = await measured(() =>
    services.contentImport.runImport(admin, {
      source,
      filePath: file,
      fileName: path.basename(file),
      dryRun,
      missingImages: "keep",
      siteUrl: "",
    }),
  );
  const posts = job.report?.counts.posts;
  console.log(
    `${dryRun ? "dry run" : "import "}: ${job.status}${job.error ? ` (${job.error})` : ""}, ` +
      `${seconds.toFixed(1)} s (${Math.round(count / seconds)} posts/s), ` +
      `posts ${JSON.stringify(posts)}, redirects ${job.report?.counts.redirects.created}, ` +
      `warnings ${job.report?.warnings.length}, peak RSS ${mb(peak.rss)}, peak heap ${mb(peak.heap)}`,
  );
}
console.log(`max RSS of the process (getrusage): ${mb(process.resourceUsage().maxRSS * 1024)}`);
await services.posts.close();
await handle.close();
