import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "#server/boot.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { createRunDatabase, dumpSchema, migrateSchema } from "./databases.ts";

/**
 * The demo site, seeded once per run and database (its images and argon2
 * hashes made the seed take seconds), which every `createTestApp({ demoMode })`
 * then copies: the data directory as files, and on PostgreSQL the rows of the
 * template schema into the app's own freshly migrated schema
 * (tests/setup/test-app.ts). Plain apps are not copied: their migrate and
 * seed take tens of milliseconds, no more than a copy (docs/performance.md).
 */
export type DemoTemplate = { dataDir: string; schema: string | undefined };

/**
 * On PostgreSQL, the run's freshly migrated schema and its demo schema as SQL
 * (`dumpSchema`): a test app's schema is made by replaying one instead of
 * running the migrations (and copying the demo's rows) again.
 */
export type SchemaDumps = { migrated: string; demo: string };

declare module "vitest" {
  export interface ProvidedContext {
    demoTemplate: DemoTemplate | null;
    schemaDumps: SchemaDumps | null;
  }
}

export default async function setup(project: TestProject) {
  // The files with a module graph of their own (vitest.config.ts) make no demo
  // sites: no template to seed, a few seconds of the run's start saved.
  if (project.name.endsWith("-isolated")) {
    project.provide("demoTemplate", null);
    project.provide("schemaDumps", null);
    return;
  }
  const kind = project.name === "postgres" ? "postgres" : "sqlite";
  // PostgreSQL: the run's own database, made before the workers start (they
  // read its address from the environment) and dropped at the end with every
  // schema the tests made in it.
  const run = kind === "postgres" ? await createRunDatabase() : undefined;
  if (run) process.env.BERANDA_RUN_DATABASE_URL = run.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-template-"));
  const schema = kind === "postgres" ? "demo_template" : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_MODE: "true",
    LOG_LEVEL: "silent",
    ...(run ? { DATABASE_URL: run.url } : {}),
  });
  const { handle } = await prepareDatabase(config, createLogger("silent"), { schema });
  await handle.close();
  project.provide("demoTemplate", { dataDir, schema });
  project.provide("schemaDumps", run && schema ? await dumpTemplates(run.url, schema) : null);
  return async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!run) return;
    delete process.env.BERANDA_RUN_DATABASE_URL;
    await run.drop();
  };
}

/** The dumps of a migrated schema and of the demo's; null without pg_dump. */
async function dumpTemplates(url: string, demoSchema: string): Promise<SchemaDumps | null> {
  const migratedSchema = "migrated_template";
  await migrateSchema(migratedSchema, url);
  const [migrated, demo] = await Promise.all([
    dumpSchema(migratedSchema, url),
    dumpSchema(demoSchema, url),
  ]);
  return migrated && demo ? { migrated, demo } : null;
}
