// `npm run restore -- file`: brings a STOPPED site back from a backup archive
// (see backup.ts for the layout). Nothing is replaced until the whole archive
// has been unpacked and checked; the site as it was is first saved as a backup
// archive of its own (DATA_DIR/before-restore-….tar.gz) unless `force`.
//
// An archive is data, never code: no statement is ever built from its text.
// Its database must be exactly what our own migrations make at the archive's
// migration level: SQLite, the file's tables, indexes and triggers (sqlite_master)
// are compared with a database freshly migrated to that level; PostgreSQL, the
// tables are made by our migrations (migrateUpTo) and database/schema.json must
// describe exactly them, after which only rows are loaded, as bound JSON.
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CompiledQuery, Kysely, sql } from "kysely";
import * as tar from "tar";
import { z } from "zod";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { openDb, postgresDialect } from "#server/db/client.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { MIGRATION_NAMES, migrateUpTo } from "#server/db/migrate.ts";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "#server/db/private-files.ts";
import type { Database } from "#server/db/schema.ts";
import { sanitizeRichText } from "#server/modules/content/sanitize.ts";
import { searchTextOf } from "#server/modules/posts/search-text.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backup,
  clientQuery,
  countFiles,
  describeSqlite,
  existingPgTables,
  type Manifest,
  OUR_TABLES,
  type PgQuery,
  type PgSchema,
  pgClient,
  quoteIdent,
  readPgSchema,
  timestamp,
} from "./backup.ts";
import { OperatorError, type SchemaOption } from "./operation.ts";
import { folderToStore, openUploadStore } from "./store-files.ts";
import { copyUploadFiles, type SkippedUploadFile } from "./upload-files.ts";

/** A refusal the user can act on: its message is printed as it is. */
export class RestoreError extends OperatorError {
  override name = "RestoreError";
}

export type RestoreOptions = SchemaOption & {
  /** Replace the current site without first saving it as a before-restore archive. */
  force?: boolean;
  now?: Date;
};

export type RestoreResult = {
  manifest: Manifest;
  /** The archive of the site as it was before, or null (nothing there, or `force`). */
  safetyCopy: string | null;
  /** Slugs of the posts whose HTML the sanitiser changed (scripts, handlers and the like removed). */
  sanitizedPosts: string[];
  /** Slugs of the pages whose HTML the sanitiser changed. */
  sanitizedPages: string[];
  /** Files of the archive's uploads folder left out: not pictures the upload pipeline writes. */
  skippedUploadFiles: SkippedUploadFile[];
};

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  database: z.enum(["sqlite", "postgres"]),
  migrations: z.array(z.string()),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  uploads: z.object({
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
});

const KIND_NAME = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/**
 * Replaces the database and the uploads of a stopped site with the archive's.
 * Holds the DATA_DIR lock throughout, so it refuses while a site runs there.
 */
export async function restore(
  config: Config,
  archive: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const file = path.resolve(archive);
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist`);
  if (!fs.statSync(file).isFile()) throw new RestoreError(`${file} is not a file`);

  const lock = lockDataDir(config.dataDir);
  // Unpacked inside DATA_DIR: the swap at the end is a rename on one file system.
  const work = fs.mkdtempSync(path.join(config.dataDir, ".restore-"));
  try {
    const content = path.join(work, "content");
    fs.mkdirSync(content);
    await unpack(file, content);
    const manifest = await checkManifest(file, content, config);
    const archiveSchema =
      manifest.database === "sqlite" ? null : checkPostgres(file, content, manifest);
    if (manifest.database === "sqlite") await checkSqlite(file, content, manifest, work);
    const files = countFiles(path.join(content, "uploads"));
    if (files.files !== manifest.uploads.files) {
      throw new RestoreError(
        `${file} is damaged: it holds ${files.files} uploaded files, its manifest says ${manifest.uploads.files}`,
      );
    }
    const postgres =
      config.database.kind === "postgres" && archiveSchema
        ? {
            target: { url: config.database.url, schema: options.schema },
            archive: { file, content, manifest, schema: archiveSchema },
          }
        : null;
    // A rehearsal, rolled back: the tables our migrations make, compared with
    // the archive's description, before anything is saved or replaced.
    if (postgres) await rebuildPostgres(postgres.target, postgres.archive, { commit: false });
    // Only the pictures the upload pipeline writes (upload-files.ts).
    const uploads = path.join(work, "uploads");
    const { skipped } = await copyUploadFiles(path.join(content, "uploads"), uploads);

    const safetyCopy = options.force ? null : await keepCurrentSite(config, options);

    let sanitized = NOTHING_SANITIZED;
    if (config.database.kind === "sqlite") {
      const restored = path.join(content, "database", "beranda.db");
      sanitized = sanitizeSqliteBodies(restored);
      replaceSqlite(config.database.file, restored);
    } else if (postgres) {
      sanitized = await rebuildPostgres(postgres.target, postgres.archive, { commit: true });
    }
    if (config.uploadStore.kind === "local") {
      if (fs.existsSync(config.uploadsDir)) {
        fs.renameSync(config.uploadsDir, path.join(work, "replaced-uploads"));
      }
      fs.renameSync(uploads, config.uploadsDir);
    } else {
      // The database or S3 store: the archive's files are put into it (the
      // restored database is first brought up to date, so it has upload_files).
      const { store, close } = await openUploadStore(config, {
        schema: options.schema,
        migrate: true,
      });
      try {
        await folderToStore(uploads, store);
      } finally {
        await close();
      }
    }
    return { manifest, safetyCopy, ...sanitized, skippedUploadFiles: skipped };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    lock.release();
  }
}

async function unpack(file: string, into: string) {
  try {
    await tar.x({
      file,
      cwd: into,
      strict: true,
      // Files and folders only: no links out of the archive's own tree.
      filter: (_path, entry) =>
        !("type" in entry) || entry.type === "File" || entry.type === "Directory",
    });
  } catch (error) {
    throw new RestoreError(
      `${file} is not a Beranda backup: it cannot be read as a .tar.gz archive (${(error as Error).message})`,
    );
  }
}

async function checkManifest(file: string, content: string, config: Config): Promise<Manifest> {
  const manifestFile = path.join(content, "manifest.json");
  if (!fs.existsSync(manifestFile)) {
    throw new RestoreError(`${file} is not a Beranda backup: it has no manifest.json`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  } catch {
    throw new RestoreError(`${file} is damaged: its manifest.json is not JSON`);
  }
  const head = z
    .object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number().int() })
    .safeParse(raw);
  if (!head.success) {
    throw new RestoreError(`${file} is not a Beranda backup: its manifest.json is not ours`);
  }
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreError(
      `${file} was made by a newer Beranda (backup format ${head.data.formatVersion}; this version reads up to ${BACKUP_FORMAT_VERSION}). Upgrade Beranda, then restore.`,
    );
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RestoreError(
      `${file} is damaged: its manifest.json is invalid at ${issue.path.join(".") || "the top"} (${issue.message})`,
    );
  }
  const manifest = parsed.data;
  const configured = config.database.kind;
  if (manifest.database !== configured) {
    throw new RestoreError(
      `${file} holds a ${KIND_NAME[manifest.database]} database but this site uses ${KIND_NAME[configured]} ` +
        `(${configured === "sqlite" ? "DATABASE_URL is not set" : "DATABASE_URL is set"}). ` +
        `Restore it on a ${KIND_NAME[manifest.database]} site, or move the content between databases ` +
        "with `npm run export` on the old site and `npm run import` on the new one.",
    );
  }
  const known = new Set(MIGRATION_NAMES);
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new RestoreError(
      `${file} was made by a newer Beranda: its database has migration ${unknown[0]}, which this version does not know. Upgrade Beranda, then restore.`,
    );
  }
  if (
    manifest.migrations.length === 0 ||
    manifest.migrations.some((name, index) => MIGRATION_NAMES[index] !== name)
  ) {
    throw new RestoreError(
      `${file} is damaged: its migrations are not Beranda's from the first on, in order`,
    );
  }
  return manifest;
}

async function checkSqlite(file: string, content: string, manifest: Manifest, work: string) {
  const dbFile = path.join(content, "database", "beranda.db");
  if (!fs.existsSync(dbFile)) {
    throw new RestoreError(`${file} is damaged: it has no database/beranda.db`);
  }
  let found: string[];
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(dbFile);
    // Nothing in the file's schema (a view, a trigger, a default) runs while it is checked.
    db.exec("PRAGMA trusted_schema = OFF");
    const check = db.prepare("PRAGMA integrity_check").all();
    const result = check.map((row) => Object.values(row)[0]).join("; ");
    if (result !== "ok") throw new Error(result);
    const { tables, migrations } = describeSqlite(db, dbFile);
    compareCounts(file, manifest, tables);
    if (migrations.join() !== manifest.migrations.join()) {
      throw new RestoreError(`${file} is damaged: its migrations differ from its manifest`);
    }
    found = sqliteDefinitions(db);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `${file} is damaged: its database does not pass SQLite's check (${(error as Error).message})`,
    );
  } finally {
    db?.close();
  }
  const migration = manifest.migrations.at(-1)!;
  requireSameDefinitions(file, found, await sqliteDefinitionsOf(migration, work), migration);
}

/** SQLite's own statistics tables (ANALYZE, PRAGMA optimize): hold numbers, never run. */
const SQLITE_STATISTICS = new Set([
  "table sqlite_stat1 on sqlite_stat1: CREATE TABLE sqlite_stat1(tbl,idx,stat)",
  "table sqlite_stat4 on sqlite_stat4: CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)",
]);

/** Every table, index, trigger and view of a SQLite database, one line each. */
function sqliteDefinitions(db: DatabaseSync): string[] {
  return db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
    .all()
    .map((row) => `${row.type} ${row.name} on ${row.tbl_name}: ${row.sql ?? "(made by SQLite)"}`)
    .filter((line) => !SQLITE_STATISTICS.has(line));
}

/** The definitions our migrations up to `migration` make in a new SQLite database. */
async function sqliteDefinitionsOf(migration: string, work: string): Promise<string[]> {
  const file = path.join(work, "migrated.db");
  const handle = await openDb({ database: { kind: "sqlite", file } });
  try {
    await migrateUpTo(handle.db, migration);
  } finally {
    await handle.close();
  }
  const db = new DatabaseSync(file);
  try {
    return sqliteDefinitions(db);
  } finally {
    db.close();
  }
}

/**
 * Refuses an archive whose database holds a definition our migrations do not
 * make (an extra trigger, a changed default, another column type) or lacks
 * one they make. `found` and `expected` are one line per definition.
 */
function requireSameDefinitions(
  file: string,
  found: string[],
  expected: string[],
  migration: string,
) {
  const shorten = (line: string) => {
    const flat = line.replace(/\s+/g, " ");
    return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
  };
  const want = new Set(expected);
  const extra = found.find((line) => !want.has(line));
  if (extra !== undefined) {
    throw new RestoreError(
      `${file} is refused: its database has ${shorten(extra)}, which Beranda's migrations ` +
        `(up to ${migration}) do not make. Nothing was changed.`,
    );
  }
  const have = new Set(found);
  const missing = expected.find((line) => !have.has(line));
  if (missing !== undefined) {
    throw new RestoreError(
      `${file} is refused: its database lacks ${shorten(missing)}, which Beranda's migrations ` +
        `(up to ${migration}) make. Nothing was changed.`,
    );
  }
}

function compareCounts(file: string, manifest: Manifest, tables: Record<string, number>) {
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const found = tables[table];
    if (found !== expected) {
      throw new RestoreError(
        `${file} is damaged: table ${table} has ${found ?? "no"} rows, its manifest says ${expected}`,
      );
    }
  }
}

const text = z.string();
/** database/schema.json: read only to compare with what our migrations make. */
const ArchiveSchema = z.object({
  tables: z.array(
    z.object({
      name: text,
      columns: z.array(
        z.object({
          name: text,
          type: text,
          notNull: z.boolean(),
          expression: text.nullable(),
          generated: z.boolean(),
          identity: z.enum(["", "a", "d"]),
        }),
      ),
    }),
  ),
  sequences: z.array(
    z.object({
      name: text,
      table: text,
      column: text,
      type: text,
      start: text,
      increment: text,
      min: text,
      max: text,
      cache: text,
      cycle: z.boolean(),
      identity: z.boolean(),
      lastValue: text,
      isCalled: z.boolean(),
    }),
  ),
  constraints: z.array(z.object({ table: text, name: text, definition: text })),
  indexes: z.array(z.object({ table: text, name: text, definition: text })),
});

function readArchiveSchema(file: string, content: string): PgSchema {
  const schemaFile = path.join(content, "database", "schema.json");
  try {
    return ArchiveSchema.parse(JSON.parse(fs.readFileSync(schemaFile, "utf8")));
  } catch {
    throw new RestoreError(`${file} is damaged: its database/schema.json is missing or invalid`);
  }
}

function checkPostgres(file: string, content: string, manifest: Manifest): PgSchema {
  const schema = readArchiveSchema(file, content);
  const tables: Record<string, number> = {};
  for (const table of schema.tables) {
    if (!OUR_TABLES.includes(table.name)) {
      throw new RestoreError(`${file} is damaged: it holds an unknown table ${table.name}`);
    }
    const rows = path.join(content, "database", "tables", `${table.name}.jsonl`);
    if (!fs.existsSync(rows))
      throw new RestoreError(`${file} is damaged: table ${table.name} is missing`);
    tables[table.name] = countLines(rows);
  }
  compareCounts(file, manifest, tables);
  return schema;
}

/** A PostgreSQL schema description, one line per definition (sequence positions left out). */
function pgDefinitions(schema: PgSchema): string[] {
  const lines: string[] = [];
  for (const table of schema.tables) {
    lines.push(`table ${table.name}`);
    for (const c of table.columns) {
      const value = c.generated
        ? ` generated always as (${c.expression})`
        : c.expression !== null
          ? ` default ${c.expression}`
          : "";
      const identity = c.identity ? ` identity ${c.identity}` : "";
      lines.push(
        `column ${table.name}.${c.name}: ${c.type}${c.notNull ? " not null" : ""}${value}${identity}`,
      );
    }
  }
  for (const s of schema.sequences) {
    lines.push(
      `sequence ${s.name} of ${s.table}.${s.column}: ${s.type} start ${s.start} increment ${s.increment} ` +
        `min ${s.min} max ${s.max} cache ${s.cache}${s.cycle ? " cycle" : ""}${s.identity ? " identity" : ""}`,
    );
  }
  for (const c of schema.constraints)
    lines.push(`constraint ${c.table}.${c.name}: ${c.definition}`);
  for (const i of schema.indexes) lines.push(`index ${i.table}.${i.name}: ${i.definition}`);
  return lines;
}

function countLines(file: string): number {
  const fd = fs.openSync(file, "r");
  const buffer = Buffer.alloc(1 << 16);
  let lines = 0;
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      for (let i = 0; i < read; i++) if (buffer[i] === 10) lines += 1;
    }
  } finally {
    fs.closeSync(fd);
  }
  return lines;
}

async function countStoreFiles(config: Config): Promise<number> {
  const { store, close } = await openUploadStore(config);
  try {
    return (await store.list()).length;
  } finally {
    await close();
  }
}

/** Saves the site as it is before it is replaced; null when there is nothing to keep. */
async function keepCurrentSite(config: Config, options: RestoreOptions): Promise<string | null> {
  // The database store's files are in the database, which is checked below.
  const uploads =
    config.uploadStore.kind === "local"
      ? countFiles(config.uploadsDir).files
      : config.uploadStore.kind === "s3"
        ? await countStoreFiles(config)
        : 0;
  let database: boolean;
  if (config.database.kind === "sqlite") {
    database = fs.existsSync(config.database.file);
  } else {
    const client = await pgClient(config.database.url, options.schema);
    try {
      database = (await existingPgTables(clientQuery(client))).length > 0;
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (!database && uploads === 0) return null;
  const file = path.join(
    config.dataDir,
    `before-restore-${timestamp(options.now ?? new Date())}.tar.gz`,
  );
  try {
    await backup(config, { file, schema: options.schema, overwrite: true, now: options.now });
  } catch (error) {
    throw new RestoreError(
      `cannot first save the current site to ${file}: ${(error as Error).message}. ` +
        "Nothing was changed. Fix that, or run again with --force to replace the current site without a copy.",
    );
  }
  return file;
}

function replaceSqlite(target: string, restored: string) {
  ensurePrivateDir(path.dirname(target));
  // A stale WAL beside the new file would be replayed into it: they go first.
  for (const suffix of ["-wal", "-shm", "-journal"]) {
    fs.rmSync(`${target}${suffix}`, { force: true });
  }
  // The archive's own mode for the file means nothing: the site's database is private.
  fs.chmodSync(restored, PRIVATE_FILE_MODE);
  fs.renameSync(restored, target);
}

type BodyHtml = { id: number; slug: string; content: string };

/** What a restore cleaned: the slugs of the posts and of the pages whose HTML changed. */
type Sanitized = { sanitizedPosts: string[]; sanitizedPages: string[] };

const NOTHING_SANITIZED: Sanitized = { sanitizedPosts: [], sanitizedPages: [] };

/**
 * The rows whose stored HTML is not what the API's sanitiser makes of it,
 * with their sanitised content. Content the API stored is unchanged by it,
 * so a genuine backup gives none.
 */
function rowsToSanitize(rows: BodyHtml[]) {
  const changed: BodyHtml[] = [];
  for (const row of rows) {
    const content = sanitizeRichText(row.content);
    if (content !== row.content) changed.push({ ...row, content });
  }
  return changed;
}

/** Sanitises the post and page HTML of the (checked) SQLite file before it becomes the site's. */
function sanitizeSqliteBodies(dbFile: string): Sanitized {
  const db = new DatabaseSync(dbFile);
  try {
    const posts = rowsToSanitize(
      db.prepare("SELECT id, slug, content FROM posts ORDER BY id").all() as unknown as BodyHtml[],
    );
    // An archive made before pages existed has no such table (the next start adds it).
    const hasPages =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pages'").get() !==
      undefined;
    const pages = hasPages
      ? rowsToSanitize(
          db
            .prepare("SELECT id, slug, content FROM pages ORDER BY id")
            .all() as unknown as BodyHtml[],
        )
      : [];
    if (posts.length === 0 && pages.length === 0) return NOTHING_SANITIZED;
    const updatePost = db.prepare("UPDATE posts SET content = ?, search_text = ? WHERE id = ?");
    const updatePage = db.prepare("UPDATE pages SET content = ? WHERE id = ?");
    db.exec("BEGIN");
    try {
      for (const post of posts) updatePost.run(post.content, searchTextOf(post.content), post.id);
      for (const page of pages) updatePage.run(page.content, page.id);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    return {
      sanitizedPosts: posts.map((post) => post.slug),
      sanitizedPages: pages.map((page) => page.slug),
    };
  } finally {
    db.close();
  }
}

/** Sanitises the loaded post and page HTML, in the restore's transaction. */
async function sanitizePgBodies(trx: Db, tables: readonly string[]): Promise<Sanitized> {
  const posts = rowsToSanitize(
    await trx.selectFrom("posts").select(["id", "slug", "content"]).orderBy("id").execute(),
  );
  for (const post of posts) {
    await trx
      .updateTable("posts")
      .set({ content: post.content, search_text: searchTextOf(post.content) })
      .where("id", "=", post.id)
      .execute();
  }
  // An archive made before pages existed has no such table (the next start adds it).
  const pages = tables.includes("pages")
    ? rowsToSanitize(
        await trx.selectFrom("pages").select(["id", "slug", "content"]).orderBy("id").execute(),
      )
    : [];
  for (const page of pages) {
    await trx
      .updateTable("pages")
      .set({ content: page.content })
      .where("id", "=", page.id)
      .execute();
  }
  return {
    sanitizedPosts: posts.map((post) => post.slug),
    sanitizedPages: pages.map((page) => page.slug),
  };
}

/** Thrown to roll back a rehearsal once the comparison has passed. */
class Rehearsed extends Error {}

/**
 * One transaction on one connection: our tables are dropped and made again by
 * our own migrations up to the archive's last one; the archive's
 * database/schema.json must describe exactly what they made. Then (`commit`)
 * the rows are loaded as JSON parameters and the id sequences set past the
 * loaded ids; otherwise everything is rolled back. Any failure rolls back and
 * leaves the database as it was.
 */
async function rebuildPostgres(
  target: { url: string; schema: string | undefined },
  archive: { file: string; content: string; manifest: Manifest; schema: PgSchema },
  options: { commit: boolean },
): Promise<Sanitized> {
  const { file, content, manifest } = archive;
  const schemaName = target.schema;
  const client = await pgClient(target.url, schemaName);
  // Kysely (for the migrator) on exactly this connection.
  const connection = Object.assign(client, { release() {} });
  const db = new Kysely<Database>({
    dialect: postgresDialect({
      pool: { connect: async () => connection, end: async () => {}, options: {} },
    }),
  });
  try {
    return await db.transaction().execute(async (trx) => {
      const query: PgQuery = async (text, values) =>
        trx.executeQuery(CompiledQuery.raw(text, values ?? [])) as never;
      if (schemaName) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schemaName)}`.execute(trx);
      await sql`DROP TABLE IF EXISTS ${sql.join(OUR_TABLES.map((t) => sql.table(t)))} CASCADE`.execute(
        trx,
      );
      const migration = manifest.migrations.at(-1)!;
      await migrateUpTo(trx, migration);
      const ours = await readPgSchema(query, await existingPgTables(query));
      requireSameDefinitions(file, pgDefinitions(archive.schema), pgDefinitions(ours), migration);
      if (!options.commit) throw new Rehearsed();

      for (const table of await loadOrder(query, ours)) {
        // The migrator's lock row is its own; its list of migrations is the archive's.
        if (table.name === "kysely_migration_lock") continue;
        const rows = path.join(content, "database", "tables", `${table.name}.jsonl`);
        if (table.name === "kysely_migration") {
          requireArchiveMigrations(file, rows, manifest);
          await sql`DELETE FROM ${sql.table(table.name)}`.execute(trx);
        }
        await loadRows(trx, file, table, rows);
      }
      await setSequences(trx, ours, archive.schema);
      return sanitizePgBodies(
        trx,
        ours.tables.map((table) => table.name),
      );
    });
  } catch (error) {
    if (error instanceof Rehearsed) return NOTHING_SANITIZED;
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `loading the database failed, so nothing was changed: ${(error as Error).message}`,
    );
  } finally {
    await db.destroy();
    await client.end().catch(() => {});
  }
}

/** Our tables, each after the tables its foreign keys point at. */
async function loadOrder(query: PgQuery, schema: PgSchema): Promise<PgSchema["tables"]> {
  const { rows } = await query<{ table: string; refers: string }>(
    `SELECT c.relname AS table, r.relname AS refers
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class r ON r.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`,
  );
  const ordered: PgSchema["tables"] = [];
  const placed = new Set<string>();
  const place = (table: PgSchema["tables"][number], path: string[]) => {
    if (placed.has(table.name) || path.includes(table.name)) return;
    for (const { refers } of rows.filter((row) => row.table === table.name)) {
      const target = schema.tables.find((t) => t.name === refers);
      if (target) place(target, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of schema.tables) place(table, []);
  return ordered;
}

/** The archive's kysely_migration rows must name exactly its manifest's migrations. */
function requireArchiveMigrations(file: string, rowsFile: string, manifest: Manifest) {
  const Row = z.object({ name: z.string(), timestamp: z.string() });
  const names: string[] = [];
  for (const line of fs.readFileSync(rowsFile, "utf8").split("\n")) {
    if (line === "") continue;
    const row = Row.safeParse(parseLine(line));
    if (!row.success || Number.isNaN(new Date(row.data.timestamp).getTime())) {
      throw new RestoreError(`${file} is damaged: its kysely_migration rows are not migrations`);
    }
    names.push(row.data.name);
  }
  if (names.sort().join() !== [...manifest.migrations].sort().join()) {
    throw new RestoreError(`${file} is damaged: its migrations differ from its manifest`);
  }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * Inserts the rows of one table: each line a JSON object, sent as a bound
 * parameter and read by json_populate_recordset into the columns our table
 * has (generated ones are computed by the database).
 */
async function loadRows(
  trx: Db,
  file: string,
  table: PgSchema["tables"][number],
  rowsFile: string,
) {
  const columns = table.columns.filter((c) => !c.generated).map((c) => sql.ref(c.name));
  const overriding = table.columns.some((c) => c.identity === "a")
    ? sql` OVERRIDING SYSTEM VALUE`
    : sql``;
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await sql`INSERT INTO ${sql.table(table.name)} (${sql.join(columns)})${overriding}
      SELECT ${sql.join(columns)}
        FROM json_populate_recordset(NULL::${sql.table(table.name)}, ${`[${batch.join(",")}]`}::json)`.execute(
      trx,
    );
    batch = [];
    size = 0;
  };
  const add = async (line: string) => {
    if (line === "") return;
    const row = parseLine(line);
    if (!row || typeof row !== "object" || Array.isArray(row)) {
      throw new RestoreError(
        `${file} is damaged: a row of table ${table.name} is not a JSON object`,
      );
    }
    batch.push(line);
    size += line.length;
    if (batch.length >= 1000 || size >= 8 * 1024 * 1024) await flush();
  };
  const stream = fs.createReadStream(rowsFile, { encoding: "utf8" });
  let rest = "";
  for await (const chunk of stream) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) await add(line);
  }
  await add(rest);
  await flush();
}

/**
 * Each id sequence continues past the loaded rows: after the highest id, or
 * after the archive's own position when that is further on (ids of rows
 * deleted before the backup are not given out again). The position is
 * taken only as a whole number, bound as a parameter.
 */
async function setSequences(trx: Db, ours: PgSchema, archive: PgSchema) {
  for (const s of ours.sequences) {
    const highest = (
      await sql<{
        max: string | null;
      }>`SELECT max(${sql.ref(s.column)})::text AS max FROM ${sql.table(s.table)}`.execute(trx)
    ).rows[0]?.max;
    const archived = archive.sequences.find((a) => a.table === s.table && a.column === s.column);
    let last = highest ? BigInt(highest) : 0n;
    if (archived && /^\d{1,19}$/.test(archived.lastValue)) {
      const used = BigInt(archived.lastValue) - (archived.isCalled ? 0n : 1n);
      if (used > last && used <= BigInt(s.max)) last = used;
    }
    await sql`SELECT setval(${quoteIdent(s.name)}::regclass, ${String(last > 0n ? last : 1n)}::bigint, ${last > 0n})`.execute(
      trx,
    );
  }
}
