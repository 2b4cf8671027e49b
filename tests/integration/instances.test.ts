import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/db/client.ts";
import { MIGRATION_NAMES } from "#server/db/migrate.ts";
import { createSchema } from "#tests/setup/databases.ts";
import { commandEnv, runServer, siteUrl } from "#tests/setup/server-process.ts";

/**
 * Several instances on one PostgreSQL database (each with its own DATA_DIR),
 * as behind a load balancer. PostgreSQL only: two SQLite sites never share a
 * database (the DATA_DIR lock refuses a second process, workers.test.ts).
 */
describe("instances on one PostgreSQL database", () => {
  it("started at the same moment on an empty database, migrate and seed it once and both serve", async () => {
    const schema = `i_${Date.now().toString(36)}`;
    await createSchema(schema);
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "beranda-instance-")));
    const runs = dirs.map((dataDir) =>
      runServer({
        PORT: "0",
        LOG_LEVEL: "info",
        DEMO_MODE: "false",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "A-long-passphrase-for-instances-7",
        ...commandEnv({ dataDir, schema }),
      }),
    );
    try {
      const urls = await Promise.all(runs.map((run) => siteUrl(run, 60_000)));
      for (const url of urls) {
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        expect((await fetch(`${url}/about`)).status).toBe(200);
      }
      // One of them migrated; the other found the work done (it may have waited for it).
      const logs = runs.map((run) => run.output().stdout);
      const migrated = logs.filter((log) => log.includes('"msg":"applied migrations"'));
      expect(migrated).toHaveLength(1);
      // Seeded once: one admin, the five footer services, one row per settings section.
      const config = loadConfig({
        ...commandEnv({ dataDir: dirs[0]!, schema }),
      });
      const handle = await openDb({ database: config.database, schema });
      try {
        const count = async (table: "users" | "services" | "settings" | "pages") =>
          Number(
            (
              await handle.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count("users")).toBe(1);
        expect(await count("services")).toBe(5);
        const sections = await handle.db.selectFrom("settings").select("section").execute();
        expect(new Set(sections.map((s) => s.section)).size).toBe(sections.length);
        const pages = await handle.db.selectFrom("pages").select("slug").execute();
        expect(new Set(pages.map((p) => p.slug)).size).toBe(pages.length);
        const names = await sql<{
          name: string;
        }>`select name from kysely_migration order by name`.execute(handle.db);
        expect(names.rows.map((row) => row.name)).toEqual([...MIGRATION_NAMES]);
      } finally {
        await handle.close();
      }
    } finally {
      for (const run of runs) run.child.kill("SIGKILL");
      await Promise.all(runs.map((run) => run.exited));
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
