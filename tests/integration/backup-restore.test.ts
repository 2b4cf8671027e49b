import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "#server/config.ts";
import { openDb } from "#server/db/client.ts";
import { backup, type Manifest } from "#server/maintenance/backup.ts";
import { restore } from "#server/maintenance/restore.ts";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createGalleryCategory,
  createGalleryImage,
  createPost,
  createService,
  createTag,
  del,
  expectOk,
  get,
  imageForm,
  login,
  post,
  put,
  sendContactMessage,
  unique,
} from "#tests/factories/index.ts";
import { dropSchema, TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import { NODE, runCommand } from "#tests/setup/server-process.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENV = { CONTACT_RATE_LIMIT: "off", REGISTER_RATE_LIMIT: "off" };

type Rows = Record<string, string[]>;

/** Every row of every table in the site's database (FTS shadow tables included), sorted. */
async function readTables(config: Config, schema: string | undefined): Promise<Rows> {
  const tables: Rows = {};
  if (config.database.kind === "sqlite") {
    // node:sqlite itself: FTS shadow tables hold integers beyond a JS number.
    const db = new DatabaseSync(config.database.file);
    try {
      const names = db
        .prepare(
          `select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL%'`,
        )
        .all();
      for (const { name } of names) {
        const statement = db.prepare(`select * from "${String(name)}"`);
        statement.setReadBigInts(true);
        tables[String(name)] = statement
          .all()
          .map((row) =>
            JSON.stringify(row, (_key, value) =>
              typeof value === "bigint" ? value.toString() : value,
            ),
          )
          .sort();
      }
    } finally {
      db.close();
    }
    return tables;
  }
  const handle = await openDb({ database: config.database, schema });
  try {
    const names = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db);
    for (const { name } of names.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        handle.db,
      );
      tables[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
    }
    return tables;
  } finally {
    await handle.close();
  }
}

/** The database's definitions: tables, indexes, triggers, constraints and where sequences stand. */
async function readSchema(config: Config, schema: string | undefined): Promise<string[]> {
  if (config.database.kind === "sqlite") {
    const db = new DatabaseSync(config.database.file);
    try {
      return db
        .prepare("select type, name, tbl_name, sql from sqlite_master order by type, name")
        .all()
        .map((row) => JSON.stringify(row));
    } finally {
      db.close();
    }
  }
  const handle = await openDb({ database: config.database, schema });
  try {
    const parts = await sql<{ item: string }>`
      select 'index ' || indexname || ': ' || replace(indexdef, current_schema() || '.', '') as item
        from pg_indexes where schemaname = current_schema()
      union all
      select 'constraint ' || conrelid::regclass::text || '.' || conname || ': ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = current_schema()::regnamespace
      union all
      select 'column ' || table_name || '.' || column_name || ': ' || data_type || ' ' ||
             coalesce(column_default, '') || ' ' || is_nullable || ' ' || coalesce(generation_expression, '')
        from information_schema.columns where table_schema = current_schema()
      union all
      select 'sequence ' || sequencename || ': ' || coalesce(last_value::text, 'unused')
        from pg_sequences where schemaname = current_schema()`.execute(handle.db);
    return parts.rows.map((row) => row.item).sort();
  } finally {
    await handle.close();
  }
}

/** Every file under the uploads folder: relative path → bytes (base64). */
function readFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = fs.readFileSync(full).toString("base64");
  }
  return files;
}

async function png(seed: number) {
  return sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: seed, g: 90, b: 200 - seed } },
  })
    .png()
    .toBuffer();
}

/** Content of every kind, made through the API as people make it. */
async function makeContent(t: TestApp, a: Accounts) {
  const image = await post(t, "/upload", {
    token: a.admin.token,
    body: imageForm(await png(10), "team.png", "image/png"),
  });
  expectOk(image, 201);
  const second = await post(t, "/upload", {
    token: a.author.token,
    body: imageForm(await png(60), "office.png", "image/png"),
  });
  expectOk(second, 201);
  const category = await createCategory(t, a.admin.token);
  const tag = await createTag(t, a.editor.token);
  const article = await createPost(t, a.editor.token, {
    title: "Quarterly harbour report",
    categories: [category.name],
    tags: [tag.name, "logistics"],
    featured_image: image.body.data.url,
    isFeatured: true,
  });
  const draft = await createPost(t, a.author.token, {
    status: "draft",
    content: "<p>Not yet.</p>",
  });
  expectOk(
    await post(t, `/blog/posts/${draft.id}/preview-links`, { token: a.author.token, body: {} }),
    201,
  );
  const renamed = unique("renamed");
  expectOk(
    await put(t, `/blog/posts/${article.id}`, { token: a.admin.token, body: { slug: renamed } }),
  );
  await createService(t, a.admin.token, { description: "Port logistics" });
  const album = await createGalleryCategory(t, a.admin.token);
  await createGalleryImage(t, a.admin.token, {
    url: second.body.data.url,
    category_id: album.id,
    alt: "Our office",
  });
  expectOk(
    await put(t, "/settings/general", {
      token: a.admin.token,
      body: { siteTitle: "Harbour & Co", contactEmail: "hello@harbour.example" },
    }),
  );
  expectOk(
    await post(t, "/users", {
      token: a.admin.token,
      body: {
        username: unique("staff").replace(/-/g, "_"),
        email: `${unique("staff")}@example.com`,
        first_name: "New",
        last_name: "Staff",
        password: "Long-enough-42",
        role: "editor",
      },
    }),
    201,
  );
  await sendContactMessage(t, { subject: "Quote request", message: "How much for a container?" });
  return { slug: renamed, imageUrl: image.body.data.url as string };
}

/** Contact messages sent one after another until stopped; `acked` in the order the API said 201. */
function startWriter(t: TestApp) {
  const acked: string[] = [];
  let stop = false;
  const done = (async () => {
    for (let i = 0; !stop; i++) {
      const subject = `live-${String(i).padStart(5, "0")}`;
      await sendContactMessage(t, { subject });
      acked.push(subject);
      // In-process SQLite answers without I/O: let timers and the backup run between requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  let failure: unknown;
  done.catch((error) => {
    failure = error;
  });
  return {
    acked,
    async waitFor(count: number) {
      while (acked.length < count) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async stop() {
      stop = true;
      await done;
    },
  };
}

/** The live-* subjects of the restored contact messages, in order. */
function liveSubjects(tables: Rows): string[] {
  return (tables.contact_messages ?? [])
    .map((row) => JSON.parse(row).subject as string)
    .filter((subject) => subject.startsWith("live-"))
    .sort();
}

/** The tables without the rows the live writer made (its messages and their mails). */
function withoutLive(tables: Rows): Rows {
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      rows.filter((row) => !row.includes("live-0")),
    ]),
  );
}

/** The environment the CLI needs to reach this test app's data. */
function cliEnv(t: TestApp): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  if (TEST_DB === "postgres") {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set("options", `-c search_path=${t.schema}`);
    env.DATABASE_URL = url.toString();
  }
  return env;
}

const run = runCommand;

/** The CLI's own error lines (npm's warnings about the environment left out). */
const ownLines = (stderr: string, name: string) =>
  stderr.split("\n").filter((line) => line.startsWith(`${name}:`));

async function writeArchive(file: string, entries: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-fake-"));
  try {
    for (const [name, text] of Object.entries(entries)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    await tar.c({ gzip: true, cwd: dir, file }, Object.keys(entries));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-backups-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("backup and restore", () => {
  let t: TestApp;
  let a: Accounts;
  let content: Awaited<ReturnType<typeof makeContent>>;
  let archive: string;
  let manifest: Manifest;
  let atBackup: Rows;
  let schemaAtBackup: string[];
  let filesAtBackup: Record<string, string>;
  let acked: string[];
  let ackedBeforeBackup: number;
  let changed: Rows;
  let filesChanged: Record<string, string>;
  let safetyCopy: string | null;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    a = await createAccounts(t);
    content = await makeContent(t, a);
  });
  afterAll(() => t?.close());

  it("backs up while the site writes, and restore brings back every table and file as of then", async () => {
    atBackup = await readTables(t.config, t.schema);
    // Every table of ours has rows, so the comparison below covers each of them.
    for (const table of [
      "users",
      "sessions",
      "categories",
      "tags",
      "posts",
      "post_categories",
      "post_tags",
      "services",
      "gallery_categories",
      "gallery_images",
      "team_members",
      "preview_links",
      "settings",
      "contact_messages",
      "uploads",
      "slug_redirects",
      "audit_logs",
      "mail_outbox",
      "revisions",
      "kysely_migration",
    ]) {
      expect(atBackup[table]?.length, table).toBeGreaterThan(0);
    }
    filesAtBackup = readFiles(t.config.uploadsDir);
    expect(Object.keys(filesAtBackup).length).toBeGreaterThanOrEqual(2);
    schemaAtBackup = await readSchema(t.config, t.schema);

    const writer = startWriter(t);
    await writer.waitFor(3);
    ackedBeforeBackup = writer.acked.length;
    archive = path.join(scratch, "site.tar.gz");
    const result = await backup(t.config, { file: archive, schema: t.schema });
    await writer.stop();
    acked = writer.acked;
    manifest = result.manifest;

    expect(result.file).toBe(archive);
    expect(fs.statSync(archive).size).toBe(result.bytes);
    expect(manifest.database).toBe(TEST_DB);
    expect(manifest.migrations).toEqual(
      atBackup.kysely_migration!.map((r) => JSON.parse(r).name).sort(),
    );
    expect(manifest.tables.posts).toBe(atBackup.posts!.length);
    expect(manifest.uploads.files).toBe(Object.keys(filesAtBackup).length);
    // Nothing but the archive is left beside it.
    expect(fs.readdirSync(scratch)).toEqual(["site.tar.gz"]);

    // The site goes on: a post deleted, settings changed, a file lost, a stray file added.
    expectOk(
      await del(t, `/blog/posts/${atBackup.posts!.map((r) => JSON.parse(r).id)[0]}`, {
        token: a.admin.token,
      }),
    );
    expectOk(
      await put(t, "/settings/general", { token: a.admin.token, body: { siteTitle: "Changed" } }),
    );
    fs.rmSync(path.join(t.config.uploadsDir, path.basename(content.imageUrl)));
    fs.writeFileSync(path.join(t.config.uploadsDir, "stray.txt"), "not in the backup");
    changed = await readTables(t.config, t.schema);
    filesChanged = readFiles(t.config.uploadsDir);
    await t.close({ keep: true });

    const restored = await restore(t.config, archive, { schema: t.schema });
    safetyCopy = restored.safetyCopy;
    expect(restored.manifest).toEqual(manifest);

    const after = await readTables(t.config, t.schema);
    // Every table exactly as at the backup, apart from the messages written during it …
    expect(withoutLive(after)).toEqual(withoutLive(atBackup));
    // … and those are one consistent moment: the messages acknowledged before the
    // backup began, then an unbroken run of the ones that followed.
    const live = liveSubjects(after);
    expect(live).toEqual(acked.slice(0, live.length));
    expect(live.length).toBeGreaterThanOrEqual(ackedBeforeBackup);
    expect(after.contact_messages!.length).toBe(manifest.tables.contact_messages);
    expect(readFiles(t.config.uploadsDir)).toEqual(filesAtBackup);
    // The same tables, indexes, triggers and constraints; sequences no further back.
    const schemaAfter = await readSchema(t.config, t.schema);
    const notSequence = (item: string) => !item.startsWith("sequence ");
    expect(schemaAfter.filter(notSequence)).toEqual(schemaAtBackup.filter(notSequence));
  });

  it("the restored site starts and serves its content, files and accounts", async () => {
    t = await createTestApp({ env: ENV, reuse: { dataDir: t.dataDir, schema: t.schema } });
    const page = await t.request(`/blog/${content.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Quarterly harbour report");
    const served = await t.request(content.imageUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString("base64")).toBe(
      filesAtBackup[path.basename(content.imageUrl)],
    );
    // The restored sessions and passwords work.
    expect(await login(t, a.admin.email, a.admin.password)).toBeTruthy();
    // Full-text search finds it (its index came back with the rows).
    const found = await get(t, "/blog/posts?search=harbour");
    expectOk(found);
    expect(found.body.data.posts.map((p: any) => p.slug)).toEqual([content.slug]);
    const settings = await t.json("/api/settings/general");
    expect(settings.body.data.siteTitle).toBe("Harbour & Co");
    // New rows get new ids (the sequences came back too).
    await sendContactMessage(t, { subject: "After restore" });
    await t.close({ keep: true });
  });

  it("keeps the replaced site in a before-restore archive, which restores it in turn", async () => {
    expect(safetyCopy).toBeTruthy();
    expect(path.dirname(safetyCopy!)).toBe(t.config.dataDir);
    expect(path.basename(safetyCopy!)).toMatch(/^before-restore-\d{8}-\d{6}\.tar\.gz$/);
    const undone = await restore(t.config, safetyCopy!, { schema: t.schema, force: true });
    expect(undone.safetyCopy).toBeNull();
    expect(await readTables(t.config, t.schema)).toEqual(changed);
    // Every picture; the stray file was kept in the archive but is no upload.
    const { "stray.txt": stray, ...pictures } = filesChanged;
    expect(stray).toBeDefined();
    expect(readFiles(t.config.uploadsDir)).toEqual(pictures);
    expect(undone.skippedUploadFiles).toEqual([
      { file: "stray.txt", reason: "not a name the upload pipeline gives" },
    ]);
    t = await createTestApp({ env: ENV, reuse: { dataDir: t.dataDir, schema: t.schema } });
  });
});

describe("restore refusals", () => {
  let t: TestApp;
  let archive: string;
  let before: Rows;
  let files: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    const a = await createAccounts(t);
    await makeContent(t, a);
    archive = path.join(scratch, "refusals.tar.gz");
    await backup(t.config, { file: archive, schema: t.schema });
    await createPost(t, a.admin.token, { title: "Written after the backup" });
    await t.close({ keep: true });
    before = await readTables(t.config, t.schema);
    files = readFiles(t.config.uploadsDir);
  });
  afterAll(async () => {
    if (t?.schema) await dropSchema(t.schema);
    if (t) fs.rmSync(t.dataDir, { recursive: true, force: true });
  });

  async function expectUntouched() {
    expect(await readTables(t.config, t.schema)).toEqual(before);
    expect(readFiles(t.config.uploadsDir)).toEqual(files);
    // No half-done work and no safety copy of a restore that never started.
    expect(
      fs.readdirSync(t.dataDir).filter((name) => /^(\.restore-|before-restore-)/.test(name)),
    ).toEqual([]);
  }

  it("refuses while a running site holds DATA_DIR", async () => {
    let holder: ChildProcess | undefined;
    try {
      holder = spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { lockDataDir } from ${JSON.stringify(path.join(ROOT, "server/db/data-dir-lock.ts"))};
           globalThis.held = lockDataDir(${JSON.stringify(t.dataDir)}); console.log("locked"); setInterval(() => {}, 1000);`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      await new Promise<void>((resolve, reject) => {
        holder!.stdout!.on("data", (chunk) => String(chunk).includes("locked") && resolve());
        holder!.on("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
      });
      await expect(restore(t.config, archive, { schema: t.schema })).rejects.toThrow(
        /is in use by another Beranda process/,
      );
      await expectUntouched();
    } finally {
      // Gone before the next test restores: the lock ends with the process.
      if (holder && holder.exitCode === null && holder.signalCode === null) {
        const exited = new Promise((resolve) => holder!.once("exit", resolve));
        holder.kill();
        await exited;
      }
    }
  });

  it("refuses an archive of the other database, naming both and pointing to export and import", async () => {
    const other = TEST_DB === "sqlite" ? "postgres" : "sqlite";
    const file = path.join(scratch, "other-kind.tar.gz");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-other-"));
    await tar.x({ file: archive, cwd: dir });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
    fs.writeFileSync(
      path.join(dir, "manifest.json"),
      JSON.stringify({ ...manifest, database: other }),
    );
    await tar.c({ gzip: true, cwd: dir, file }, fs.readdirSync(dir));
    fs.rmSync(dir, { recursive: true, force: true });

    const error = await restore(t.config, file, { schema: t.schema }).catch((e: Error) => e);
    const names = { sqlite: "SQLite", postgres: "PostgreSQL" };
    expect(String((error as Error).message)).toContain(
      `holds a ${names[other]} database but this site uses ${names[TEST_DB]}`,
    );
    expect((error as Error).message).toContain("npm run export");
    expect((error as Error).message).toContain("npm run import");
    await expectUntouched();
  });

  it("refuses garbage, an archive without a manifest, a newer format and a damaged archive", async () => {
    const garbage = path.join(scratch, "garbage.tar.gz");
    fs.writeFileSync(garbage, "this is not an archive at all\n".repeat(100));
    await expect(restore(t.config, garbage, { schema: t.schema })).rejects.toThrow(
      /is not a Beranda backup: it cannot be read as a \.tar\.gz archive/,
    );

    const bare = path.join(scratch, "bare.tar.gz");
    await writeArchive(bare, { "notes.txt": "hello" });
    await expect(restore(t.config, bare, { schema: t.schema })).rejects.toThrow(
      /is not a Beranda backup: it has no manifest\.json/,
    );

    const newer = path.join(scratch, "newer.tar.gz");
    await writeArchive(newer, {
      "manifest.json": JSON.stringify({ format: "beranda-backup", formatVersion: 99 }),
    });
    await expect(restore(t.config, newer, { schema: t.schema })).rejects.toThrow(
      /was made by a newer Beranda \(backup format 99/,
    );

    // A real archive whose database lost rows: the manifest's counts catch it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-damaged-"));
    await tar.x({ file: archive, cwd: dir });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
    manifest.tables.posts += 1;
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    const damaged = path.join(scratch, "damaged.tar.gz");
    await tar.c({ gzip: true, cwd: dir, file: damaged }, fs.readdirSync(dir));
    fs.rmSync(dir, { recursive: true, force: true });
    await expect(restore(t.config, damaged, { schema: t.schema })).rejects.toThrow(
      /is damaged: table posts has \d+ rows, its manifest says \d+/,
    );

    await expect(restore(t.config, path.join(scratch, "missing.tar.gz"))).rejects.toThrow(
      /does not exist/,
    );
    await expectUntouched();
  });
  /** The backup with its unpacked content changed by `change`, packed again. */
  async function crafted(name: string, change: (dir: string) => void) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-crafted-"));
    try {
      await tar.x({ file: archive, cwd: dir });
      change(dir);
      const file = path.join(scratch, name);
      await tar.c({ gzip: true, cwd: dir, file }, fs.readdirSync(dir));
      return file;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Where objects named `prefix…` exist: PostgreSQL tables in any schema, SQLite objects of the site's file. */
  async function planted(prefix: string): Promise<string[]> {
    if (t.config.database.kind === "sqlite") {
      const db = new DatabaseSync(t.config.database.file);
      try {
        return db
          .prepare("select type || ' ' || name as item from sqlite_master where name like ?")
          .all(`${prefix}%`)
          .map((row) => String(row.item));
      } finally {
        db.close();
      }
    }
    const handle = await openDb({ database: t.config.database, schema: t.schema });
    try {
      const found = await sql<{ item: string }>`
        select table_schema || '.' || table_name as item from information_schema.tables
         where table_name like ${`${prefix}%`}`.execute(handle.db);
      return found.rows.map((row) => row.item);
    } finally {
      await handle.close();
    }
  }

  it("refuses an archive whose database is not what Beranda's migrations make, running none of it", async () => {
    const prefix = unique("pwned").replace(/-/g, "_");
    type Variant = [label: string, change: (dir: string) => void];
    const variants: Variant[] =
      TEST_DB === "postgres"
        ? (() => {
            const editSchema = (edit: (schema: any) => void) => (dir: string) => {
              const file = path.join(dir, "database", "schema.json");
              const schema = JSON.parse(fs.readFileSync(file, "utf8"));
              edit(schema);
              fs.writeFileSync(file, JSON.stringify(schema));
            };
            const column = (schema: any, table: string, name: string) =>
              schema.tables
                .find((t: any) => t.name === table)
                .columns.find((c: any) => c.name === name);
            return [
              [
                "an index definition",
                editSchema((schema) => {
                  const index = schema.indexes.find((i: any) => i.name === "audit_logs_actor");
                  index.definition += `; CREATE TABLE ${prefix}_index (x integer)`;
                }),
              ],
              [
                "a column default",
                editSchema((schema) => {
                  column(schema, "kysely_migration_lock", "is_locked").expression =
                    `0); CREATE TABLE ${prefix}_default (x integer); CREATE TABLE ${prefix}_default_tail (y integer DEFAULT 0`;
                }),
              ],
              [
                "a column type",
                editSchema((schema) => {
                  column(schema, "audit_logs", "details").type =
                    `text); CREATE TABLE ${prefix}_type (x integer); CREATE TABLE ${prefix}_type_tail (y text`;
                }),
              ],
            ] satisfies Variant[];
          })()
        : (() => {
            const editDatabase = (statement: string) => (dir: string) => {
              const db = new DatabaseSync(path.join(dir, "database", "beranda.db"));
              try {
                db.exec(statement);
              } finally {
                db.close();
              }
            };
            return [
              [
                "a trigger",
                editDatabase(
                  `CREATE TRIGGER ${prefix}_trigger AFTER INSERT ON contact_messages
                   BEGIN UPDATE users SET role = 'admin', status = 'active'; END`,
                ),
              ],
              ["a view", editDatabase(`CREATE VIEW ${prefix}_view AS SELECT email FROM users`)],
              ["an index", editDatabase(`CREATE INDEX ${prefix}_index ON users (first_name)`)],
            ] satisfies Variant[];
          })();

    for (const [index, [label, change]] of variants.entries()) {
      const file = await crafted(`${prefix}-${index}.tar.gz`, change);
      await expect(restore(t.config, file, { schema: t.schema }), label).rejects.toThrow(
        /is refused: its database (has|lacks) .*Beranda's migrations \(up to \d{4}_\d\d_\d\d_\d{4}_\w+\) (do not make|make)\. Nothing was changed\./,
      );
      await expectUntouched();
      expect(await planted(prefix), label).toEqual([]);
    }

    // Migrations: one this version does not have, or ours with one left out.
    const manifest = (edit: (migrations: string[]) => void) => (dir: string) => {
      const file = path.join(dir, "manifest.json");
      const value = JSON.parse(fs.readFileSync(file, "utf8"));
      edit(value.migrations);
      fs.writeFileSync(file, JSON.stringify(value));
    };
    const newer = await crafted(
      `${prefix}-newer.tar.gz`,
      manifest((migrations) => migrations.push("2099_01_01_0001_from_the_future")),
    );
    await expect(restore(t.config, newer, { schema: t.schema })).rejects.toThrow(
      /was made by a newer Beranda: its database has migration 2099_01_01_0001_from_the_future, which this version does not know/,
    );
    const gap = await crafted(
      `${prefix}-gap.tar.gz`,
      manifest((migrations) => migrations.splice(1, 1)),
    );
    await expect(restore(t.config, gap, { schema: t.schema })).rejects.toThrow(
      /is damaged: its migrations are not Beranda's from the first on, in order/,
    );
    await expectUntouched();
  });
});

describe("restore of a crafted archive", () => {
  it("plants no script: post HTML is sanitised and only the pipeline's pictures come back", async () => {
    let t = await createTestApp({ env: ENV });
    try {
      const a = await createAccounts(t);
      const { slug } = await makeContent(t, a);
      const genuine = Object.keys(readFiles(t.config.uploadsDir)).sort();
      const archive = path.join(scratch, "to-craft.tar.gz");
      await backup(t.config, { file: archive, schema: t.schema });
      await t.close({ keep: true });

      // The issue's reproduction, as a backup: a script appended to a post,
      // an HTML page and a script among the uploads, a page named like a PNG.
      const planted = 'alert("planted by a backup")';
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-crafted-"));
      const file = path.join(scratch, "crafted-content.tar.gz");
      try {
        await tar.x({ file: archive, cwd: dir });
        const appended = `<script>${planted}</script><a href="javascript:${planted}">x</a>`;
        if (TEST_DB === "sqlite") {
          const db = new DatabaseSync(path.join(dir, "database", "beranda.db"));
          try {
            db.prepare("update posts set content = content || ? where slug = ?").run(
              appended,
              slug,
            );
            db.prepare("update pages set content = content || ? where slug = 'terms'").run(
              appended,
            );
          } finally {
            db.close();
          }
        } else {
          for (const [table, target] of [
            ["posts", slug],
            ["pages", "terms"],
          ] as const) {
            const rows = path.join(dir, "database", "tables", `${table}.jsonl`);
            const lines = fs
              .readFileSync(rows, "utf8")
              .trimEnd()
              .split("\n")
              .map((line) => {
                const row = JSON.parse(line);
                if (row.slug === target) row.content += appended;
                return JSON.stringify(row);
              });
            fs.writeFileSync(rows, `${lines.join("\n")}\n`);
          }
        }
        const crafted: Record<string, string> = {
          "evil.html": `<script>${planted}</script>`,
          "evil.js": planted,
          "0123456789abcdef0123.png": `<html><script>${planted}</script></html>`,
        };
        for (const [name, text] of Object.entries(crafted)) {
          fs.writeFileSync(path.join(dir, "uploads", name), text);
        }
        const manifestFile = path.join(dir, "manifest.json");
        const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
        manifest.uploads.files += Object.keys(crafted).length;
        fs.writeFileSync(manifestFile, JSON.stringify(manifest));
        await tar.c({ gzip: true, cwd: dir, file }, fs.readdirSync(dir));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }

      const result = await restore(t.config, file, { schema: t.schema });

      expect(result.sanitizedPosts).toEqual([slug]);
      expect(result.sanitizedPages).toEqual(["terms"]);
      expect(result.skippedUploadFiles.map((skipped) => skipped.file).sort()).toEqual(
        ["0123456789abcdef0123.png", "evil.html", "evil.js"].sort(),
      );
      expect(Object.keys(readFiles(t.config.uploadsDir)).sort()).toEqual(genuine);

      t = await createTestApp({ env: ENV, reuse: { dataDir: t.dataDir, schema: t.schema } });
      const page = await t.request(`/blog/${slug}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Quarterly harbour report");
      expect(html).not.toContain("planted by a backup");
      const terms = await (await t.request("/terms")).text();
      expect(terms).toContain("Terms and Conditions");
      expect(terms).not.toContain("planted by a backup");
      for (const name of ["evil.html", "evil.js", "0123456789abcdef0123.png"]) {
        const served = await t.request(`/uploads/${name}`);
        expect(served.status, name).toBe(404);
        expect(served.headers.get("content-type"), name).not.toMatch(/html|javascript/);
      }
      // The cleaned post is still found by its words (its search text was rebuilt).
      const found = await get(t, "/blog/posts?search=harbour");
      expect(found.body.data.posts.map((p: any) => p.slug)).toEqual([slug]);
    } finally {
      await t.close();
    }
  });
});

describe("restore onto a new machine", () => {
  it("fills an empty DATA_DIR (and an empty PostgreSQL schema) with the backed-up site", async () => {
    const source = await createTestApp({ env: ENV });
    const a = await createAccounts(source);
    const { slug } = await makeContent(source, a);
    const file = path.join(scratch, "move.tar.gz");
    await backup(source.config, { file, schema: source.schema });
    const expected = await readTables(source.config, source.schema);
    const files = readFiles(source.config.uploadsDir);
    await source.close();

    const dataDir = path.join(scratch, "new-machine", "data");
    const schema = TEST_DB === "postgres" ? `t_${unique("new").replace(/-/g, "_")}` : undefined;
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(TEST_DB === "postgres" ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    });
    let t: TestApp | undefined;
    try {
      const result = await restore(config, file, { schema });
      expect(result.safetyCopy).toBeNull();
      expect(await readTables(config, schema)).toEqual(expected);
      expect(readFiles(config.uploadsDir)).toEqual(files);
      t = await createTestApp({ env: ENV, reuse: { dataDir, schema } });
      expect((await t.request(`/blog/${slug}`)).status).toBe(200);
      expect(await login(t, a.editor.email, a.editor.password)).toBeTruthy();
    } finally {
      if (t) await t.close();
      else if (schema) await dropSchema(schema);
    }
  });
});

describe("npm run backup / npm run restore", () => {
  it("back up a running site and restore it when stopped, with clear failures and exit codes", async () => {
    let t = await createTestApp({ env: ENV });
    try {
      const a = await createAccounts(t);
      const { slug } = await makeContent(t, a);
      const env = cliEnv(t);
      const file = path.join(scratch, "cli.tar.gz");

      // While the site takes contact messages, from another process.
      const writer = startWriter(t);
      await writer.waitFor(2);
      const made = await run(NODE, ["server/cli/backup.ts", file], env);
      await writer.stop();
      expect(made.stderr.split("\n").filter((line) => line.startsWith("backup:"))).toEqual([]);
      expect(made.code).toBe(0);
      expect(made.stdout.split("\n")[0]).toBe(file);
      expect(made.stdout).toMatch(
        /^Backed up the (SQLite|PostgreSQL) database \(\d+ tables, \d+ rows\) and \d+ uploaded files/m,
      );
      expect(fs.existsSync(file)).toBe(true);

      const again = await run(NODE, ["server/cli/backup.ts", file], env);
      expect(again.code).toBe(1);
      expect(ownLines(again.stderr, "backup")[0]).toContain("exists already");
      expect(again.stderr).not.toMatch(/^\s+at /m);

      // A folder (with a trailing slash, made when missing) gets the default name inside it.
      const folder = path.join(scratch, "nightly");
      const intoFolder = await run(NODE, ["server/cli/backup.ts", `${folder}/`], env);
      expect(intoFolder.code).toBe(0);
      const named = intoFolder.stdout.split("\n")[0]!;
      expect(path.dirname(named)).toBe(folder);
      expect(path.basename(named)).toMatch(/^beranda-backup-\d{8}-\d{6}\.tar\.gz$/);
      expect(fs.readdirSync(folder)).toEqual([path.basename(named)]);

      const atBackup = await readTables(t.config, t.schema);
      await post(t, "/contact", {
        body: { name: "Late", email: "late@example.com", subject: "late", message: "After it." },
      });
      await t.close({ keep: true });

      const usage = await run(NODE, ["server/cli/restore.ts"], env);
      expect(usage.code).toBe(1);
      expect(ownLines(usage.stderr, "restore")[0]).toBe("restore: name one backup archive");

      const garbage = path.join(scratch, "cli-garbage.tar.gz");
      fs.writeFileSync(garbage, "garbage");
      const refused = await run(NODE, ["server/cli/restore.ts", garbage], env);
      expect(refused.code).toBe(1);
      expect(ownLines(refused.stderr, "restore")[0]).toMatch(/is not a Beranda backup/);
      expect(refused.stderr).not.toMatch(/^\s+at /m);

      const restored = await run(NODE, ["server/cli/restore.ts", file], env);
      expect(ownLines(restored.stderr, "restore")).toEqual([]);
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain(`from ${file}`);
      expect(restored.stdout).toMatch(/saved in .*before-restore-\d{8}-\d{6}\.tar\.gz/);

      const after = await readTables(t.config, t.schema);
      expect(withoutLive(after)).toEqual(withoutLive(atBackup));
      const live = liveSubjects(after);
      expect(live).toEqual(writer.acked.slice(0, live.length));

      t = await createTestApp({ env: ENV, reuse: { dataDir: t.dataDir, schema: t.schema } });
      expect((await t.request(`/blog/${slug}`)).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 300_000); // runs the backup and restore commands as processes: slow on a busy machine
});
