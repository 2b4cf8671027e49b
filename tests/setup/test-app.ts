import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createApp } from "#server/app.ts";
import { prepareDatabase } from "#server/boot.ts";
import { loadConfig } from "#server/config.ts";
import { LOCK_FILE_NAME } from "#server/db/data-dir-lock.ts";
import { createLogger } from "#server/logger.ts";
import { loadPageHandler, type PageHandler } from "#server/ssr.ts";
import type { SchemaDumps } from "./database-templates.ts";
import {
  copySchemaRows,
  dropSchema,
  migrateSchema,
  restoreSchemaDump,
  TEST_DATABASE_URL,
} from "./databases.ts";

export const TEST_DB = (process.env.TEST_DB ?? "sqlite") as "sqlite" | "postgres";

let pages: Promise<PageHandler> | undefined;

export type TestAppOptions = {
  demoMode?: boolean;
  env?: Record<string, string>;
  /** Reopen the database of an earlier app (a restart). */
  reuse?: { dataDir: string; schema: string | undefined };
  /** The clock sessions are judged by (move it instead of sleeping). */
  now?: () => Date;
  /**
   * As a visitor who comes after the page cache re-rendered what a change
   * staled (default): each request first waits for its background renders.
   * false: requests come at once (and nothing is re-rendered ahead of them),
   * to see stale answers.
   */
  settle?: boolean;
};

/**
 * The whole server, in-process, on a fresh database: a temporary SQLite file,
 * or a schema of its own on the test PostgreSQL server.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = options.reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "beranda-test-"));
  const schema =
    options.reuse?.schema ??
    (TEST_DB === "postgres" ? `t_${randomBytes(6).toString("hex")}` : undefined);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_MODE: options.demoMode ? "true" : "false",
    LOG_LEVEL: "silent",
    // Pages render again as soon as a change stales them (a test may set its own).
    PAGE_CACHE_MIN_RENDER_SECONDS: "0",
    ...(TEST_DB === "postgres" ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...options.env,
  });
  const logger = createLogger(config.logLevel);
  const template = inject("demoTemplate");
  const dumps = inject("schemaDumps");
  const fromTemplate = options.demoMode && !options.reuse && template && !options.env?.DATA_DIR;
  if (fromTemplate) {
    await copyDemoTemplate(template, { dataDir, schema, database: config.database, dumps });
  } else if (dumps && schema && !options.reuse && config.database.kind === "postgres") {
    // Migrated as the migrations would, in one round trip; the seed follows.
    await restoreSchemaDump(dumps.migrated, schema, config.database.url);
  }
  const { handle, seed } = await prepareDatabase(config, logger, { schema }).catch(
    async (error) => {
      if (schema && !options.reuse) await dropSchema(schema).catch(() => {});
      throw error;
    },
  );
  pages ??= loadPageHandler();
  const {
    app,
    fetch: handleRequest,
    services,
    cache,
  } = createApp({
    config,
    db: handle.db,
    writes: handle.writes,
    logger,
    pages: await pages,
    now: options.now,
    rewarm: options.settle !== false,
  });
  const settle = options.settle !== false;

  async function request(url: string, init: RequestInit = {}) {
    if (settle) {
      cache?.checkHorizon();
      await cache?.idle();
    }
    // As the server does: the page cache in front, then the app.
    return handleRequest(new Request(new URL(url, "http://localhost"), init));
  }

  return {
    app,
    config,
    db: handle.db,
    services,
    /** The page cache (null with PAGE_CACHE=off). */
    cache,
    seed,
    request,
    json: async (url: string, init: RequestInit = {}) => {
      const response = await request(url, init);
      return { status: response.status, body: (await response.json()) as any, response };
    },
    dataDir,
    schema,
    /** Closes the database; with `keep` the data stays for a reopen. */
    async close({ keep = false }: { keep?: boolean } = {}) {
      // Background renders of stale pages (and the re-warm queue) end first:
      // left running, they query a database that is closed or dropped, and
      // fail in whichever test file the worker runs next.
      await cache?.idle();
      await services.posts.close();
      await services.uploadStore.close();
      await handle.close();
      if (keep) return;
      if (schema) await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new demo site as a copy of the run's seeded one (tests/setup/database-templates.ts):
 * its files, and on PostgreSQL its schema from the demo's dump (or, without
 * pg_dump, its rows into this app's freshly migrated schema).
 * The seed that follows finds the demo already made and adds only what the
 * app's own settings ask for (an ADMIN_EMAIL account, say), as on a restart.
 */
async function copyDemoTemplate(
  template: { dataDir: string; schema: string | undefined },
  target: {
    dataDir: string;
    schema: string | undefined;
    database: ReturnType<typeof loadConfig>["database"];
    dumps: SchemaDumps | null;
  },
) {
  fs.cpSync(template.dataDir, target.dataDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== LOCK_FILE_NAME,
  });
  if (!template.schema || !target.schema || target.database.kind !== "postgres") return;
  if (target.dumps) {
    await restoreSchemaDump(target.dumps.demo, target.schema, target.database.url);
    return;
  }
  await migrateSchema(target.schema, target.database.url);
  await copySchemaRows(template.schema, target.schema, target.database.url);
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
