// Shared by bench/run.ts and bench/pages.ts: building a checkout, generating or
// reusing a dataset, starting a server as a tracked child process, free ports,
// raw HTTP requests, and killing everything we started on any kind of exit.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The checkout these scripts live in. */
export const ROOT = path.resolve(import.meta.dirname, "..");
/** Everything the benchmarks write: datasets, logs, nginx files, results. */
export const BENCH_TMP = path.join(ROOT, "tmp", "bench");
/** PostgreSQL server for `--database postgres` (trust auth, one database per dataset). */
export const PG_SERVER = process.env.BENCH_PG_URL ?? "postgres://127.0.0.1:5432";

export type Database = "sqlite" | "postgres";

export type Checkout = {
  /** "current" for this checkout, "baseline" for `--baseline DIR`. */
  label: string;
  dir: string;
  /** Short commit, with "+dirty" when the work tree has changes. */
  commit: string;
};

export function describeCheckout(label: string, dir: string): Checkout {
  const abs = path.resolve(dir);
  if (!fs.existsSync(path.join(abs, "server", "main.ts"))) {
    throw new Error(`${abs} is not a Beranda checkout (no server/main.ts)`);
  }
  let commit = "unknown";
  try {
    commit = git(abs, ["rev-parse", "--short", "HEAD"]);
    if (git(abs, ["status", "--porcelain", "--untracked-files=no"]) !== "") commit += "+dirty";
  } catch {
    // not a git checkout: keep "unknown"
  }
  return { label, dir: abs, commit };
}

function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
}

// ---------------------------------------------------------------------------
// Child processes: every long-lived child is spawned detached (its own process
// group) and tracked, so that exit, Ctrl-C or an error kills it with its children.

const groups = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Short-lived children in our own process group (wrk, builds): killed on exit too. */
const plain = new Set<ChildProcess>();

export function killAllChildren(): void {
  for (const pid of groups) killGroup(pid, "SIGKILL");
  groups.clear();
  for (const child of plain) child.kill("SIGKILL");
  plain.clear();
}

let cleanupInstalled = false;
/** Kill tracked children on exit, Ctrl-C, SIGTERM and uncaught errors. */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on("exit", killAllChildren);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\nbench: ${signal}, stopping the processes it started`);
      killAllChildren();
      process.exit(130);
    });
  }
}

export type Tracked = {
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
};

export function spawnTracked(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile?: string },
): Tracked {
  const out = options.logFile ? fs.openSync(options.logFile, "a") : "ignore";
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", out, out],
  });
  if (typeof out === "number") fs.closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  groups.add(pid);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      groups.delete(pid);
      resolve(code);
    });
  });
  return {
    child,
    pid,
    exited,
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(pid, "SIGTERM");
      const timer = setTimeout(() => killGroup(pid, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      killGroup(pid, "SIGKILL"); // anything the main process left behind in its group
    },
  };
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = { cwd: ROOT },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
    });
    plain.add(child);
    let output = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      output += chunk;
      if (!options.quiet) process.stdout.write(chunk);
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      plain.delete(child);
      if (code === 0) resolve(output);
      else {
        const tail = options.quiet ? `\n${output.trim().split("\n").slice(-15).join("\n")}` : "";
        reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? code})${tail}`));
      }
    });
  });
}

export function hasCommand(name: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/sbin"]) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/** Finds `binary`, installing the Debian `packages` with apt-get when it is missing. */
export async function requireDebianTool(binary: string, packages: string[]): Promise<string> {
  const found = hasCommand(binary);
  if (found) return found;
  const install = `apt-get update && apt-get install -y ${packages.join(" ")}`;
  const root = process.getuid?.() === 0;
  if (root || hasCommand("sudo")) {
    console.log(`bench: ${binary} is missing, running: ${install}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const aptGet = (args: string[]) =>
      root
        ? run("apt-get", args, { cwd: ROOT, env })
        : run("sudo", ["apt-get", ...args], { cwd: ROOT, env });
    try {
      await aptGet(["update"]);
      await aptGet(["install", "-y", ...packages]);
    } catch (error) {
      console.error(`bench: ${(error as Error).message}`);
    }
    const installed = hasCommand(binary);
    if (installed) return installed;
  }
  throw new Error(`${binary} is required: install it with \`${install}\` (as root)`);
}

// ---------------------------------------------------------------------------
// Ports and HTTP

const handedOut = new Set<number>();

/** A free TCP port on 127.0.0.1 in 3300-3399 (the range reserved for benchmarks). */
export async function freePort(): Promise<number> {
  const start = 3300 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3300 + ((start - 3300 + i) % 100);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error("no free port in 3300-3399");
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET without a connection pool or automatic decompression: the bytes as sent. */
export function httpGet(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await httpGet(url, { accept: "application/json" });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return JSON.parse(response.body.toString("utf8")) as T;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------
// Build and dataset

/**
 * Builds a checkout when needed: its `scripts/ensure-build.ts` when it has one
 * (builds only when the build is missing or older than the sources), else
 * `npm run build` (always for this checkout; for another one only when it has no build).
 */
export async function ensureBuild(checkout: Checkout): Promise<void> {
  const ensure = path.join(checkout.dir, "scripts", "ensure-build.ts");
  if (fs.existsSync(ensure)) {
    const output = await run(process.execPath, [ensure], { cwd: checkout.dir, quiet: true });
    const first = output.trim().split("\n")[0];
    if (first) console.log(`bench: ${first}`);
    return;
  }
  const built = fs.existsSync(path.join(checkout.dir, "build", "server", "index.js"));
  if (checkout.dir !== ROOT && built) return;
  console.log(`bench: building ${checkout.dir}`);
  await run("npm", ["run", "build", "--silent"], { cwd: checkout.dir, quiet: true });
}

export type Dataset = {
  database: Database;
  posts: number;
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl?: string;
};

const MARKER = ".bench-dataset.json";

/**
 * A dataset of `posts` posts for `checkout`, generated with that checkout's own
 * generator (`npm run bench:data`, with either the `--posts N --data-dir DIR` CLI or
 * the older positional count and DATA_DIR), or reused when it was generated before.
 * Datasets live in tmp/bench/<database>-<posts> (baseline: base-<commit>-<database>-<posts>).
 */
export async function ensureDataset(
  checkout: Checkout,
  database: Database,
  posts: number,
): Promise<Dataset> {
  const key =
    checkout.dir === ROOT
      ? `${database}-${posts}`
      : `base-${checkout.commit.replace(/\W+/g, "_")}-${database}-${posts}`;
  const dataDir = path.join(BENCH_TMP, key);
  const dataset: Dataset = { database, posts, dataDir };
  if (database === "postgres") {
    dataset.databaseUrl = `${PG_SERVER}/beranda_bench_${key.replace(/\W+/g, "_").toLowerCase()}`;
  }
  if (fs.existsSync(path.join(dataDir, MARKER))) {
    console.log(`bench: reusing the dataset in ${path.relative(ROOT, dataDir)}`);
    return dataset;
  }

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (dataset.databaseUrl) await recreatePostgresDatabase(dataset.databaseUrl);

  const generator = path.join(checkout.dir, "bench", "generate-dataset.ts");
  const source = fs.readFileSync(generator, "utf8");
  const args = source.includes("--posts")
    ? ["--posts", String(posts), "--data-dir", dataDir]
    : [String(posts)];
  console.log(`bench: generating ${posts} posts (${database}) in ${path.relative(ROOT, dataDir)}`);
  const started = performance.now();
  await run("npm", ["run", "--silent", "bench:data", "--", ...args], {
    cwd: checkout.dir,
    env: serverEnv(dataset, { LOG_LEVEL: "warn" }),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`bench: dataset ready in ${seconds.toFixed(1)} s`);
  fs.writeFileSync(
    path.join(dataDir, MARKER),
    JSON.stringify({ ...dataset, generator: checkout.commit, seconds }, null, 2),
  );
  return dataset;
}

/** Drops and creates the database of `url` on PG_SERVER (bench/soak.ts: a fresh site each run). */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const { default: pg } = await import("pg");
  process.env.PGUSER = pgUser(); // the connection string's missing user overrides a `user` option
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`cannot reach PostgreSQL at ${PG_SERVER}: ${(error as Error).message}`);
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** libpq's default user is the login name, which some environments leave out of the env. */
function pgUser(): string {
  return process.env.PGUSER || process.env.USER || os.userInfo().username;
}

/** The server's environment: ours replaces anything inherited that would change it. */
export function serverEnv(dataset: Dataset, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "PAGE_CACHE",
    "PUBLIC_URL",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "NODE_OPTIONS",
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: "production",
    DATA_DIR: dataset.dataDir,
    HOST: "127.0.0.1",
    DEMO_MODE: "true",
    LOG_LEVEL: "info",
    ...extra,
  });
  if (dataset.databaseUrl) {
    env.DATABASE_URL = dataset.databaseUrl;
    env.PGUSER = pgUser();
  }
  return env;
}

// ---------------------------------------------------------------------------
// The server

export type Server = Tracked & { url: string; port: number; logFile: string; startMs: number };

/**
 * Starts a checkout's server (see serverArgs) on this Node (Node 24), on a free port,
 * logging at info level to a file, and waits for the first 200 from /healthz.
 */
export async function startServer(
  checkout: Checkout,
  dataset: Dataset,
  options: {
    pageCache?: "on" | "off";
    logName: string;
    /** More environment for the server (bench/soak.ts: raised per-client limits). */
    env?: Record<string, string>;
    /** Node options put before the checkout's own (bench/soak.ts: --heapsnapshot-signal). */
    nodeArgs?: string[];
    /** Read an `exec node …` script as `node …` too (see serverArgs). */
    allowExec?: boolean;
  },
): Promise<Server> {
  const port = await freePort();
  const logDir = path.join(BENCH_TMP, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${options.logName}.log`);
  fs.writeFileSync(logFile, "");
  const extra: Record<string, string> = { ...options.env, PORT: String(port) };
  if (options.pageCache === "off") extra.PAGE_CACHE = "off";
  const started = performance.now();
  const args = [
    ...(options.nodeArgs ?? []),
    ...serverArgs(checkout, { allowExec: options.allowExec }),
  ];
  const tracked = spawnTracked(process.execPath, args, {
    cwd: checkout.dir,
    env: serverEnv(dataset, extra),
    logFile,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthy(url, tracked, logFile);
  return { ...tracked, url, port, logFile, startMs: performance.now() - started };
}

/**
 * Node's arguments for the server, as the checkout's `serve` script has them (for
 * example `node --max-semi-space-size=8 build/node/main.js`), so that the benchmark
 * runs what production runs; `server/main.ts` when that script is not a plain
 * `node …` command. With `allowExec` (bench/soak.ts), an `exec node …` script (what
 * package.json has had since `npm start` passes signals to node) counts as `node …`;
 * without it such a script still gives `server/main.ts`, as before.
 */
export function serverArgs(checkout: Checkout, _options: { allowExec?: boolean } = {}): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(checkout.dir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const script = manifest.scripts?.serve ?? manifest.scripts?.start ?? "";
  const words = script.trim().split(/\s+/);
  // `exec node …` (the script hands signals to the server): the same command.
  if (words[0] === "exec") words.shift();
  const [command, ...args] = words;
  if (command !== "node" || args.length === 0 || /["'$&|;<>`]/.test(script)) {
    return ["server/main.ts"];
  }
  return args;
}

async function waitForHealthy(url: string, tracked: Tracked, logFile: string): Promise<void> {
  let exited = false;
  void tracked.exited.then(() => {
    exited = true;
  });
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (exited) {
      const log = fs.readFileSync(logFile, "utf8").trim().split("\n").slice(-10).join("\n");
      throw new Error(`the server exited during start; the end of ${logFile}:\n${log}`);
    }
    try {
      if ((await httpGet(`${url}/healthz`, {}, 2000)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  await tracked.stop();
  throw new Error(`no 200 from ${url}/healthz within 60 s (see ${logFile})`);
}

/** VmRSS (current) and VmHWM (peak since start) of a process in MB; undefined once it has exited. */
export function memoryOf(pid: number): { rssMB: number; hwmMB: number } | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1]);
  if (Number.isNaN(kb("VmRSS"))) return undefined; // a zombie has no memory lines
  return { rssMB: round(kb("VmRSS") / 1024, 1), hwmMB: round(kb("VmHWM") / 1024, 1) };
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export type Discovered = { postSlug: string; searchWord: string; serviceSlug: string };

/**
 * The newest live post, a search word (the word of five letters or more found in most
 * of the ten newest titles, so the search has several hits) and a service, read
 * from the server's public API.
 */
export async function discover(url: string): Promise<Discovered> {
  type Posts = { data: { posts: { slug: string; title: string }[] } };
  type Services = { data: { slug: string }[] | { services: { slug: string }[] } };
  const posts = (await getJson<Posts>(`${url}/api/blog/posts?limit=10`)).data.posts;
  const post = posts[0];
  if (!post) throw new Error(`${url} has no published posts: is the dataset empty?`);
  const counts = new Map<string, number>();
  for (const { title } of posts) {
    for (const word of new Set(title.toLowerCase().match(/\p{L}{5,}/gu))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const [searchWord = "post"] = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  const services = (await getJson<Services>(`${url}/api/services`)).data;
  const list = Array.isArray(services) ? services : services.services;
  const serviceSlug = list[0]?.slug;
  if (!serviceSlug) throw new Error(`${url} has no services`);
  return { postSlug: post.slug, searchWord, serviceSlug };
}

export function timestamp(): string {
  return new Date()
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d+Z$/, "Z");
}

export function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new Error(`--${name} must be a positive whole number, not ${JSON.stringify(value)}`);
  }
  return number;
}
