import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { backup } from "#server/maintenance/backup.ts";
import { moveUploads } from "#server/maintenance/move-uploads.ts";
import { restore } from "#server/maintenance/restore.ts";
import { exportSite } from "#server/maintenance/transfer-export.ts";
import { importSite } from "#server/maintenance/transfer-import.ts";
import { createAccount, pngImage, uploadImage } from "#tests/factories/index.ts";
import { startS3Server } from "#tests/setup/s3-server.ts";
import { commandEnv, NODE, runCommand } from "#tests/setup/server-process.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

/** Upload files (not folders) under DATA_DIR/uploads. */
function diskFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, "uploads");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/** Uploads a picture through the API; answers the names of the file and its variants. */
async function uploadPicture(t: TestApp, color: string): Promise<string[]> {
  const { token } = await createAccount(t, "admin");
  const data = await uploadImage(t, token, await pngImage(1000, 700, color), "picture.png");
  const row = await t.db
    .selectFrom("uploads")
    .select(["file_name", "variants"])
    .where("id", "=", data.id)
    .executeTakeFirstOrThrow();
  const variants = (JSON.parse(row.variants) as { file: string }[]).map((v) => v.file);
  return [row.file_name, ...variants].sort();
}

async function expectServed(t: TestApp, names: string[]) {
  for (const name of names) {
    expect((await t.request(`/uploads/${name}`)).status, name).toBe(200);
  }
}

async function tarEntries(file: string): Promise<string[]> {
  const entries: string[] = [];
  await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
  return entries;
}

describe("uploads across stores: move, backup and restore, export and import", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-stores-"));
  const bucket = (name: string) =>
    s3.storeUrl("beranda-files", `${TEST_DB}-${process.pid}-${name}`);

  beforeAll(async () => {
    s3 = await startS3Server(["beranda-files"]);
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("npm run uploads:move moves the files local → database → S3 → local, served after each", async () => {
    let t = await createTestApp();
    const site = { dataDir: t.dataDir, schema: t.schema };
    const reopen = (env: Record<string, string>) => createTestApp({ env, reuse: site });
    try {
      const names = await uploadPicture(t, "#8a2be2");
      expect(diskFiles(site.dataDir)).toEqual(names);
      await t.close({ keep: true });

      // The command, as an operator runs it (the site stopped).
      const env: NodeJS.ProcessEnv = { ...process.env, ...commandEnv(site), LOG_LEVEL: "silent" };
      delete env.UPLOAD_STORE;
      const moved = await runCommand(NODE, ["server/cli/uploads-move.ts", "--to", "database"], env);
      expect(moved.stderr.split("\n").filter((l) => l.startsWith("uploads:move:"))).toEqual([]);
      expect(moved.code).toBe(0);
      expect(moved.stdout).toContain(`Copied ${names.length} uploaded files from`);
      expect(moved.stdout).toContain("Set UPLOAD_STORE=database");
      expect(diskFiles(site.dataDir)).toEqual([]);

      t = await reopen({ UPLOAD_STORE: "database" });
      expect((await t.services.uploadStore.list()).map((f) => f.key)).toEqual(names);
      await expectServed(t, names);
      await t.close({ keep: true });

      // database → S3, through the function the command calls.
      const config = loadConfig({
        DATA_DIR: site.dataDir,
        UPLOAD_STORE: "database",
        ...(TEST_DB === "postgres" ? { DATABASE_URL: commandEnv(site).DATABASE_URL } : {}),
      });
      const toS3 = await moveUploads(config, {
        schema: site.schema,
        to: loadConfig({ UPLOAD_STORE: bucket("moved") }).uploadStore,
      });
      expect(toS3).toMatchObject({ copied: names.length, present: 0, removed: names.length });

      t = await reopen({ UPLOAD_STORE: bucket("moved") });
      expect(await t.db.selectFrom("upload_files").select("key").execute()).toEqual([]);
      expect((await t.services.uploadStore.list()).map((f) => f.key)).toEqual(names);
      await expectServed(t, names);
      await t.close({ keep: true });

      // S3 → back to the disk, naming the store the files are in.
      const back = await moveUploads(config, {
        schema: site.schema,
        from: loadConfig({ UPLOAD_STORE: bucket("moved") }).uploadStore,
        to: { kind: "local" },
      });
      expect(back).toMatchObject({ copied: names.length, removed: names.length });
      expect(diskFiles(site.dataDir)).toEqual(names);

      // Refusals: the same store, an invalid one.
      await expect(
        moveUploads(config, { schema: site.schema, to: { kind: "database" } }),
      ).rejects.toThrow(/in that store already/);
      const invalid = await runCommand(NODE, ["server/cli/uploads-move.ts", "--to", "disk"], env);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toContain("uploads:move: --to must be local, database or s3://");

      t = await reopen({});
      await expectServed(t, names);
    } finally {
      await t.close();
    }
  });

  it("a backup of the database store holds its files and restores onto an S3 store, and back", async () => {
    const source = await createTestApp({ env: { UPLOAD_STORE: "database" } });
    let sourceOpen = true;
    let target: TestApp | undefined;
    try {
      const names = await uploadPicture(source, "#228b22");
      const file = path.join(scratch, `backup-${TEST_DB}.tar.gz`);
      const made = await backup(source.config, { file, schema: source.schema });
      expect(made.manifest.uploads.files).toBe(names.length);
      expect(made.manifest.tables.upload_files).toBe(0);
      const entries = await tarEntries(file);
      for (const name of names) expect(entries).toContain(`uploads/${name}`);

      target = await createTestApp({ env: { UPLOAD_STORE: bucket("restored") } });
      const site = { dataDir: target.dataDir, schema: target.schema };
      await target.close({ keep: true });
      await restore(target.config, file, { schema: site.schema, force: true });
      target = await createTestApp({ env: { UPLOAD_STORE: bucket("restored") }, reuse: site });
      expect((await target.services.uploadStore.list()).map((f) => f.key)).toEqual(names);
      expect(diskFiles(site.dataDir)).toEqual([]);
      await expectServed(target, names);

      // And the S3 site's own backup holds the files from the bucket.
      const again = await backup(target.config, {
        file: path.join(scratch, `backup-s3-${TEST_DB}.tar.gz`),
        schema: site.schema,
      });
      expect(again.manifest.uploads.files).toBe(names.length);

      // That archive back onto the database store's site.
      const sourceSite = { dataDir: source.dataDir, schema: source.schema };
      await source.close({ keep: true });
      sourceOpen = false;
      await restore(source.config, again.file, { schema: sourceSite.schema, force: true });
      const back = await createTestApp({ env: { UPLOAD_STORE: "database" }, reuse: sourceSite });
      try {
        expect((await back.services.uploadStore.list()).map((f) => f.key)).toEqual(names);
        expect(diskFiles(sourceSite.dataDir)).toEqual([]);
        await expectServed(back, names);
      } finally {
        await back.close();
      }
    } finally {
      if (sourceOpen) await source.close();
      await target?.close();
    }
  });

  it("an export of the S3 store holds its files and imports into the database store", async () => {
    const source = await createTestApp({ env: { UPLOAD_STORE: bucket("exported") } });
    let target: TestApp | undefined;
    try {
      const names = await uploadPicture(source, "#dc143c");
      const exported = await exportSite(source.config, { output: scratch, schema: source.schema });
      expect(exported.uploadFiles).toBe(names.length);
      const entries = await tarEntries(exported.file);
      for (const name of names) expect(entries).toContain(`uploads/${name}`);

      target = await createTestApp({ env: { UPLOAD_STORE: "database" } });
      const site = { dataDir: target.dataDir, schema: target.schema };
      await target.close({ keep: true });
      const result = await importSite(target.config, exported.file, { schema: site.schema });
      expect(result.uploadFiles).toBe(names.length);
      expect(result.missingUploadFiles).toEqual([]);
      target = await createTestApp({ env: { UPLOAD_STORE: "database" }, reuse: site });
      expect((await target.services.uploadStore.list()).map((f) => f.key)).toEqual(names);
      expect(diskFiles(site.dataDir)).toEqual([]);
      await expectServed(target, names);
    } finally {
      await source.close();
      await target?.close();
    }
  });
});
