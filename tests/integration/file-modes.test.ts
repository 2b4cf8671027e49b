// Who may read what the site writes: the data folder, the database and every
// backup or export hold password hashes, sessions and contact messages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { backup } from "#server/maintenance/backup.ts";
import { restore } from "#server/maintenance/restore.ts";
import { exportSite } from "#server/maintenance/transfer-export.ts";
import { importSite } from "#server/maintenance/transfer-import.ts";
import { createAccounts, createPost, unique } from "#tests/factories/index.ts";
import { createSchema, dropSchema, TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** The SQLite database of a DATA_DIR and the files SQLite keeps beside it. */
const databaseFiles = (dataDir: string) =>
  ["beranda.db", "beranda.db-wal", "beranda.db-shm"]
    .map((name) => path.join(dataDir, name))
    .filter((file) => fs.existsSync(file));

describe("file modes under umask 022", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-modes-"));
  const schemas: string[] = [];
  let umask: number;
  let t: TestApp | undefined;

  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(async () => {
    process.umask(umask);
    for (const schema of schemas) await dropSchema(schema).catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** A DATA_DIR that does not exist yet (nor its parent), and its own PostgreSQL schema. */
  async function freshSite() {
    const dataDir = path.join(root, unique("site"), "data");
    const schema = TEST_DB === "postgres" ? `m_${unique("s").replace(/-/g, "_")}` : undefined;
    if (schema) {
      schemas.push(schema);
      await createSchema(schema);
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(schema ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    });
    return { dataDir, schema, config };
  }

  it("a started site: DATA_DIR 0700, the database and its -wal/-shm files 0600", async () => {
    const site = await freshSite();
    const lock = lockDataDir(site.dataDir);
    expect(modeOf(site.dataDir)).toBe("700");
    expect(modeOf(path.join(site.dataDir, "beranda.lock"))).toBe("600");
    lock.release();

    t = await createTestApp({ reuse: { dataDir: site.dataDir, schema: site.schema } });
    const a = await createAccounts(t);
    await createPost(t, a.admin.token, { title: "Written to the database" });
    expect(modeOf(site.dataDir)).toBe("700");
    const files = databaseFiles(site.dataDir);
    if (TEST_DB === "sqlite") {
      expect(files.map((file) => path.basename(file))).toEqual([
        "beranda.db",
        "beranda.db-wal",
        "beranda.db-shm",
      ]);
    }
    for (const file of files) expect(modeOf(file), file).toBe("600");

    // Without the lock first (tests, tools): the same folder mode.
    const other = await freshSite();
    const second = await createTestApp({ reuse: { dataDir: other.dataDir, schema: other.schema } });
    try {
      expect(modeOf(other.dataDir)).toBe("700");
    } finally {
      await second.close();
    }
  });

  it("backups (and the folder made for them) and exports are readable by their owner only", async () => {
    const site = await freshSite();
    t = await createTestApp({ reuse: { dataDir: site.dataDir, schema: site.schema } });
    const a = await createAccounts(t);
    await createPost(t, a.admin.token, { title: "In every archive" });

    const folder = path.join(root, unique("backups"));
    const made = await backup(t.config, { file: `${folder}/`, schema: t.schema });
    expect(modeOf(folder)).toBe("700");
    expect(modeOf(made.file)).toBe("600");
    const named = await backup(t.config, { file: path.join(root, unique("b")), schema: t.schema });
    expect(modeOf(named.file)).toBe("600");

    const archive = await exportSite(t.config, { output: root, schema: t.schema });
    expect(modeOf(archive.file)).toBe("600");
    const json = await exportSite(t.config, {
      output: path.join(root, `${unique("e")}.json`),
      jsonOnly: true,
      schema: t.schema,
    });
    expect(modeOf(json.file)).toBe("600");
    await t.close();
    t = undefined;

    // A restore onto a new machine and an import into a new site make the same modes.
    const restored = await freshSite();
    await restore(restored.config, made.file, { schema: restored.schema });
    expect(modeOf(restored.dataDir)).toBe("700");
    for (const file of databaseFiles(restored.dataDir)) expect(modeOf(file), file).toBe("600");
    // Restoring over it keeps the replaced site in a before-restore archive: private too.
    const again = await restore(restored.config, named.file, { schema: restored.schema });
    expect(again.safetyCopy).toBeTruthy();
    expect(modeOf(again.safetyCopy!)).toBe("600");
    for (const file of databaseFiles(restored.dataDir)) expect(modeOf(file), file).toBe("600");

    const imported = await freshSite();
    await importSite(imported.config, archive.file, { schema: imported.schema });
    expect(modeOf(imported.dataDir)).toBe("700");
    const importedFiles = databaseFiles(imported.dataDir);
    if (TEST_DB === "sqlite") expect(importedFiles.length).toBeGreaterThan(0);
    for (const file of importedFiles) expect(modeOf(file), file).toBe("600");
  });
});
