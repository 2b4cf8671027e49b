import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "#server/boot.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { dropSchema, TEST_DATABASE_URL } from "./databases.ts";

/**
 * The demo site, seeded once per run and database (its images and argon2
 * hashes made the seed take seconds), which every `createTestApp({ demoMode })`
 * then copies: the data directory as files, and on PostgreSQL the rows of the
 * template schema into the app's own freshly migrated schema
 * (tests/setup/test-app.ts). Plain apps are not copied: their migrate and
 * seed take tens of milliseconds, no more than a copy (docs/performance.md).
 */
export type DemoTemplate = { dataDir: string; schema: string | undefined };

declare module "vitest" {
  export interface ProvidedContext {
    demoTemplate: DemoTemplate | null;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.name === "postgres" ? "postgres" : "sqlite";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-template-"));
  const schema = kind === "postgres" ? `tpl_${process.pid}_${Date.now().toString(36)}` : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_MODE: "true",
    LOG_LEVEL: "silent",
    ...(kind === "postgres" ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
  });
  const { handle } = await prepareDatabase(config, createLogger("silent"), { schema });
  await handle.close();
  project.provide("demoTemplate", { dataDir, schema });
  // Schemas the tests are done with are dropped here, at the end (see dropSchema).
  const drops =
    kind === "postgres" ? path.join(dataDir, "..", `${path.basename(dataDir)}-drops`) : "";
  if (drops) {
    fs.writeFileSync(drops, "");
    process.env.BERANDA_TEST_SCHEMA_DROPS = drops;
  }
  return async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!drops) return;
    delete process.env.BERANDA_TEST_SCHEMA_DROPS;
    const names = new Set(fs.readFileSync(drops, "utf8").split("\n").filter(Boolean));
    if (schema) names.add(schema);
    for (const name of names) await dropSchema(name).catch(() => {});
    fs.rmSync(drops, { force: true });
  };
}
