// `npm test`: every check the project has, in one command. Runs them all and
// exits non-zero if any failed, so one red step does not hide another.
import { spawnSync } from "node:child_process";
import { isPostgresReachable, TEST_DATABASE_URL } from "../tests/setup/databases.ts";

const ci = process.env.CI === "true" || process.env.CI === "1";
const results: { name: string; ok: boolean; note?: string }[] = [];

function run(name: string, command: string) {
  console.log(`\n━━ ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { stdio: "inherit", shell: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, note: `${seconds}s` });
}

const postgres = await isPostgresReachable();
if (!postgres) {
  const line = `PostgreSQL is NOT reachable at ${TEST_DATABASE_URL}: the PostgreSQL integration tests cannot run.`;
  console.warn(`\n${"!".repeat(line.length)}\n${line}\n${"!".repeat(line.length)}\n`);
  if (ci)
    results.push({ name: "postgres", ok: false, note: "unreachable (required when CI=true)" });
}

run("typecheck", "npm run typecheck");
run("lint", "npm run lint");
run("build", "npm run build");
run(
  postgres ? "unit + integration (SQLite and PostgreSQL)" : "unit + integration (SQLite only)",
  `npx vitest run --project unit --project sqlite${postgres ? " --project postgres" : ""}`,
);
run("browser (e2e)", "node scripts/ensure-chromium.ts && npx playwright test");

console.log("\n━━ summary");
for (const r of results)
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}${r.note ? ` (${r.note})` : ""}`);
if (!postgres && !ci) console.warn("WARNING: PostgreSQL tests were skipped (server unreachable).");
process.exit(results.every((r) => r.ok) ? 0 : 1);
