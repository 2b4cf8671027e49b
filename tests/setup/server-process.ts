// The server as `npm start` runs it (the bundle in build/node), as a child
// process the test can signal, restart and kill.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inheritedEnv } from "#tests/setup/child-env.ts";
import { createSchema, dropSchema, TEST_DATABASE_URL } from "./databases.ts";
import { TEST_DB } from "./test-app.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/**
 * The pinned Node that runs the tests, for `server/cli/*.ts` run directly:
 * `npx node` resolves the same binary through npm, 0.6 s of CPU a command.
 * Each script's `npm run` wiring is still run once where its test is.
 */
export const NODE = process.execPath;

/** The Node flags of `npm start` (package.json), so the test runs what users run. */
function startFlags(): string[] {
  const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts;
  return (scripts.start as string).split(/\s+/).filter((part) => part.startsWith("--"));
}

export type ServerRun = ReturnType<typeof runServer>;

export function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...startFlags(), "build/node/main.js"], {
    cwd: ROOT,
    env: {
      ...inheritedEnv(),
      LOG_LEVEL: "warn",
      // One process unless a test asks for workers (the default is one per core).
      WORKERS: "1",
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: collectOutput(child) };
}

/** What a child process prints, as it comes: ask the answer for both so far. */
export function collectOutput(child: ChildProcessWithoutNullStreams) {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return () => ({ stdout, stderr });
}

/**
 * Asks `check` every 25 ms until it answers true (a check that throws counts
 * as false) or `ms` have passed; answers whether it came true.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 20_000,
): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** As `eventually`, but throws ("timed out waiting for `what`") when it does not come true. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  ms = 20_000,
  what = "a condition",
) {
  if (!(await eventually(check, ms))) throw new Error(`timed out waiting for ${what}`);
}

/** Waits for the "running at" line and returns the site's base URL. */
export async function siteUrl(run: ServerRun, ms = 30_000): Promise<string> {
  const pattern = /running at (http:\/\/\S+)/;
  await waitFor(() => pattern.test(run.output().stdout) || run.child.exitCode !== null, ms);
  const match = pattern.exec(run.output().stdout);
  if (!match) throw new Error(`the server did not start: ${run.output().stderr}`);
  return match[1]!;
}

/**
 * The environment of a site of the project's database: SQLite in `dataDir`, or
 * a PostgreSQL schema of its own (dropped by `cleanup`).
 */
export async function siteDatabase(dataDir: string) {
  const schema = TEST_DB === "postgres" ? `p_${randomBytes(5).toString("hex")}` : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (schema) {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set("options", `-c search_path=${schema}`);
    await createSchema(schema);
    env.DATABASE_URL = url.toString();
  }
  return {
    env,
    schema,
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema).catch(() => {});
    },
  };
}

/** A command run to its end in the repository: its exit code and what it printed. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...inheritedEnv(), ...env },
  });
  const output = collectOutput(child);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, ...output() })),
  );
}

/** The environment a command needs to reach a test app's data: its DATA_DIR and, on PostgreSQL, its schema. */
export function commandEnv(site: { dataDir: string; schema: string | undefined }) {
  const url = new URL(TEST_DATABASE_URL);
  if (site.schema) url.searchParams.set("options", `-c search_path=${site.schema}`);
  return { DATA_DIR: site.dataDir, DATABASE_URL: site.schema ? url.toString() : "" };
}

/**
 * Signs in to a running site through its API as a user would, and answers the
 * headers of that user's JSON calls (bearer token, JSON body). Any answer but
 * 200 fails the test with what the site said.
 */
export async function signInTo(url: string, credentials: { email: string; password: string }) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`Signing in as ${credentials.email} answered ${response.status}: ${body}`);
  }
  const { token } = JSON.parse(body) as { token: string };
  return { authorization: `Bearer ${token}`, "content-type": "application/json" };
}
