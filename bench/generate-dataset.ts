// Dataset for benchmarks: `npm run bench:data -- [posts]` fills DATA_DIR
// (default tmp/bench) with a demo site plus N extra published posts (default
// 2000), written through the same services the API uses.
import { prepareDatabase } from "../server/boot.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";

const count = Number(process.argv[2] ?? 2000);
process.env.DATA_DIR ??= "tmp/bench";
const config = loadConfig({ ...process.env, DEMO_MODE: "true", LOG_LEVEL: "warn" });
const logger = createLogger("warn");
const { handle } = await prepareDatabase(config, logger);
const services = createServices({ db: handle.db, config, logger });
const admin = { id: 1, role: "admin" as const };
const words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split(
  " ",
);
const categories = ["Technology", "Business", "Marketing", "Design", "Development"];

const started = performance.now();
for (let i = 0; i < count; i++) {
  const title = `Benchmark post ${i} ${words[i % words.length]}`;
  const paragraphs = Array.from(
    { length: 6 },
    (_, p) =>
      `<p>${Array.from({ length: 60 }, (_, w) => words[(i + p + w) % words.length]).join(" ")}.</p>`,
  ).join("");
  await services.posts.createPost(admin, {
    title,
    slug: `benchmark-post-${i}`,
    excerpt: `Excerpt of benchmark post ${i}.`,
    content: paragraphs,
    status: "published",
    published_at: new Date(Date.now() - i * 3_600_000).toISOString(),
    categories: [categories[i % categories.length]!],
    tags: [`tag-${i % 40}`],
  });
}
console.log(
  `created ${count} posts in ${((performance.now() - started) / 1000).toFixed(1)} s in ${config.dataDir}`,
);
await handle.close();
