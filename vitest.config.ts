import { defineConfig } from "vitest/config";

const integration = (name: "sqlite" | "postgres") => ({
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    env: { TEST_DB: name, CHECK_RESPONSES: "1" },
    globalSetup: ["tests/setup/global-setup.ts", "tests/setup/database-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Both cores (vitest's default leaves one free): the integration files
    // spend much of their time waiting on PostgreSQL, child processes and I/O.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // public-bundles reads the client build: made first when missing.
          globalSetup: ["tests/setup/global-setup.ts"],
        },
      },
      integration("sqlite"),
      integration("postgres"),
    ],
  },
});
