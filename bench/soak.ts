// Soak: `npm run soak -- [--minutes 10] [--connections 16] [--database sqlite|postgres]
//   [--posts 200] [--sample 10] [--max-growth-mb 20] [--max-growth-percent 10]
//   [--heap-snapshots] [--node-arg=--cpu-prof …] [--json FILE]`
//
// Builds if needed, fills a fresh DATA_DIR (tmp/bench/soak-<database>; PostgreSQL: the
// database beranda_bench_soak) with the demo site plus --posts generated posts, starts
// the production server (the `serve` script: build/node/main.js) with the per-client
// contact limit raised (nothing else changed), signs in once as the demo admin, and
// then runs --connections clients back to back for --minutes with a weighted mix:
//   page 70%   anonymous GETs: home, blog list (pages 1-3), blog posts, search,
//              services, a service, gallery, about, contact
//   views 12%  GET /api/blog/posts/views/{id} (what a post page calls in the browser)
//   contact 7% POST /api/contact
//   edit 6%    PUT /api/blog/posts/{id} of one of 20 recent published posts
//   churn 4%   POST /api/blog/posts (published) or, once 10 soak posts exist, DELETE the oldest
//   upload 1%  POST /api/upload, a small PNG of a colour never sent before (sharp)
// Every --sample seconds it reads the server's VmRSS from /proc/<pid>/status. It prints
// a line per sample, a row per minute (requests, errors, p50/p99 per kind, RSS), and a
// summary: totals, errors by kind and status, p99 per kind, memory after the first
// minute vs the end, and writes the same as JSON (tmp/bench/soak-<time>.json).
//
// 429s are counted apart: uploads answer 429 by design when their queue is full; any
// other 429 is an error. Memory: "after the first minute" is the median of the samples
// taken in minute 2 (60-120 s), "end" the median of those in the last minute, so one
// sample on either side of a garbage collection decides nothing (needs --minutes 3 or
// more). Exit 1 on any error (5xx, a refused connection, a timeout, an unexpected 4xx),
// an unclean server exit, or when memory grew by more than --max-growth-mb (20) AND more
// than --max-growth-percent (10) of the first-minute figure: the larger of the two.
// --heap-snapshots starts the server with --heapsnapshot-signal=SIGUSR2 and writes a
// heap snapshot after minute 1 and at the end (tmp/bench/soak-heap/; pauses the server, and
// the RSS after a snapshot includes the memory V8 took to write it: no memory verdict then).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BENCH_TMP,
  type Database,
  type Dataset,
  describeCheckout,
  ensureBuild,
  getJson,
  installCleanup,
  memoryOf,
  PG_SERVER,
  positiveInt,
  ROOT,
  recreatePostgresDatabase,
  round,
  run,
  type Server,
  serverArgs,
  serverEnv,
  sleep,
  startServer,
  timestamp,
} from "./harness.ts";

/** Per-client limits the load would otherwise hit; everything else stays as shipped. */
const SOAK_ENV = { CONTACT_RATE_LIMIT: "1000000/1m" };

const KINDS = ["page", "views", "contact", "edit", "create", "delete", "upload"] as const;
type Kind = (typeof KINDS)[number];
/** What a client picks (churn is a create or, once enough soak posts exist, a delete). */
const MIX = [
  ["page", 70],
  ["views", 12],
  ["contact", 7],
  ["edit", 6],
  ["churn", 4],
  ["upload", 1],
] as const;
type Operation = (typeof MIX)[number][0];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);
/** Soak posts alive at most: past that, churn deletes the oldest. */
const CHURN_KEEP = 10;
/** How many recent published posts are edited. */
const EDITED_POSTS = 20;
const ACCEPT_ENCODING = "br, gzip";
const REQUEST_TIMEOUT_MS = 60_000;

type Options = {
  minutes: number;
  connections: number;
  database: Database;
  posts: number;
  sampleSeconds: number;
  maxGrowthMB: number;
  maxGrowthPercent: number;
  heapSnapshots: boolean;
  nodeArgs: string[];
  json: string;
};

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string" },
      connections: { type: "string" },
      database: { type: "string", default: "sqlite" },
      posts: { type: "string" },
      sample: { type: "string" },
      "max-growth-mb": { type: "string" },
      "max-growth-percent": { type: "string" },
      "heap-snapshots": { type: "boolean", default: false },
      "node-arg": { type: "string", multiple: true },
      json: { type: "string" },
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
    process.exit(0);
  }
  if (values.database !== "sqlite" && values.database !== "postgres") {
    throw new Error(`--database must be sqlite or postgres, not ${values.database}`);
  }
  const sampleSeconds = positiveInt("sample", values.sample, 10);
  if (sampleSeconds > 30) throw new Error("--sample must be 30 seconds or less");
  return {
    minutes: positiveInt("minutes", values.minutes, 10),
    connections: positiveInt("connections", values.connections, 16),
    database: values.database,
    posts: positiveInt("posts", values.posts, 200),
    sampleSeconds,
    maxGrowthMB: positiveInt("max-growth-mb", values["max-growth-mb"], 20),
    maxGrowthPercent: positiveInt("max-growth-percent", values["max-growth-percent"], 10),
    heapSnapshots: values["heap-snapshots"],
    nodeArgs: values["node-arg"] ?? [],
    json: path.resolve(values.json ?? path.join(BENCH_TMP, `soak-${timestamp()}.json`)),
  };
}

// ---------------------------------------------------------------------------
// A fresh site

/** Demo content plus `posts` generated posts in a DATA_DIR (and database) emptied first. */
async function freshDataset(database: Database, posts: number): Promise<Dataset> {
  const dataDir = path.join(BENCH_TMP, `soak-${database}`);
  const dataset: Dataset = { database, posts, dataDir };
  if (database === "postgres") dataset.databaseUrl = `${PG_SERVER}/beranda_bench_soak`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (dataset.databaseUrl) await recreatePostgresDatabase(dataset.databaseUrl);
  console.log(
    `soak: a fresh site with ${posts} posts (${database}) in ${path.relative(ROOT, dataDir)}`,
  );
  await run(
    "npm",
    ["run", "--silent", "bench:data", "--", "--posts", String(posts), "--data-dir", dataDir],
    { cwd: ROOT, env: serverEnv(dataset, { LOG_LEVEL: "warn" }), quiet: true },
  );
  return dataset;
}

// ---------------------------------------------------------------------------
// HTTP: one keep-alive pool, a socket per client

type Reply = { status: number; body: Buffer; error?: string };

let agent = new http.Agent({ keepAlive: true });

function send(
  base: string,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<Reply> {
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers:
          body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
        response.on("error", (error) =>
          resolve({ status: 0, body: Buffer.alloc(0), error: error.message }),
        );
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`timeout after ${REQUEST_TIMEOUT_MS} ms`)),
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: Buffer.alloc(0), error: error.code ?? error.message }),
    );
    request.end(body);
  });
}

function json<T>(reply: Reply): T {
  return JSON.parse(reply.body.toString("utf8")) as T;
}

// ---------------------------------------------------------------------------
// What the load reads and writes

type PostRef = { id: number; slug: string };
type Site = {
  posts: PostRef[];
  services: string[];
  searchWords: string[];
  edited: { id: number; content: string }[];
};

async function signIn(base: string): Promise<string> {
  const reply = await send(base, "POST", "/api/auth/demo", { accept: "application/json" });
  if (reply.status !== 200) {
    throw new Error(`POST /api/auth/demo answered ${reply.status}: ${reply.body.toString("utf8")}`);
  }
  return json<{ token: string }>(reply).token;
}

async function readSite(base: string, token: string): Promise<Site> {
  type Posts = { data: { posts: (PostRef & { title: string })[] } };
  const posts: (PostRef & { title: string })[] = [];
  for (let page = 1; page <= 2; page++) {
    posts.push(
      ...(await getJson<Posts>(`${base}/api/blog/posts?limit=50&page=${page}`)).data.posts,
    );
  }
  if (posts.length < EDITED_POSTS) throw new Error(`${base} has only ${posts.length} live posts`);
  type Services = { data: { slug: string }[] | { services: { slug: string }[] } };
  const servicesData = (await getJson<Services>(`${base}/api/services`)).data;
  const services = (Array.isArray(servicesData) ? servicesData : servicesData.services).map(
    (service) => service.slug,
  );
  // Search: the ten commonest longer words of the titles (a bounded set of URLs, as
  // a real site's searches mostly repeat).
  const counts = new Map<string, number>();
  for (const { title } of posts) {
    for (const word of new Set(title.toLowerCase().match(/\p{L}{5,}/gu))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const searchWords = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([word]) => word);
  const edited: Site["edited"] = [];
  for (const post of posts.slice(0, EDITED_POSTS)) {
    const reply = await send(base, "GET", `/api/blog/posts/id/${post.id}`, {
      authorization: `Bearer ${token}`,
      accept: "application/json",
    });
    if (reply.status !== 200) throw new Error(`GET /api/blog/posts/id/${post.id}: ${reply.status}`);
    edited.push({ id: post.id, content: json<{ data: { content: string } }>(reply).data.content });
  }
  return {
    posts: posts.map(({ id, slug }) => ({ id, slug })),
    services,
    searchWords: searchWords.length > 0 ? searchWords : ["post"],
    edited,
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A page of the public site, weighted roughly as visitors spread. */
function pagePath(site: Site): { name: string; path: string } {
  const roll = Math.random() * 100;
  if (roll < 15) return { name: "home", path: "/" };
  if (roll < 25) return { name: "blog", path: `/blog${pick(["", "", "?page=2", "?page=3"])}` };
  if (roll < 60) return { name: "post", path: `/blog/${pick(site.posts).slug}` };
  if (roll < 68) {
    return { name: "search", path: `/blog?search=${encodeURIComponent(pick(site.searchWords))}` };
  }
  if (roll < 76) return { name: "services", path: "/services" };
  if (roll < 82) return { name: "service", path: `/services/${pick(site.services)}` };
  if (roll < 88) return { name: "gallery", path: "/gallery" };
  if (roll < 94) return { name: "about", path: "/about" };
  return { name: "contact", path: "/contact" };
}

let uploadCount = 0;
let sharpLib: typeof import("sharp")["default"] | undefined;

/** A 96 × 64 PNG of a colour no earlier upload of this run had (uploads are content-hashed). */
async function generatedPng(): Promise<Buffer> {
  sharpLib ??= (await import("sharp")).default;
  const sharp = sharpLib;
  const n = ++uploadCount + Math.floor(Math.random() * 1000) * 16384;
  const background = { r: n & 255, g: (n >> 8) & 255, b: (n >> 16) & 255 };
  return sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

function multipart(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = `----soak${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------
// Measurements

type Outcome = "ok" | "refused" | "error";

function pushTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

class Tally {
  requests = 0;
  ok = 0;
  refused = 0;
  errors = 0;
  latencies = new Map<string, number[]>();
  /** "kind status" (status 0: no answer, with the client's error code) → count. */
  errorsBy = new Map<string, number>();
  refusedBy = new Map<string, number>();

  add(kind: string, ms: number, outcome: Outcome, detail: string) {
    this.requests++;
    pushTo(this.latencies, kind, ms);
    if (outcome === "ok") this.ok++;
    else if (outcome === "refused") {
      this.refused++;
      this.refusedBy.set(`${kind} ${detail}`, (this.refusedBy.get(`${kind} ${detail}`) ?? 0) + 1);
    } else {
      this.errors++;
      this.errorsBy.set(`${kind} ${detail}`, (this.errorsBy.get(`${kind} ${detail}`) ?? 0) + 1);
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type KindStats = { requests: number; p50Ms: number; p99Ms: number; maxMs: number };

function statsOf(latencies: number[] | undefined): KindStats | undefined {
  if (!latencies || latencies.length === 0) return undefined;
  const sorted = Float64Array.from(latencies).sort();
  const list = Array.from(sorted);
  return {
    requests: list.length,
    p50Ms: round(percentile(list, 50), 1),
    p99Ms: round(percentile(list, 99), 1),
    maxMs: round(list.at(-1)!, 1),
  };
}

type Sample = {
  seconds: number;
  rssMB: number;
  hwmMB: number;
  /** VmRSS split: anonymous memory (heaps), file-backed pages (code, mapped files), shared. */
  anonMB: number;
  fileMB: number;
  shmemMB: number;
  requests: number;
};

/** VmRSS, VmHWM and RssAnon/RssFile/RssShmem of a process in MB; undefined once it has exited. */
function memorySplit(pid: number): Omit<Sample, "seconds" | "requests"> | undefined {
  const memory = memoryOf(pid);
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const mb = (field: string) =>
    round(Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0) / 1024, 1);
  if (!memory) return undefined;
  return { ...memory, anonMB: mb("RssAnon"), fileMB: mb("RssFile"), shmemMB: mb("RssShmem") };
}
type MinuteRow = {
  minute: number;
  requests: number;
  errors: number;
  refused: number;
  kinds: Partial<Record<Kind, KindStats>>;
  rssMB: number | null;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const fmt = (stats: KindStats | undefined) =>
  stats ? `${stats.p50Ms.toFixed(stats.p50Ms < 10 ? 1 : 0)}/${stats.p99Ms.toFixed(0)}` : "-";

function minuteTable(rows: MinuteRow[]): string {
  const header = [
    "min",
    "requests",
    "req/s",
    "errors",
    "429",
    ...KINDS.map((k) => `${k} ms`),
    "RSS MB",
  ];
  const body = rows.map((row) => [
    String(row.minute),
    String(row.requests),
    (row.requests / 60).toFixed(0),
    String(row.errors),
    String(row.refused),
    ...KINDS.map((kind) => fmt(row.kinds[kind])),
    row.rssMB === null ? "-" : row.rssMB.toFixed(0),
  ]);
  return markdownTable(header, body);
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, 3, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = widths.map((width, i) =>
    i === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`,
  );
  return [line(header), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n");
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

// ---------------------------------------------------------------------------
// The run

async function takeHeapSnapshot(
  server: Server,
  dir: string,
  label: string,
): Promise<string | undefined> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(server.pid, "SIGUSR2");
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    await sleep(500);
    const added = fs
      .readdirSync(dir)
      .find((name) => !before.has(name) && name.endsWith(".heapsnapshot"));
    if (!added) continue;
    const file = path.join(dir, added);
    const size = fs.statSync(file).size;
    await sleep(1000);
    if (fs.statSync(file).size === size && size > 0) {
      const named = path.join(dir, `${label}-${added}`);
      fs.renameSync(file, named);
      console.log(`soak: heap snapshot ${path.relative(ROOT, named)}`);
      return named;
    }
  }
  console.log("soak: no heap snapshot appeared within 120 s");
  return undefined;
}

async function main() {
  installCleanup();
  const options = parseOptions();
  const checkout = describeCheckout("current", ROOT);
  await ensureBuild(checkout);
  const dataset = await freshDataset(options.database, options.posts);

  const heapDir = path.join(BENCH_TMP, "soak-heap");
  const nodeArgs = [...options.nodeArgs];
  if (options.heapSnapshots) {
    fs.mkdirSync(heapDir, { recursive: true });
    nodeArgs.push("--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapDir}`);
  }
  const server = await startServer(checkout, dataset, {
    logName: "soak",
    env: SOAK_ENV,
    nodeArgs,
    allowExec: true,
  });
  let serverExit: number | null | undefined;
  void server.exited.then((code) => {
    serverExit = code;
  });
  const base = server.url;
  if (!serverArgs(checkout, { allowExec: true }).some((arg) => arg.startsWith("build/"))) {
    console.log(
      "soak: warning: package.json's serve script is not `node … build/…`: running the sources",
    );
  }
  const command = [...nodeArgs, ...serverArgs(checkout, { allowExec: true })].join(" ");
  console.log(
    `soak: server ${base} (pid ${server.pid}, node ${command}), log ${path.relative(ROOT, server.logFile)}`,
  );

  agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const token = await signIn(base);
  const site = await readSite(base, token);
  const auth = { authorization: `Bearer ${token}`, accept: "application/json" };
  const atRest = memoryOf(server.pid);
  console.log(
    `soak: ${site.posts.length} posts read, ${site.edited.length} edited, ${site.services.length} services; RSS at rest ${atRest?.rssMB} MB`,
  );
  console.log(
    `soak: load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(
        " ",
      )}; ${options.minutes} min, ${options.connections} connections, mix ${MIX.map(([op, w]) => `${op} ${w}%`).join(", ")}; RSS every ${options.sampleSeconds} s\n`,
  );

  const total = new Tally();
  let minute = new Tally();
  const rows: MinuteRow[] = [];
  const samples: Sample[] = [];
  const soakPosts: number[] = [];
  let churnPending = 0;
  let edits = 0;
  let messages = 0;
  const runId = Date.now().toString(36);
  const pageStats = new Map<string, number[]>();

  function record(
    kind: Kind,
    started: number,
    reply: Reply,
    expected: number[],
    refusable = false,
  ) {
    const ms = performance.now() - started;
    let outcome: Outcome = "error";
    if (expected.includes(reply.status)) outcome = "ok";
    else if (reply.status === 429 && refusable) outcome = "refused";
    const detail = reply.status === 0 ? `no answer (${reply.error})` : String(reply.status);
    total.add(kind, ms, outcome, detail);
    minute.add(kind, ms, outcome, detail);
    if (outcome === "error" && total.errors <= 5) {
      console.log(`  error: ${kind} ${detail} ${reply.body.toString("utf8").slice(0, 200)}`);
    }
    return outcome;
  }

  async function operate(op: Operation) {
    const started = performance.now();
    switch (op) {
      case "page": {
        const page = pagePath(site);
        const reply = await send(base, "GET", page.path, { "accept-encoding": ACCEPT_ENCODING });
        record("page", started, reply, [200]);
        pushTo(pageStats, page.name, performance.now() - started);
        return;
      }
      case "views": {
        const post = pick(site.posts);
        const reply = await send(base, "GET", `/api/blog/posts/views/${post.id}`, {
          accept: "application/json",
        });
        record("views", started, reply, [200]);
        return;
      }
      case "contact": {
        const n = ++messages;
        const body = JSON.stringify({
          name: `Soak Visitor ${n}`,
          email: `visitor${n}@example.com`,
          subject: `Soak message ${n}`,
          message: `Hello, this is message ${n} of a soak run. `.repeat(4),
        });
        const reply = await send(
          base,
          "POST",
          "/api/contact",
          { "content-type": "application/json", accept: "application/json" },
          body,
        );
        record("contact", started, reply, [201]);
        return;
      }
      case "edit": {
        const post = pick(site.edited);
        const n = ++edits;
        const body = JSON.stringify({
          content: `${post.content}<p>Edited by the soak run, edit ${n}.</p>`,
          excerpt: `Edited by the soak run (edit ${n}).`,
        });
        const reply = await send(
          base,
          "PUT",
          `/api/blog/posts/${post.id}`,
          { ...auth, "content-type": "application/json" },
          body,
        );
        record("edit", started, reply, [200]);
        return;
      }
      case "churn": {
        if (soakPosts.length + churnPending >= CHURN_KEEP && soakPosts.length > 0) {
          const id = soakPosts.shift()!;
          const reply = await send(base, "DELETE", `/api/blog/posts/${id}`, auth);
          record("delete", started, reply, [200]);
          return;
        }
        churnPending++;
        const n = total.requests;
        const body = JSON.stringify({
          title: `Soak post ${runId} ${n}`,
          slug: `soak-${runId}-${n}-${Math.floor(Math.random() * 1e6)}`,
          excerpt: "A post the soak run creates and deletes again.",
          content: `<p>Created by the soak run.</p><p>${"Some words for the search index. ".repeat(20)}</p>`,
          status: "published",
          tags: ["soak"],
        });
        const reply = await send(
          base,
          "POST",
          "/api/blog/posts",
          { ...auth, "content-type": "application/json" },
          body,
        );
        churnPending--;
        if (record("create", started, reply, [201]) === "ok") {
          soakPosts.push(json<{ data: { id: number } }>(reply).data.id);
        }
        return;
      }
      case "upload": {
        const png = await generatedPng();
        const form = multipart("image", `soak-${uploadCount}.png`, "image/png", png);
        const begun = performance.now(); // the image is made before, not timed
        const reply = await send(
          base,
          "POST",
          "/api/upload",
          { ...auth, "content-type": form.contentType },
          form.body,
        );
        record("upload", begun, reply, [201], true);
        return;
      }
    }
  }

  function chooseOperation(): Operation {
    let roll = Math.random() * MIX_TOTAL;
    for (const [op, weight] of MIX) {
      roll -= weight;
      if (roll < 0) return op;
    }
    return "page";
  }

  const loadAverageAtStart = os.loadavg().map((n) => round(n, 2));
  const durationMs = options.minutes * 60_000;
  const start = performance.now();
  const end = start + durationMs;
  let stopping = false;
  const elapsed = () => (performance.now() - start) / 1000;

  function closeMinute() {
    const index = rows.length + 1;
    const inMinute = samples.filter(
      (s) => s.seconds > (index - 1) * 60 && s.seconds <= index * 60 + 1,
    );
    const kinds: MinuteRow["kinds"] = {};
    for (const kind of KINDS) {
      const stats = statsOf(minute.latencies.get(kind));
      if (stats) kinds[kind] = stats;
    }
    const row: MinuteRow = {
      minute: index,
      requests: minute.requests,
      errors: minute.errors,
      refused: minute.refused,
      kinds,
      rssMB: inMinute.at(-1)?.rssMB ?? null,
    };
    rows.push(row);
    minute = new Tally();
    const parts = KINDS.filter((k) => kinds[k]).map((k) => `${k} ${fmt(kinds[k])}`);
    console.log(
      `minute ${index}: ${row.requests} requests (${(row.requests / 60).toFixed(0)}/s), ${row.errors} errors, ${row.refused} × 429; p50/p99 ms: ${parts.join(", ")}; RSS ${row.rssMB} MB`,
    );
  }

  const snapshots: string[] = [];
  const sampler = (async () => {
    let nextSample = options.sampleSeconds;
    let nextMinute = 60;
    while (!stopping) {
      const waitUntil = Math.min(nextSample, nextMinute);
      await sleep(Math.max(0, start + waitUntil * 1000 - performance.now()));
      if (stopping) break;
      if (waitUntil === nextSample) {
        const memory = memorySplit(server.pid);
        if (memory) {
          const sample = { seconds: nextSample, ...memory, requests: total.requests };
          samples.push(sample);
          console.log(
            `  ${clock(nextSample)}  RSS ${memory.rssMB.toFixed(1)} MB (anon ${memory.anonMB.toFixed(1)}, file ${memory.fileMB.toFixed(1)}, shmem ${memory.shmemMB.toFixed(1)}; peak ${memory.hwmMB.toFixed(1)})  ${total.requests} requests  ${total.errors} errors  ${total.refused} × 429`,
          );
        }
        nextSample += options.sampleSeconds;
      }
      if (waitUntil === nextMinute) {
        if (nextMinute * 1000 <= durationMs) closeMinute();
        if (nextMinute === 60 && options.heapSnapshots) {
          const file = await takeHeapSnapshot(server, heapDir, "minute-1");
          if (file) snapshots.push(file);
        }
        nextMinute += 60;
      }
    }
  })();

  const clients = Array.from({ length: options.connections }, async () => {
    while (performance.now() < end && serverExit === undefined) {
      await operate(chooseOperation());
    }
  });
  await Promise.all(clients);
  const loadSeconds = elapsed();
  stopping = true;
  await sampler;
  if (serverExit !== undefined) {
    throw new Error(
      `the server exited during the soak (code ${serverExit}); see ${server.logFile}`,
    );
  }
  if (rows.length < options.minutes) closeMinute();

  if (options.heapSnapshots) {
    const file = await takeHeapSnapshot(server, heapDir, "end");
    if (file) snapshots.push(file);
  }
  await sleep(5000);
  const afterLoad = memoryOf(server.pid);
  agent.destroy();
  await server.stop(15_000);
  const exitCode = serverExit ?? (await server.exited);

  // --- the log: error-level lines (pino: level 50 error, 60 fatal)
  const logLines = fs.readFileSync(server.logFile, "utf8").split("\n");
  const logErrors = logLines.filter((line) => /"level":(50|60)\b/.test(line));

  // --- memory
  const load = samples.filter((s) => s.seconds <= loadSeconds + 1);
  const firstSamples = load.filter((s) => s.seconds > 60 && s.seconds <= 120);
  const lastSamples = load.filter((s) => s.seconds > options.minutes * 60 - 60);
  const firstMinute = firstSamples.map((s) => s.rssMB);
  const lastMinute = lastSamples.map((s) => s.rssMB);
  let memory: {
    afterFirstMinuteMB: number;
    endMB: number;
    growthMB: number;
    growthPercent: number;
    /** The same medians of RssAnon (the heaps: V8's and malloc's). */
    anonAfterFirstMinuteMB: number;
    anonEndMB: number;
    /** Least squares over the samples after 60 s. */
    slopeMBPerMinute: number;
    thresholdMB: number;
    grew: boolean;
  } | null = null;
  if (
    options.minutes >= 3 &&
    !options.heapSnapshots &&
    firstMinute.length > 0 &&
    lastMinute.length > 0
  ) {
    const after = round(median(firstMinute), 1);
    const endMB = round(median(lastMinute), 1);
    const growthMB = round(endMB - after, 1);
    const later = load.filter((s) => s.seconds > 60);
    const meanT = later.reduce((sum, s) => sum + s.seconds, 0) / later.length;
    const meanR = later.reduce((sum, s) => sum + s.rssMB, 0) / later.length;
    const slope =
      later.reduce((sum, s) => sum + (s.seconds - meanT) * (s.rssMB - meanR), 0) /
      later.reduce((sum, s) => sum + (s.seconds - meanT) ** 2, 0);
    const thresholdMB = Math.max(options.maxGrowthMB, (after * options.maxGrowthPercent) / 100);
    memory = {
      afterFirstMinuteMB: after,
      endMB,
      anonAfterFirstMinuteMB: round(median(firstSamples.map((s) => s.anonMB)), 1),
      anonEndMB: round(median(lastSamples.map((s) => s.anonMB)), 1),
      growthMB,
      growthPercent: round((growthMB / after) * 100, 1),
      slopeMBPerMinute: round(slope * 60, 2),
      thresholdMB: round(thresholdMB, 1),
      grew: growthMB > thresholdMB,
    };
  }

  // --- summary
  const kinds: Partial<Record<Kind, KindStats & { errors: number; refused: number }>> = {};
  for (const kind of KINDS) {
    const stats = statsOf(total.latencies.get(kind));
    if (!stats) continue;
    const count = (map: Map<string, number>) =>
      [...map].filter(([key]) => key.startsWith(`${kind} `)).reduce((sum, [, n]) => sum + n, 0);
    kinds[kind] = { ...stats, errors: count(total.errorsBy), refused: count(total.refusedBy) };
  }
  const pages: Record<string, KindStats> = {};
  for (const [name, list] of [...pageStats].sort()) pages[name] = statsOf(list)!;

  console.log(`\nPer minute (latency p50/p99 in ms; RSS: the last sample of the minute)\n`);
  console.log(minuteTable(rows));
  console.log(`\nTotals over ${loadSeconds.toFixed(0)} s\n`);
  console.log(
    markdownTable(
      ["kind", "requests", "errors", "429", "p50 ms", "p99 ms", "max ms"],
      KINDS.filter((k) => kinds[k])
        .map((kind) => {
          const k = kinds[kind]!;
          return [
            kind,
            String(k.requests),
            String(k.errors),
            String(k.refused),
            String(k.p50Ms),
            String(k.p99Ms),
            String(k.maxMs),
          ];
        })
        .concat([
          ["all", String(total.requests), String(total.errors), String(total.refused), "", "", ""],
        ]),
    ),
  );
  console.log(
    `\npages: ${Object.entries(pages)
      .map(([name, s]) => `${name} ${s.requests} (${s.p50Ms}/${s.p99Ms} ms)`)
      .join(", ")}`,
  );
  console.log(
    `errors: ${total.errors === 0 ? "none" : [...total.errorsBy].map(([key, n]) => `${key}: ${n}`).join(", ")}`,
  );
  console.log(
    `429s: ${total.refused === 0 ? "none" : [...total.refusedBy].map(([key, n]) => `${key}: ${n}`).join(", ")}`,
  );
  console.log(
    `server log: ${logErrors.length} error-level lines${logErrors.length > 0 ? `, first: ${logErrors[0]!.slice(0, 300)}` : ""}`,
  );
  console.log(
    `server exit after SIGTERM: ${exitCode}; RSS 5 s after the load ${afterLoad?.rssMB ?? "?"} MB, peak (VmHWM) ${afterLoad?.hwmMB ?? "?"} MB`,
  );
  console.log(
    `memory timeline (s: MB): ${samples.map((s) => `${s.seconds}: ${s.rssMB.toFixed(0)}`).join(", ")}`,
  );
  if (memory) {
    console.log(
      `RSS after the first minute (median of 60-120 s) ${memory.afterFirstMinuteMB} MB, at the end (median of the last minute) ${memory.endMB} MB; trend after minute 1 ${memory.slopeMBPerMinute} MB/min; anonymous (RssAnon) ${memory.anonAfterFirstMinuteMB} → ${memory.anonEndMB} MB`,
    );
    console.log(
      `memory after the first minute: grew ${memory.growthMB} MB (${memory.growthPercent}%)${memory.grew ? `: more than the ${memory.thresholdMB} MB allowed` : ` (allowed: ${memory.thresholdMB} MB)`}`,
    );
  } else {
    console.log(
      `memory after the first minute: not judged (${options.heapSnapshots ? "heap snapshots taken" : "needs --minutes 3 or more"})`,
    );
  }

  const serverErrors = [...total.errorsBy]
    .filter(([key]) => / 5\d\d$/.test(key))
    .reduce((s, [, n]) => s + n, 0);
  const failures: string[] = [];
  if (serverErrors > 0) failures.push(`${serverErrors} 5xx answers`);
  if (total.errors > serverErrors) failures.push(`${total.errors - serverErrors} other errors`);
  if (memory?.grew) failures.push(`memory grew ${memory.growthMB} MB after the first minute`);
  if (exitCode !== 0) failures.push(`the server exited with ${exitCode} after SIGTERM`);

  const output = {
    date: new Date().toISOString(),
    commit: checkout.commit,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGB: round(os.totalmem() / 2 ** 30, 1),
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((n) => round(n, 2)),
    },
    node: process.version,
    command,
    env: SOAK_ENV,
    options: { ...options, json: undefined },
    dataset: {
      database: dataset.database,
      posts: dataset.posts,
      dataDir: path.relative(ROOT, dataset.dataDir),
    },
    mix: Object.fromEntries(MIX),
    loadSeconds: round(loadSeconds, 1),
    totals: { requests: total.requests, errors: total.errors, refused: total.refused },
    errorsBy: Object.fromEntries(total.errorsBy),
    refusedBy: Object.fromEntries(total.refusedBy),
    kinds,
    pages,
    minutes: rows,
    samples,
    memory: {
      atRestMB: atRest?.rssMB,
      ...memory,
      afterLoadMB: afterLoad?.rssMB,
      peakHwmMB: afterLoad?.hwmMB,
    },
    serverLogErrors: logErrors.length,
    serverExitCode: exitCode,
    heapSnapshots: snapshots.map((file) => path.relative(ROOT, file)),
    failures,
  };
  fs.mkdirSync(path.dirname(options.json), { recursive: true });
  fs.writeFileSync(options.json, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), options.json)}`);
  console.log(failures.length === 0 ? "soak: passed" : `soak: FAILED: ${failures.join("; ")}`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
