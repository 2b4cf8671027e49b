import { defineConfig } from "vitest/config";

/**
 * Integration files that test the HTTP layer, the renderer or the image
 * pipeline and nothing the two databases do differently (their data goes
 * through the same services that every other file tests on both): they run on
 * SQLite only (docs/architecture.md, "Tests"). Every data test runs on both.
 */
const DATABASE_AGNOSTIC = [
  "tests/integration/body-limits.test.ts",
  "tests/integration/host-and-headers.test.ts",
  "tests/integration/html-validity.test.ts",
  "tests/integration/images.test.ts",
  "tests/integration/lean-pages.test.ts",
  "tests/integration/page-failures.test.ts",
  "tests/integration/process.test.ts",
  "tests/integration/api/upload-limits.test.ts",
];

/** Integration files about what only PostgreSQL does: several instances on one database. */
const POSTGRES_ONLY = [
  "tests/integration/instances.test.ts",
  "tests/integration/deploy.test.ts",
  "tests/integration/upload-stores-instances.test.ts",
];

/**
 * Files that replace a module (`vi.mock`): they need a module graph of their
 * own. Every other integration file shares its worker's modules with the files
 * before it (`isolate: false`): the server is loaded once per worker instead of
 * once per file, which was a fifth of the suite's time (docs/performance.md).
 */
const OWN_MODULES = ["tests/integration/api/sign-in-work.test.ts"];

const integration = (database: "sqlite" | "postgres", isolated = false) => ({
  test: {
    name: isolated ? `${database}-isolated` : database,
    include: isolated ? OWN_MODULES : ["tests/integration/**/*.test.ts"],
    exclude: [
      ...(database === "postgres" ? DATABASE_AGNOSTIC : POSTGRES_ONLY),
      ...(isolated ? [] : OWN_MODULES),
    ],
    isolate: isolated,
    environment: "node",
    // React's production build, as the server runs it (vitest sets NODE_ENV=test,
    // which loads React's development build: slower, and not what ships).
    env: { TEST_DB: database, CHECK_RESPONSES: "1", NODE_ENV: "production" },
    globalSetup: ["tests/setup/global-setup.ts", "tests/setup/database-templates.ts"],
    // Generous: a file may share the machine with the browser suite and the
    // other database's files, and this machine's speed varies fourfold from
    // day to day (docs/performance.md). Speed is measured in bench/, not here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Both cores (vitest's default leaves one free): the integration files
    // spend much of their time waiting on PostgreSQL, child processes and I/O.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // The unit files share their workers' modules (none replaces a module; the one
          // that stubs fetch unstubs it after each test): a fork per file cost twice the
          // project's CPU (docs/performance.md, "The unit files in shared workers, one type checker").
          isolate: false,
          // public-bundles reads the client build: made first when missing.
          globalSetup: ["tests/setup/global-setup.ts"],
        },
      },
      integration("sqlite"),
      integration("sqlite", true),
      integration("postgres"),
      integration("postgres", true),
    ],
  },
});
