// In-process render cost: `npm run bench:render -- [path] [count] [--data-dir DIR]`.
// Answers one path many times through the app with the page cache off (no HTTP, no
// load generator), and prints the time per request with and without gzip. For a
// profile: `node --cpu-prof --cpu-prof-dir=tmp/prof bench/render.ts /blog/<slug> 2000`.
import { parseArgs } from "node:util";

// React picks its build when first imported: the server modules come after this.
process.env.NODE_ENV ??= "production";
const { createApp } = await import("#server/app.ts");
const { prepareDatabase } = await import("#server/boot.ts");
const { loadConfig } = await import("#server/config.ts");
const { createLogger } = await import("#server/logger.ts");
const { loadPageHandler } = await import("#server/ssr.ts");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "data-dir": { type: "string", default: "tmp/bench/sqlite-200" } },
});
const path = positionals[0] ?? "/";
const count = Number(positionals[1] ?? 500);

const config = loadConfig({
  ...process.env,
  DATA_DIR: values["data-dir"],
  DEMO_MODE: "true",
  LOG_LEVEL: "silent",
  PAGE_CACHE: "off",
});
const logger = createLogger("silent");
const { handle } = await prepareDatabase(config, logger);
const { app, services } = createApp({
  config,
  db: handle.db,
  writes: handle.writes,
  logger,
  pages: await loadPageHandler(),
});

/**
 * Wall time and CPU time (this process's user + system) per request: on a
 * machine that other work shares, the CPU time still compares between runs.
 */
async function time(headers: Record<string, string>) {
  const first = await app.request(path, { headers });
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
  for (let i = 0; i < 50; i++) await (await app.request(path, { headers })).arrayBuffer();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) await (await app.request(path, { headers })).arrayBuffer();
  const used = process.cpuUsage(cpu);
  return {
    wall: (performance.now() - started) / count,
    cpu: (used.user + used.system) / 1000 / count,
  };
}

const plain = await time({});
const gzip = await time({ "accept-encoding": "gzip" });
const bytes = (await (await app.request(path)).arrayBuffer()).byteLength;
console.log(
  `${path}: ${plain.wall.toFixed(2)} ms a request (${plain.cpu.toFixed(2)} ms CPU), ` +
    `${gzip.wall.toFixed(2)} ms with gzip (${gzip.cpu.toFixed(2)} ms CPU); ` +
    `${(bytes / 1024).toFixed(1)} KB of HTML (${count} each)`,
);
await services.posts.close();
await handle.close();
