// `npm test`: every check the project has, in one command. Runs them all and
// exits non-zero if any failed, so one red step does not hide another.
//
// The steps overlap as far as their inputs allow (docs/performance.md, "The
// test suite"): lint and the build together; then the type check, the
// unit + integration suite and the browser suite together, since the two
// suites need the build and spend much of their time waiting on databases,
// the browser and the server. Each step's output goes to tmp/test-logs and is
// printed whole when the step ends, so parallel output never interleaves.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isPostgresReachable, TEST_SERVER_URL } from "#tests/setup/databases.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const results: { name: string; ok: boolean; note?: string }[] = [];
const LOG_DIR = path.resolve("tmp/test-logs");
fs.mkdirSync(LOG_DIR, { recursive: true });
const runStarted = Date.now();
// Node's compile cache for every process of the run (the tests' own commands
// and servers pass it on: tests/setup/child-env.ts): a module is compiled once
// a run, not once a process. The run's start empties it, so each run is timed
// from the same cold start (docs/performance.md, "Test schemas from a dump;
// Node's compile cache").
const COMPILE_CACHE = path.resolve("tmp/node-compile-cache");
fs.rmSync(COMPILE_CACHE, { recursive: true, force: true });
process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE;

function run(name: string, command: string): Promise<boolean> {
  console.log(`━━ start ${name}: ${command}`);
  const started = Date.now();
  const logFile = path.join(LOG_DIR, `${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.log`);
  const log = fs.openSync(logFile, "w");
  return new Promise((resolve) => {
    const child = spawn(command, { stdio: ["ignore", log, log], shell: true });
    child.on("close", (status) => {
      fs.closeSync(log);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = status === 0;
      console.log(`\n━━ ${ok ? "done" : "FAILED"} ${name} (${seconds}s): ${command}`);
      process.stdout.write(fs.readFileSync(logFile, "utf8"));
      results.push({ name, ok, note: `${seconds}s` });
      resolve(ok);
    });
  });
}

const postgres = await isPostgresReachable();
if (!postgres) {
  const line = `PostgreSQL is NOT reachable at ${TEST_SERVER_URL}: the PostgreSQL integration tests cannot run.`;
  console.warn(`\n${"!".repeat(line.length)}\n${line}\n${"!".repeat(line.length)}\n`);
  if (ci)
    results.push({ name: "postgres", ok: false, note: "unreachable (required when CI=true)" });
}

const lint = run("lint", "npm run lint");
const chromium = run("chromium", "node scripts/ensure-chromium.ts");
const built = await run("build", "npm run build");
const checks: Promise<boolean>[] = [lint, run("typecheck", "npm run typecheck")];
if (built) {
  checks.push(
    run(
      postgres ? "unit + integration (SQLite and PostgreSQL)" : "unit + integration (SQLite only)",
      `npx vitest run --project unit --project 'sqlite*'${postgres ? " --project 'postgres*'" : ""}`,
    ),
  );
  if (await chromium) checks.push(run("browser (e2e)", "npx playwright test"));
}
await Promise.all(checks);

console.log("\n━━ summary");
for (const r of results)
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}${r.note ? ` (${r.note})` : ""}`);
if (!built) console.log("FAIL the tests did not run: the build failed");
console.log(`(${((Date.now() - runStarted) / 1000).toFixed(1)}s in all)`);
if (!postgres && !ci) console.warn("WARNING: PostgreSQL tests were skipped (server unreachable).");
process.exit(built && results.every((r) => r.ok) ? 0 : 1);
