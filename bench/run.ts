// Load benchmark: `npm run bench -- [--posts 200] [--duration 10] [--connections 50]
//   [--database sqlite|postgres] [--baseline DIR] [--json FILE] [--only a,b] [--cache off,on]
//   [--workers 1] [--mix [--edit-every 1] [--cpu-prof DIR]]`
//
// --mix: a Zipf-weighted traffic mix of ~130 public URLs (home, blog list and pages,
// category lists, the newest posts first, services, about, gallery, contact, feeds,
// sitemap, the read API), first without edits, then while an editor saves one of the
// newest posts every --edit-every seconds through the API, against the nginx ceiling
// in the same run: rate, p50, p99 and errors of each phase, and their ratio.
// --cpu-prof DIR: the mix's server writes a V8 CPU profile per process into DIR when it stops.
// --workers N: the server's WORKERS (default 1, so figures compare with earlier runs).
//
// Builds if needed, generates (or reuses) a dataset, starts the server itself with the
// page cache off and then on, and loads each target with wrk; in the same run, nginx
// serving the same bytes of the home page as a precompressed static file is the ceiling.
// Prints one table plus memory and cold start, and writes the same as JSON.
// With --baseline DIR, another checkout of Beranda (its own node_modules and build) is
// measured the same way, side by side. See docs/performance.md.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import {
  BENCH_TMP,
  type Checkout,
  type Database,
  type Dataset,
  type Discovered,
  describeCheckout,
  discover,
  ensureBuild,
  ensureDataset,
  freePort,
  httpGet,
  installCleanup,
  memoryOf,
  positiveInt,
  ROOT,
  requireDebianTool,
  round,
  type Server,
  serverArgs,
  sleep,
  spawnTracked,
  startServer,
  timestamp,
} from "./harness.ts";
import { ACCEPT_ENCODING, findWrk, type WrkResult, wrk, wrkBinary } from "./wrk.ts";

const TARGETS = {
  home: { label: "/", path: () => "/" },
  blog: { label: "/blog", path: () => "/blog" },
  search: {
    label: "/blog?search={word}",
    path: (d: Discovered) => `/blog?search=${encodeURIComponent(d.searchWord)}`,
  },
  post: { label: "/blog/{slug}", path: (d: Discovered) => `/blog/${d.postSlug}` },
  service: { label: "/services/{slug}", path: (d: Discovered) => `/services/${d.serviceSlug}` },
  api: { label: "/api/blog/posts?limit=10", path: () => "/api/blog/posts?limit=10" },
  rss: { label: "/rss.xml", path: () => "/rss.xml" },
  healthz: { label: "/healthz", path: () => "/healthz" },
} satisfies Record<string, { label: string; path: (d: Discovered) => string }>;
type TargetName = keyof typeof TARGETS;
const TARGET_NAMES = Object.keys(TARGETS) as TargetName[];
const EXTRA_PARTS = ["ceiling", "coldstart"] as const;
const CACHE_MODES = ["off", "on"] as const;
type CacheMode = (typeof CACHE_MODES)[number];

type Options = {
  posts: number;
  duration: number;
  connections: number;
  database: Database;
  baseline: string | undefined;
  json: string;
  targets: TargetName[];
  ceiling: boolean;
  coldStart: boolean;
  cacheModes: CacheMode[];
  workers: number;
  cpuProf?: string;
  mix: boolean;
  editEvery: number;
};

type TargetResult = {
  name: TargetName;
  path: string;
  /** One request after the warm-up: what a client with `Accept-Encoding: br, gzip` gets. */
  probe: { status: number; contentEncoding: string | null; bytes: number; cacheHeader?: string };
  wrk: WrkResult;
};

type Memory = {
  /** VmRSS 2 s after the first 200 from /healthz. */
  restAfterStartMB: number;
  /** Highest VmRSS sampled every 200 ms during the load. */
  peakRssMB: number;
  /** VmHWM after the load: the kernel's own peak RSS since start. */
  peakHwmMB: number;
  /** VmRSS 5 s after the last request. */
  restAfterLoadMB: number;
};

type CacheRun = {
  cache: CacheMode;
  /** Spawn to the first 200 from /healthz. */
  startMs: number;
  memory: Memory;
  targets: TargetResult[];
  /** Set when the run failed; the targets measured before are kept. */
  error?: string;
};

type ServerResult = {
  label: string;
  dir: string;
  commit: string;
  dataset: Dataset;
  /** Node's arguments: the checkout's `serve` script. */
  command: string;
  /** The post, service and search word the targets used. */
  discovered?: Discovered;
  runs: CacheRun[];
  coldStart?: { runsMs: number[]; medianMs: number };
};

type Ceiling = {
  htmlBytes: number;
  gzipBytes: number;
  /** With `Accept-Encoding: br, gzip`: nginx sends index.html.gz. */
  compressed: WrkResult;
  /** Without Accept-Encoding: nginx sends index.html. */
  identity: WrkResult;
};

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      posts: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      database: { type: "string", default: "sqlite" },
      baseline: { type: "string" },
      json: { type: "string" },
      only: { type: "string" },
      cache: { type: "string", default: "off,on" },
      workers: { type: "string" },
      mix: { type: "boolean", default: false },
      "edit-every": { type: "string" },
      "cpu-prof": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(
      fs
        .readFileSync(new URL(import.meta.url), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("//"))
        .map((line) => line.slice(3))
        .join("\n"),
    );
    console.log(`\n--only takes any of: ${[...TARGET_NAMES, ...EXTRA_PARTS].join(", ")}`);
    process.exit(0);
  }
  if (values.database !== "sqlite" && values.database !== "postgres") {
    throw new Error(`--database must be sqlite or postgres, not ${values.database}`);
  }
  const only = values.only?.split(",").map((part) => part.trim()) ?? [];
  for (const part of only) {
    if (
      !(TARGET_NAMES as string[]).includes(part) &&
      !(EXTRA_PARTS as readonly string[]).includes(part)
    ) {
      throw new Error(
        `--only: unknown part "${part}" (known: ${[...TARGET_NAMES, ...EXTRA_PARTS].join(", ")})`,
      );
    }
  }
  const cacheModes = values.cache.split(",").map((mode) => mode.trim());
  for (const mode of cacheModes) {
    if (mode !== "on" && mode !== "off") throw new Error(`--cache takes off, on or off,on`);
  }
  return {
    posts: positiveInt("posts", values.posts, 200),
    duration: positiveInt("duration", values.duration, 10),
    connections: positiveInt("connections", values.connections, 50),
    database: values.database,
    baseline: values.baseline,
    json: path.resolve(values.json ?? path.join(BENCH_TMP, `result-${timestamp()}.json`)),
    targets: only.length === 0 ? TARGET_NAMES : TARGET_NAMES.filter((name) => only.includes(name)),
    ceiling: only.length === 0 || only.includes("ceiling"),
    coldStart: only.length === 0 || only.includes("coldstart"),
    cacheModes: CACHE_MODES.filter((mode) => cacheModes.includes(mode)),
    workers: positiveInt("workers", values.workers, 1),
    cpuProf: values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : undefined,
    mix: values.mix,
    editEvery: positiveInt("edit-every", values["edit-every"], 1),
  };
}

// ---------------------------------------------------------------------------
// wrk

/** A short run before each measurement: JIT, caches, connections. */
async function warm(url: string, options: Options, acceptEncoding = true): Promise<void> {
  const seconds = Math.min(2, Math.max(1, Math.round(options.duration / 5)));
  await wrk(url, { seconds, connections: options.connections, acceptEncoding });
}

function measure(url: string, options: Options, acceptEncoding = true): Promise<WrkResult> {
  return wrk(url, { seconds: options.duration, connections: options.connections, acceptEncoding });
}

// ---------------------------------------------------------------------------
// One server with the page cache off or on

async function measureServer(
  checkout: Checkout,
  dataset: Dataset,
  cache: CacheMode,
  options: Options,
): Promise<{ run: CacheRun; discovered?: Discovered; homeHtml?: Buffer }> {
  const run: CacheRun = {
    cache,
    startMs: Number.NaN,
    memory: {
      restAfterStartMB: Number.NaN,
      peakRssMB: Number.NaN,
      peakHwmMB: Number.NaN,
      restAfterLoadMB: Number.NaN,
    },
    targets: [],
  };
  let server: Server | undefined;
  let discovered: Discovered | undefined;
  let homeHtml: Buffer | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    server = await startServer(checkout, dataset, {
      pageCache: cache,
      logName: `${checkout.label}-cache-${cache}`,
      env: { WORKERS: String(options.workers) },
    });
    const { pid, url } = server;
    run.startMs = round(server.startMs);
    console.log(`\n${checkout.label} (${checkout.commit}), page cache ${cache}: ${url}`);
    const rss = () => {
      const memory = memoryOf(pid);
      if (!memory) throw new Error(`the server (pid ${pid}) has exited: see ${server?.logFile}`);
      return memory;
    };
    await sleep(2000);
    run.memory.restAfterStartMB = rss().rssMB;
    run.memory.peakRssMB = run.memory.restAfterStartMB;
    discovered = await discover(url);
    homeHtml = await uncompressedHome(url);

    sampler = setInterval(() => {
      const now = memoryOf(pid)?.rssMB ?? 0;
      run.memory.peakRssMB = Math.max(run.memory.peakRssMB, now);
    }, 200);
    for (const name of options.targets) {
      const path = TARGETS[name].path(discovered);
      const target = `${url}${path}`;
      await warm(target, options);
      const probe = await probeTarget(target);
      const result = await measure(target, options);
      run.targets.push({ name, path, probe, wrk: result });
      console.log(`  ${describe(name, probe, result)}`);
    }
    clearInterval(sampler);
    run.memory.peakHwmMB = rss().hwmMB;
    await sleep(5000);
    run.memory.restAfterLoadMB = rss().rssMB;
  } catch (error) {
    // A run that fails (the server did not start, or died) is reported, and the others go on.
    run.error = error instanceof Error ? error.message : String(error);
    console.error(`  ${checkout.label}, page cache ${cache}: FAILED: ${run.error}`);
  } finally {
    clearInterval(sampler);
    await server?.stop();
  }
  return { run, discovered, homeHtml };
}

/** One request after the warm-up: status, encoding, size and cache state a client gets. */
async function probeTarget(url: string): Promise<TargetResult["probe"]> {
  const response = await httpGet(url, { "accept-encoding": ACCEPT_ENCODING });
  const cacheHeader = response.headers["x-cache"];
  return {
    status: response.status,
    contentEncoding: response.headers["content-encoding"] ?? null,
    bytes: response.body.length,
    ...(typeof cacheHeader === "string" ? { cacheHeader } : {}),
  };
}

function describe(name: string, probe: TargetResult["probe"], result: WrkResult): string {
  const encoding = probe.contentEncoding ?? "identity";
  const status = probe.status === 200 ? "" : ` status ${probe.status}!`;
  return (
    `${name.padEnd(8)} ${fmtInt(result.reqPerSec).padStart(7)} req/s  p50 ${fmtMs(result.p50Ms)}` +
    `  p99 ${fmtMs(result.p99Ms)}  errors ${result.errors}  (${encoding}, ${fmtInt(probe.bytes)} B${status})`
  );
}

/** The home page as our server sends it to a client that accepts no compression. */
async function uncompressedHome(url: string): Promise<Buffer> {
  const response = await httpGet(`${url}/`);
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body);
  if (encoding === "gzip") return zlib.gunzipSync(response.body);
  return response.body;
}

// ---------------------------------------------------------------------------
// The ceiling: nginx serving the same home page, precompressed

async function measureCeiling(homeHtml: Buffer, options: Options): Promise<Ceiling> {
  const nginxPath = await requireDebianTool("nginx", ["wrk", "nginx-light"]);
  const dir = path.join(BENCH_TMP, "nginx");
  const www = path.join(dir, "www");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(www, { recursive: true });
  const html = path.join(www, "index.html");
  fs.writeFileSync(html, homeHtml);
  const gzip = execFileSync("gzip", ["-9", "-c", html]);
  fs.writeFileSync(`${html}.gz`, gzip);

  const port = await freePort();
  const config = path.join(dir, "nginx.conf");
  fs.writeFileSync(config, nginxConfig(nginxPath, dir, www, port));
  const nginx = spawnTracked(
    nginxPath,
    ["-p", dir, "-c", config, "-e", path.join(dir, "error.log")],
    { cwd: dir, env: process.env, logFile: path.join(dir, "stderr.log") },
  );
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitForStatic(url, nginx.exited, dir);
    const check = await httpGet(url, { "accept-encoding": ACCEPT_ENCODING });
    if (check.headers["content-encoding"] !== "gzip" || !check.body.equals(gzip)) {
      throw new Error("nginx does not serve index.html.gz (gzip_static): see tmp/bench/nginx");
    }
    console.log(
      `\nceiling: nginx ${url} serving the home page (${homeHtml.length} B, gzip ${gzip.length} B)`,
    );
    await warm(url, options, true);
    const compressed = await measure(url, options, true);
    console.log(
      `  gzip_static  ${fmtInt(compressed.reqPerSec).padStart(7)} req/s  p99 ${fmtMs(compressed.p99Ms)}`,
    );
    await warm(url, options, false);
    const identity = await measure(url, options, false);
    console.log(
      `  identity     ${fmtInt(identity.reqPerSec).padStart(7)} req/s  p99 ${fmtMs(identity.p99Ms)}`,
    );
    return { htmlBytes: homeHtml.length, gzipBytes: gzip.length, compressed, identity };
  } finally {
    await nginx.stop();
  }
}

function nginxConfig(nginxPath: string, dir: string, www: string, port: number): string {
  // Temporary paths compiled into this nginx (/var/lib/nginx/…) go to tmp/ as well.
  const info = spawnSync(nginxPath, ["-V"], { encoding: "utf8" }); // prints to stderr
  const temps = [...`${info.stdout}${info.stderr}`.matchAll(/--http-([a-z-]+)-temp-path=/g)].map(
    (match) => match[1]!,
  );
  const tempLines = [...new Set(temps)]
    .map((kind) => `    ${kind.replace(/-/g, "_")}_temp_path ${path.join(dir, `temp-${kind}`)};`)
    .join("\n");
  return `# Written by bench/run.ts: the ceiling, a precompressed copy of the home page.
${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes auto;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events {
    worker_connections 4096;
}
http {
    types { text/html html; }
    default_type application/octet-stream;
    access_log ${path.join(dir, "access.log")};
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
${tempLines}
    server {
        listen 127.0.0.1:${port};
        root ${www};
        gzip_static on;
        location / {
            index index.html;
        }
    }
}
`;
}

async function waitForStatic(url: string, exited: Promise<unknown>, dir: string) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let i = 0; i < 500; i++) {
    if (gone) {
      const log = ["stderr.log", "error.log"]
        .map((file) => path.join(dir, file))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file, "utf8"))
        .join("\n");
      throw new Error(`nginx exited during start:\n${log.trim()}`);
    }
    try {
      if ((await httpGet(url, {}, 1000)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`nginx did not answer at ${url}`);
}

// ---------------------------------------------------------------------------
// Cold start: spawn to the first 200 from /healthz, built app and dataset ready

async function coldStart(checkout: Checkout, dataset: Dataset, runs = 3) {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(checkout, dataset, {
      logName: `${checkout.label}-coldstart-${i + 1}`,
    });
    runsMs.push(round(server.startMs));
    await server.stop();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { runsMs, medianMs: sorted[Math.floor(sorted.length / 2)]! };
}

// ---------------------------------------------------------------------------
// Output

function fmtInt(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "-";
}

function fmtMB(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : "-";
}

function fmtMs(value: number): string {
  if (!Number.isFinite(value)) return "-";
  if (value >= 100) return value.toFixed(0);
  return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** A Markdown table with aligned columns (numbers right-aligned), ready for docs. */
function markdownTable(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, 3, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const pad = (cell: string, i: number) =>
    i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!);
  const line = (cells: string[]) => `| ${cells.map(pad).join(" | ")} |`;
  const rule = widths.map((width, i) =>
    i < leftColumns ? "-".repeat(width) : `${"-".repeat(width - 1)}:`,
  );
  return [line(header), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n");
}

function report(servers: ServerResult[], ceiling: Ceiling | undefined, options: Options): string {
  const out: string[] = [];
  const many = servers.length > 1;
  const ceilingRate = ceiling?.compressed.reqPerSec;
  const percent = (rate: number) =>
    ceilingRate ? `${((rate / ceilingRate) * 100).toFixed(1)}%` : "-";

  const header = ["target", "cache"];
  for (const server of servers) {
    const prefix = many ? `${server.label} ` : "";
    header.push(`${prefix}req/s`, "p50 ms", "p99 ms", "errors", "% ceiling");
  }
  if (many) header.push(`${servers.at(-1)!.label} / ${servers[0]!.label}`);
  const rows: string[][] = [];
  if (ceiling) {
    for (const [label, result] of [
      ["ceiling: nginx gzip_static", ceiling.compressed],
      ["ceiling: nginx uncompressed", ceiling.identity],
    ] as const) {
      const cells = [
        fmtInt(result.reqPerSec),
        fmtMs(result.p50Ms),
        fmtMs(result.p99Ms),
        String(result.errors),
        percent(result.reqPerSec),
      ];
      const row = [label, "-", ...cells];
      for (let i = 1; i < servers.length; i++) row.push("", "", "", "", "");
      if (many) row.push("");
      rows.push(row);
    }
  }
  for (const name of options.targets) {
    for (const cache of options.cacheModes) {
      const row = [TARGETS[name].label, cache];
      const rates: number[] = [];
      for (const server of servers) {
        const result = server.runs
          .find((r) => r.cache === cache)
          ?.targets.find((t) => t.name === name);
        if (!result) {
          row.push("-", "-", "-", "-", "-");
          continue;
        }
        const { wrk: w } = result;
        const errors =
          result.probe.status === 200
            ? String(w.errors)
            : `${w.errors} (HTTP ${result.probe.status})`;
        row.push(fmtInt(w.reqPerSec), fmtMs(w.p50Ms), fmtMs(w.p99Ms), errors, percent(w.reqPerSec));
        rates.push(w.reqPerSec);
      }
      if (many) {
        const first = rates[0];
        const last = rates.at(-1);
        row.push(
          first && last && rates.length === servers.length ? `${(last / first).toFixed(1)}x` : "-",
        );
      }
      rows.push(row);
    }
  }
  out.push(markdownTable(header, rows, 2));
  out.push(
    "errors: responses with status 400 or above plus socket errors (timeout: no answer within 10 s)",
  );
  for (const server of servers) {
    for (const r of server.runs) {
      if (r.error) out.push(`FAILED: ${server.label}, page cache ${r.cache}: ${r.error}`);
    }
  }

  out.push(
    "",
    "Memory (RSS, MB): at rest after start / peak during load (VmRSS sampled, VmHWM) / at rest 5 s after load",
  );
  const memoryRows = servers.flatMap((server) =>
    server.runs.map((r) => [
      server.label,
      r.cache,
      fmtMB(r.memory.restAfterStartMB),
      fmtMB(r.memory.peakRssMB),
      fmtMB(r.memory.peakHwmMB),
      fmtMB(r.memory.restAfterLoadMB),
    ]),
  );
  out.push(
    markdownTable(
      ["server", "cache", "at rest", "peak RSS", "peak HWM", "after load"],
      memoryRows,
      2,
    ),
  );

  const cold = servers.filter((server) => server.coldStart);
  if (cold.length > 0) {
    out.push("", "Cold start (spawn to the first 200 from /healthz, built app, dataset ready)");
    out.push(
      markdownTable(
        ["server", "median ms", "runs ms"],
        cold.map((server) => [
          server.label,
          fmtInt(server.coldStart!.medianMs),
          server.coldStart!.runsMs.join(", "),
        ]),
      ),
    );
  }
  return out.join("\n");
}

// ---------------------------------------------------------------------------
// The traffic mix (--mix)

type MixPhase = { name: string; edits: number; editFailures: number; wrk: WrkResult };

/** Demo accounts of a generated dataset (it is seeded in demo mode). */
const DEMO_ADMIN = { email: "admin@example.com", password: "admin12345" };

/**
 * The public URLs of the mix in order of popularity (most asked first): the
 * home page, the blog, the newest posts, the fixed pages, category lists,
 * older blog pages, feeds and the read API. Zipf weight: 1 / rank.
 */
async function mixPaths(url: string): Promise<string[]> {
  type Posts = { data: { posts: { slug: string }[] } };
  type Categories = { categories: { slug: string }[] };
  type Services = { data: { slug: string }[] | { services: { slug: string }[] } };
  const posts: string[] = [];
  for (const page of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const body = await getMixJson<Posts>(`${url}/api/blog/posts?limit=10&page=${page}`);
    posts.push(...body.data.posts.map((post) => `/blog/${post.slug}`));
  }
  const categories = (await getMixJson<Categories>(`${url}/api/blog/categories`)).categories.map(
    (category) => `/blog?category=${encodeURIComponent(category.slug)}`,
  );
  const servicesBody = (await getMixJson<Services>(`${url}/api/services`)).data;
  const services = (Array.isArray(servicesBody) ? servicesBody : servicesBody.services).map(
    (service) => `/services/${service.slug}`,
  );
  const fixed = ["/about", "/services", "/gallery", "/contact", "/rss.xml", "/sitemap.xml"];
  const api = ["/api/blog/posts?limit=10", "/api/blog/posts?limit=10&page=2", "/api/services"];
  const pages = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((page) => `/blog?page=${page}`);
  // Interleaved so that popularity falls off across kinds, not kind by kind.
  const queues = [posts, fixed, categories, services, pages, api];
  const paths = ["/", "/blog"];
  while (queues.some((queue) => queue.length)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) paths.push(next);
    }
  }
  return [...new Set(paths)].slice(0, 130);
}

async function getMixJson<T>(url: string): Promise<T> {
  const response = await httpGet(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return JSON.parse(response.body.toString("utf8")) as T;
}

/** A wrk script choosing each request's path by Zipf weight (1 / rank). */
function zipfScript(paths: string[]): string {
  let total = 0;
  const cumulative = paths.map((_, i) => {
    total += 1 / (i + 1);
    return total;
  });
  const file = path.join(BENCH_TMP, "mix.lua");
  fs.mkdirSync(BENCH_TMP, { recursive: true });
  fs.writeFileSync(
    file,
    `-- Written by bench/run.ts --mix: ${paths.length} paths, Zipf-weighted.
local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local cumulative = { ${cumulative.map((c) => c.toFixed(6)).join(", ")} }
local total = ${total.toFixed(6)}
local seeded = 0
function init(args)
  seeded = seeded + 1
  math.randomseed(os.time() + seeded * 7919 + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
end
function request()
  local r = math.random() * total
  local lo, hi = 1, #cumulative
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cumulative[mid] < r then lo = mid + 1 else hi = mid end
  end
  return wrk.format("GET", paths[lo])
end
`,
  );
  return file;
}

/**
 * Saves one of the newest posts every `seconds` through the API (a new title
 * each time), as an editor would, until stopped.
 */
async function startEditor(url: string, seconds: number) {
  const signIn = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!signIn.ok) throw new Error(`the editor cannot sign in: ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  type Posts = { data: { posts: { id: number; title: string }[] } };
  const newest = (await getMixJson<Posts>(`${url}/api/blog/posts?limit=3`)).data.posts;
  let edits = 0;
  let failures = 0;
  let round = 0;
  const timer = setInterval(() => {
    const post = newest[round % newest.length]!;
    round++;
    void fetch(`${url}/api/blog/posts/${post.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `${post.title.replace(/ \(edit \d+\)$/, "")} (edit ${round})`,
      }),
    }).then(
      (response) => {
        if (response.ok) edits++;
        else failures++;
        return response.body?.cancel();
      },
      () => {
        failures++;
      },
    );
  }, seconds * 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return { edits, failures };
    },
  };
}

/** RSS of the server and its worker processes (Linux), in MB. */
function processTreeMemory(pid: number): { pid: number; rssMB: number }[] {
  const pids = [pid];
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8");
    pids.push(...children.trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    // not Linux, or gone
  }
  return pids.flatMap((p) => {
    const memory = memoryOf(p);
    return memory ? [{ pid: p, rssMB: memory.rssMB }] : [];
  });
}

async function runMix(options: Options): Promise<boolean> {
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg();
  const checkout = describeCheckout("current", ROOT);
  await ensureBuild(checkout);
  const dataset = await ensureDataset(checkout, options.database, options.posts);
  const problems: string[] = [];
  const phases: MixPhase[] = [];
  let homeHtml: Buffer | undefined;
  let paths: string[] = [];
  let memory: { pid: number; rssMB: number }[] = [];
  const server = await startServer(checkout, dataset, {
    logName: `mix-workers-${options.workers}`,
    env: { WORKERS: String(options.workers) },
    nodeArgs: options.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProf}`] : [],
  });
  try {
    console.log(`\nmix: ${server.url}, WORKERS=${options.workers}`);
    paths = await mixPaths(server.url);
    homeHtml = await uncompressedHome(server.url);
    const script = zipfScript(paths);
    const load = (seconds: number) =>
      wrk(`${server.url}/`, {
        seconds,
        connections: options.connections,
        acceptEncoding: true,
        script,
      });
    // Warm-up: every path asked for often enough that each worker stored it
    // (an address with a query is stored on its second request), then a short load.
    for (const p of paths) {
      for (let i = 0; i < 2 * options.workers; i++) {
        await httpGet(`${server.url}${p}`, { "accept-encoding": ACCEPT_ENCODING });
      }
    }
    await load(Math.min(2, Math.max(1, Math.round(options.duration / 5))));
    const quiet = await load(options.duration);
    phases.push({ name: "mix, no edits", edits: 0, editFailures: 0, wrk: quiet });
    console.log(
      `  no edits    ${fmtInt(quiet.reqPerSec).padStart(7)} req/s  p50 ${fmtMs(quiet.p50Ms)}  p99 ${fmtMs(quiet.p99Ms)}  errors ${quiet.errors}`,
    );
    const editor = await startEditor(server.url, options.editEvery);
    const busy = await load(options.duration);
    const { edits, failures } = editor.stop();
    phases.push({
      name: `mix, a post saved every ${options.editEvery} s`,
      edits,
      editFailures: failures,
      wrk: busy,
    });
    console.log(
      `  with edits  ${fmtInt(busy.reqPerSec).padStart(7)} req/s  p50 ${fmtMs(busy.p50Ms)}  p99 ${fmtMs(busy.p99Ms)}  errors ${busy.errors}  (${edits} saves, ${failures} failed)`,
    );
    memory = processTreeMemory(server.pid);
  } catch (error) {
    problems.push(`mix: ${(error as Error).message}`);
    console.error(`mix: FAILED: ${(error as Error).message}`);
  } finally {
    await server.stop();
  }
  let ceiling: Ceiling | undefined;
  if (options.ceiling && homeHtml) {
    try {
      ceiling = await measureCeiling(homeHtml, options);
    } catch (error) {
      problems.push(`ceiling: ${(error as Error).message}`);
    }
  }
  const ceilingRate = ceiling?.compressed.reqPerSec;
  const rows = phases.map((phase) => [
    phase.name,
    fmtInt(phase.wrk.reqPerSec),
    fmtMs(phase.wrk.p50Ms),
    fmtMs(phase.wrk.p99Ms),
    String(phase.wrk.errors),
    ceilingRate ? `${((phase.wrk.reqPerSec / ceilingRate) * 100).toFixed(1)}%` : "-",
  ]);
  if (ceiling) {
    rows.unshift([
      "ceiling: nginx gzip_static (home)",
      fmtInt(ceiling.compressed.reqPerSec),
      fmtMs(ceiling.compressed.p50Ms),
      fmtMs(ceiling.compressed.p99Ms),
      String(ceiling.compressed.errors),
      "100%",
    ]);
  }
  const [quiet, busy] = phases;
  const cpus = os.cpus();
  console.log(
    `\nBeranda mix benchmark, ${startedAt}: ${options.posts} posts on ${options.database}, ` +
      `${paths.length} URLs (Zipf), wrk -t2 -c${options.connections} -d${options.duration}s, ` +
      `WORKERS=${options.workers}; ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, ` +
      `load average at start ${loadAtStart[0]!.toFixed(2)}\n`,
  );
  console.log(markdownTable(["phase", "req/s", "p50 ms", "p99 ms", "errors", "% ceiling"], rows));
  if (quiet && busy) {
    console.log(
      `\nwith edits / without: ${((busy.wrk.reqPerSec / quiet.wrk.reqPerSec) * 100).toFixed(1)}% of the rate`,
    );
  }
  if (memory.length) {
    console.log(
      `RSS after the mix (MB): ${memory.map((m, i) => `${i === 0 ? "main" : `worker ${i}`} ${fmtMB(m.rssMB)}`).join(", ")}`,
    );
  }
  const result = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: { cpus: cpus.length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: os.loadavg() },
    options,
    paths,
    phases,
    ceiling,
    memory,
    problems,
  };
  fs.mkdirSync(path.dirname(options.json), { recursive: true });
  fs.writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), options.json)}`);
  if (problems.length > 0) console.error(`\nbench: failed: ${problems.join("; ")}`);
  return problems.length === 0;
}

// ---------------------------------------------------------------------------

async function main() {
  installCleanup();
  const options = parseOptions();
  await findWrk();
  if (options.ceiling) await requireDebianTool("nginx", ["wrk", "nginx-light"]);

  const checkouts = [describeCheckout("current", ROOT)];
  if (options.baseline) {
    const baseline = describeCheckout("baseline", options.baseline);
    if (!fs.existsSync(path.join(baseline.dir, "node_modules"))) {
      throw new Error(`${baseline.dir} has no node_modules: run \`npm ci\` there first`);
    }
    checkouts.unshift(baseline);
  }

  if (options.mix) return runMix(options);

  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg();
  const servers: ServerResult[] = [];
  for (const checkout of checkouts) {
    await ensureBuild(checkout);
    const dataset = await ensureDataset(checkout, options.database, options.posts);
    servers.push({ ...checkout, dataset, command: serverArgs(checkout).join(" "), runs: [] });
  }

  let homeHtml: Buffer | undefined;
  for (const cache of options.cacheModes) {
    for (const server of servers) {
      const measured = await measureServer(server, server.dataset, cache, options);
      server.runs.push(measured.run);
      server.discovered ??= measured.discovered;
      if (server.label === "current") homeHtml ??= measured.homeHtml;
    }
  }
  const problems = servers.flatMap((server) =>
    server.runs.flatMap((r) => (r.error ? [`${server.label}, page cache ${r.cache}`] : [])),
  );
  let ceiling: Ceiling | undefined;
  if (options.ceiling) {
    try {
      if (!homeHtml) throw new Error("no home page from the current server to copy");
      ceiling = await measureCeiling(homeHtml, options);
    } catch (error) {
      problems.push(`ceiling: ${(error as Error).message}`);
      console.error(`ceiling: FAILED: ${(error as Error).message}`);
    }
  }
  if (options.coldStart) {
    for (const server of servers) {
      console.log(`\ncold start: ${server.label}`);
      try {
        server.coldStart = await coldStart(server, server.dataset);
        console.log(
          `  median ${server.coldStart.medianMs} ms (${server.coldStart.runsMs.join(", ")})`,
        );
      } catch (error) {
        problems.push(`cold start of ${server.label}: ${(error as Error).message}`);
        console.error(`  FAILED: ${(error as Error).message}`);
      }
    }
  }

  const cpus = os.cpus();
  const heading =
    `Beranda benchmark, ${startedAt}: ${options.posts} posts on ${options.database}, ` +
    `wrk -t2 -c${options.connections} -d${options.duration}s, Accept-Encoding: ${ACCEPT_ENCODING}; ` +
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, load average at start ${loadAtStart[0]!.toFixed(2)}`;
  const servedBy = servers.map((s) => `${s.label}: node ${s.command} in ${s.dir} (${s.commit})`);
  console.log(`\n${heading}\n${servedBy.join("\n")}\n`);
  console.log(report(servers, ceiling, options));

  const result = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim(),
      node: process.version,
      wrk: spawnSync(wrkBinary(), ["--version"], { encoding: "utf8" })
        .stdout.split("\n")[0]
        ?.trim(),
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg(),
    },
    options: { ...options, acceptEncoding: ACCEPT_ENCODING, threads: 2 },
    ceiling,
    servers,
    problems,
  };
  fs.mkdirSync(path.dirname(options.json), { recursive: true });
  fs.writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), options.json)}`);
  if (problems.length > 0) console.error(`\nbench: failed: ${problems.join("; ")}`);
  return problems.length === 0;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
