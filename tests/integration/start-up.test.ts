import fs from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/db/client.ts";
import { commandEnv, runServer } from "#tests/setup/server-process.ts";
import { createTestApp } from "#tests/setup/test-app.ts";

const FUTURE = "2099_01_01_0001_from_a_newer_version";

describe("start-up against a database a newer version upgraded", () => {
  it("refuses to start, names the migration, and changes nothing", async () => {
    const first = await createTestApp();
    const reuse = { dataDir: first.dataDir, schema: first.schema };
    await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
      first.db,
    );
    const migrations = async () =>
      (
        await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          first.db,
        )
      ).rows;
    const before = await migrations();
    const settingsBefore = await first.db.selectFrom("settings").selectAll().execute();
    await first.close({ keep: true });

    // The server as started by `npm start`: one line and exit code 1.
    const run = runServer({ PORT: "0", ...commandEnv(reuse) });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^beranda: cannot open the (SQLite|PostgreSQL) database: /);
    expect(lines[0]).toContain(
      `the database was upgraded by a newer version of Beranda (migration ${FUTURE}, unknown to this version)`,
    );

    // In-process too, and the database is as it was.
    await expect(createTestApp({ reuse })).rejects.toThrow(/newer version of Beranda/);
    const config = loadConfig({
      ...commandEnv(reuse),
      LOG_LEVEL: "silent",
    });
    const handle = await openDb({ database: config.database, schema: reuse.schema });
    try {
      expect(
        (
          await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
            handle.db,
          )
        ).rows,
      ).toEqual(before);
      expect(await handle.db.selectFrom("settings").selectAll().execute()).toEqual(settingsBefore);
    } finally {
      await handle.close();
      fs.rmSync(reuse.dataDir, { recursive: true, force: true });
    }
  });
});
