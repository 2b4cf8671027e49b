import { execSync } from "node:child_process";
import { ROOT, staleReason } from "../../scripts/build-sources.ts";
import { isPostgresReachable, TEST_SERVER_URL } from "./databases.ts";

/**
 * Before the integration suite: the server build must exist and be current
 * (page tests render it), and for the PostgreSQL project the server must answer.
 */
export default async function setup() {
  // Missing or older than a source: made again now, before any file runs. (A
  // test that runs `npm start` would otherwise make it in the middle of the
  // run, while other files load it.)
  const stale = staleReason();
  if (stale) {
    console.log(`Building the app for the tests (${stale})…`);
    // As `npm run build` from a shell: vitest sets NODE_ENV=test, which would
    // make development bundles (larger, and failing the public-bundles test).
    execSync("npm run build", {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  if (process.env.TEST_DB === "postgres" && !(await isPostgresReachable())) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_SERVER_URL}: start it or set TEST_DATABASE_URL`,
    );
  }
}
