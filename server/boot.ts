import fs from "node:fs";
import type { Config } from "./config.ts";
import { type DbHandle, openDb } from "./db/client.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { withPrepareLock } from "./db/prepare-lock.ts";
import { ensurePrivateDir } from "./db/private-files.ts";
import type { Logger } from "./logger.ts";
import { type SeedResult, seedDatabase } from "./seed/index.ts";

/** Opens the database, brings the schema up to date and seeds what is missing. */
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  options: {
    schema?: string;
    /** false: open only (a worker, whose primary migrated and seeded). */
    migrate?: boolean;
    /**
     * A maintenance command (import, admin:create) beside a site it cannot see
     * the mode of: the demo accounts stay as they are (`seedDatabase`).
     */
    command?: boolean;
  } = {},
): Promise<{ handle: DbHandle; seed: SeedResult }> {
  ensurePrivateDir(config.dataDir);
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const handle = await openDb({
    database: config.database,
    schema: options.schema,
    lockTimeoutMs: config.dbLockTimeoutMs,
  });
  if (options.migrate === false) return { handle, seed: { demoAdmin: null, createdAdmin: null } };
  try {
    const seed = await withPrepareLock(
      handle.db,
      async () => {
        const applied = await migrateToLatest(handle.db);
        if (applied.length) logger.info({ migrations: applied }, "applied migrations");
        return seedDatabase(handle.db, config, logger, { command: options.command });
      },
      {
        onWait: () => logger.info("waiting for another instance to migrate and seed the database"),
      },
    );
    return { handle, seed };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
