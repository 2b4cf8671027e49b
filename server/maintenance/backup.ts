// `npm run backup`: one consistent .tar.gz of a site's database and uploads,
// made while the site runs (it never takes the DATA_DIR lock).
//
// Archive layout (format 1):
//   manifest.json                  what is inside (see Manifest)
//   database/beranda.db            SQLite: a VACUUM INTO copy (one read snapshot)
//   database/schema.json           PostgreSQL: our tables' definitions (PgSchema)
//   database/tables/<table>.jsonl  PostgreSQL: one JSON object per row
//   uploads/…                      the uploaded files, from whichever store keeps them
//                                  (UPLOAD_STORE: DATA_DIR/uploads, the database, S3)
//
// The database store's table (upload_files) travels empty: its files are in
// uploads/ like every store's, so an archive restores onto any store.
//
// The database is copied first, then the files: every file a copied row names
// was written before that row, so it is in the archive (unless it was deleted
// in the seconds between the two).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type pg from "pg";
import * as tar from "tar";
import type { Config } from "#server/config.ts";
import { pgConnection } from "#server/db/client.ts";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "#server/db/private-files.ts";
import type { Database } from "#server/db/schema.ts";
import { OperatorError, type SchemaOption } from "./operation.ts";
import { openUploadStore, storeToFolder } from "./store-files.ts";

export const BACKUP_FORMAT = "beranda-backup";
/** Raised when the archive layout changes; restore refuses archives newer than it knows. */
export const BACKUP_FORMAT_VERSION = 1;

/** The tables of ours: every table of server/db/schema.ts (the compiler checks the list is whole). */
const APP_TABLES = [
  "users",
  "sessions",
  "categories",
  "tags",
  "posts",
  "post_categories",
  "post_tags",
  "services",
  "pages",
  "preview_links",
  "autosaves",
  "gallery_categories",
  "gallery_images",
  "team_members",
  "settings",
  "contact_messages",
  "uploads",
  "upload_owners",
  "slug_redirects",
  "audit_logs",
  "mail_outbox",
  "account_tokens",
  "revisions",
  "import_jobs",
  "import_items",
  "old_addresses",
  "rate_limits",
  "upload_files",
] as const satisfies readonly (keyof Database)[];
type Missing = Exclude<keyof Database, (typeof APP_TABLES)[number]>;
const _everyTableListed: [Missing] extends [never] ? true : Missing = true;
void _everyTableListed;

/** Kysely's bookkeeping of applied migrations. */
export const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"] as const;
/** Every table a backup holds and a restore replaces (PostgreSQL; SQLite copies the whole file). */
export const OUR_TABLES: readonly string[] = [...APP_TABLES, ...MIGRATION_TABLES];

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  database: "sqlite" | "postgres";
  /** Names of the applied migrations (kysely_migration), oldest first. */
  migrations: string[];
  /** Rows per table at the moment of the snapshot. */
  tables: Record<string, number>;
  uploads: { files: number; bytes: number };
};

/** A failure the user can act on: its message is printed as it is. */
export class BackupError extends OperatorError {
  override name = "BackupError";
}

export type BackupOptions = SchemaOption & {
  /**
   * The archive to write, or a folder to write it in (existing, or ending in a slash: made);
   * default `beranda-backup-YYYYMMDD-HHMMSS.tar.gz` (UTC) in the current folder.
   */
  file?: string;
  /** Replace `file` when it exists (otherwise refused). */
  overwrite?: boolean;
  now?: Date;
};

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

/** `20261123-141502` in UTC. */
export function timestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}`;
}

/** `beranda-backup-YYYYMMDD-HHMMSS.tar.gz` (UTC): the name when none is given. */
export function defaultBackupName(now = new Date()): string {
  return `beranda-backup-${timestamp(now)}.tar.gz`;
}

/**
 * Writes one archive of the database and the uploads. Made under a temporary
 * name beside the target and renamed at the end, so a failed backup never
 * leaves a half archive under the final name.
 */
export async function backup(config: Config, options: BackupOptions = {}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  let file = path.resolve(options.file ?? defaultBackupName(now));
  // A folder (existing, or named with a trailing slash): the default name inside it.
  const folder = options.file !== undefined && /[\\/]$/.test(options.file);
  if (folder) ensurePrivateDir(file);
  if (folder || (fs.existsSync(file) && fs.statSync(file).isDirectory())) {
    file = path.join(file, defaultBackupName(now));
  }
  if (fs.existsSync(file) && !options.overwrite) {
    throw new BackupError(`${file} exists already; choose another name (or --force to replace it)`);
  }
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) throw new BackupError(`the folder ${dir} does not exist`);

  const staging = fs.mkdtempSync(
    path.join(dir, `.beranda-backup-${randomBytes(3).toString("hex")}-`),
  );
  try {
    const content = path.join(staging, "content");
    const databaseDir = path.join(content, "database");
    fs.mkdirSync(databaseDir, { recursive: true });

    const snapshot =
      config.database.kind === "sqlite"
        ? snapshotSqlite(config.database.file, path.join(databaseDir, "beranda.db"))
        : await dumpPostgres(config.database.url, options.schema, databaseDir);
    const uploads =
      config.uploadStore.kind === "local"
        ? copyTree(config.uploadsDir, path.join(content, "uploads"))
        : await copyStoreFiles(config, options.schema, path.join(content, "uploads"));

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: config.database.kind,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      uploads,
    };
    fs.writeFileSync(path.join(content, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    const partial = path.join(staging, "archive.tar.gz");
    await tar.c(
      { gzip: true, portable: true, cwd: content, file: partial, mode: PRIVATE_FILE_MODE },
      ["manifest.json", "database", "uploads"],
    );
    const fd = fs.openSync(partial, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const bytes = fs.statSync(partial).size;
    fs.renameSync(partial, file);
    return { file, bytes, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** One line for people: what the archive holds. */
export function describeBackup(manifest: Manifest, bytes?: number): string {
  const tables = Object.keys(manifest.tables).length;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const kind = manifest.database === "sqlite" ? "SQLite" : "PostgreSQL";
  return (
    `${kind} database (${tables} tables, ${rows} rows) and ${manifest.uploads.files} uploaded ` +
    `files (${formatBytes(manifest.uploads.bytes)})` +
    (bytes === undefined ? "" : `; archive ${formatBytes(bytes)}`)
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

type Snapshot = { migrations: string[]; tables: Record<string, number> };

// ── SQLite ──────────────────────────────────────────────────────────────────

/**
 * `VACUUM INTO` reads the database in one transaction: with WAL the running
 * site keeps writing meanwhile and the copy is the database as of its start,
 * committed WAL content included. The copy is a plain (rollback-journal) file.
 */
function snapshotSqlite(source: string, target: string): Snapshot {
  if (!fs.existsSync(source)) {
    throw new BackupError(`there is no database at ${source} (is DATA_DIR right?)`);
  }
  const db = new DatabaseSync(source);
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(target);
    emptyUploadFiles(target);
  } catch (error) {
    throw new BackupError(`cannot copy the database ${source}: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  const copy = new DatabaseSync(target);
  try {
    return describeSqlite(copy, source);
  } finally {
    copy.close();
  }
}

/** The copy's upload_files rows go (their files are in uploads/), and the space they took. */
function emptyUploadFiles(file: string) {
  const copy = new DatabaseSync(file);
  try {
    const table = copy
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'upload_files'")
      .get();
    if (!table || !copy.prepare("SELECT 1 FROM upload_files LIMIT 1").get()) return;
    copy.exec("DELETE FROM upload_files");
    copy.exec("VACUUM");
  } finally {
    copy.close();
  }
}

/** The files of the database or S3 store, written into the archive's uploads/. */
async function copyStoreFiles(config: Config, schema: string | undefined, target: string) {
  const { store, close } = await openUploadStore(config, { schema });
  try {
    return await storeToFolder(store, target);
  } catch (error) {
    throw new BackupError(
      `cannot read the uploaded files from ${store.description}: ${(error as Error).message}`,
    );
  } finally {
    await close();
  }
}

/** Migrations and row counts of a SQLite database (our tables, those that exist). */
export function describeSqlite(db: DatabaseSync, label: string): Snapshot {
  const existing = new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => String(row.name)),
  );
  if (!existing.has("kysely_migration")) {
    throw new BackupError(`${label} holds no Beranda database (no kysely_migration table)`);
  }
  const tables: Record<string, number> = {};
  for (const table of OUR_TABLES) {
    if (!existing.has(table)) continue;
    const row = db.prepare(`SELECT count(*) AS n FROM ${quoteIdent(table)}`).get();
    tables[table] = Number(row?.n ?? 0);
  }
  const migrations = db
    .prepare("SELECT name FROM kysely_migration ORDER BY name")
    .all()
    .map((row) => String(row.name));
  return { migrations, tables };
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────

/** A column as created (generated columns are recomputed on load, never dumped). */
export type PgColumn = {
  name: string;
  type: string;
  notNull: boolean;
  /** DEFAULT expression, or the expression of a GENERATED ALWAYS … STORED column. */
  expression: string | null;
  generated: boolean;
  /** "a": GENERATED ALWAYS AS IDENTITY, "d": BY DEFAULT, "": neither. */
  identity: "" | "a" | "d";
};

export type PgSequence = {
  name: string;
  table: string;
  column: string;
  type: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
  /** Owned by an identity column (made with it) rather than a serial one. */
  identity: boolean;
  lastValue: string;
  isCalled: boolean;
};

/** database/schema.json: enough to recreate our tables as they were. */
export type PgSchema = {
  tables: { name: string; columns: PgColumn[] }[];
  sequences: PgSequence[];
  /** Primary keys, unique, check and exclusion constraints first; foreign keys last. */
  constraints: { table: string; name: string; definition: string }[];
  /** CREATE INDEX statements with the table name unqualified. */
  indexes: { table: string; name: string; definition: string }[];
};

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function pgClient(url: string, schema: string | undefined): Promise<pg.Client> {
  const { default: driver } = await import("pg");
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new BackupError(`invalid schema name ${schema}`);
  }
  const client = new driver.Client({
    ...pgConnection(url),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to PostgreSQL: ${(error as Error).message}`);
  }
  // JSON renders timestamptz in the session's time zone: keep it fixed.
  await client.query("SET TIME ZONE 'UTC'");
  return client;
}

/** A query on one PostgreSQL connection: a pg client's, or a restore's transaction. */
export type PgQuery = <R>(text: string, values?: unknown[]) => Promise<{ rows: R[] }>;

export function clientQuery(client: pg.Client): PgQuery {
  return async (text, values) => client.query(text, values) as never;
}

/** Which of our tables exist in the connection's current schema. */
export async function existingPgTables(query: PgQuery): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace
        AND c.relkind IN ('r', 'p') AND c.relname = ANY($1)
      ORDER BY c.relname`,
    [OUR_TABLES],
  );
  return rows.map((row) => row.name);
}

/**
 * Our tables' definitions and rows, read in one REPEATABLE READ READ ONLY
 * transaction: every table as of the same moment while the site writes.
 * Rows go out through a cursor, a thousand at a time, one JSON line each.
 */
async function dumpPostgres(
  url: string,
  schema: string | undefined,
  databaseDir: string,
): Promise<Snapshot> {
  const client = await pgClient(url, schema);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const query = clientQuery(client);
    const tables = await existingPgTables(query);
    if (!tables.includes("kysely_migration")) {
      const where = (await client.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]?.s;
      throw new BackupError(
        `PostgreSQL schema ${where ?? "(none)"} holds no Beranda database (no kysely_migration table); is DATABASE_URL right?`,
      );
    }
    const pgSchema = await readPgSchema(query, tables);
    fs.writeFileSync(
      path.join(databaseDir, "schema.json"),
      `${JSON.stringify(pgSchema, null, 2)}\n`,
    );
    const tablesDir = path.join(databaseDir, "tables");
    fs.mkdirSync(tablesDir);
    const counts: Record<string, number> = {};
    for (const table of pgSchema.tables) {
      const columns = table.columns.filter((c) => !c.generated).map((c) => quoteIdent(c.name));
      // The database store's files are in uploads/: its table travels empty.
      const rows = table.name === "upload_files" ? " WHERE false" : "";
      await client.query(
        `DECLARE dump NO SCROLL CURSOR FOR
           SELECT row_to_json(r)::text AS line FROM (SELECT ${columns.join(", ")} FROM ${quoteIdent(table.name)}${rows}) r`,
      );
      const out = fs.openSync(path.join(tablesDir, `${table.name}.jsonl`), "w");
      let count = 0;
      try {
        for (;;) {
          const { rows } = await client.query<{ line: string }>("FETCH 1000 FROM dump");
          if (rows.length === 0) break;
          fs.writeSync(out, `${rows.map((row) => row.line).join("\n")}\n`);
          count += rows.length;
        }
      } finally {
        fs.closeSync(out);
      }
      await client.query("CLOSE dump");
      counts[table.name] = count;
    }
    const migrations = (
      await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")
    ).rows.map((row) => row.name);
    await client.query("COMMIT");
    return { migrations, tables: counts };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Our tables' definitions in the connection's current schema, as database/schema.json holds them. */
export async function readPgSchema(query: PgQuery, tables: string[]): Promise<PgSchema> {
  const columns = await query<PgColumn & { table: string; generatedKind: string }>(
    `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS "notNull", pg_get_expr(d.adbin, d.adrelid) AS expression,
            a.attgenerated <> '' AS generated, a.attidentity AS identity
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`,
    [tables],
  );
  const sequences = await query<Omit<PgSequence, "lastValue" | "isCalled">>(
    `SELECT s.relname AS name, c.relname AS table, a.attname AS column,
            format_type(q.seqtypid, NULL) AS type, q.seqstart::text AS start,
            q.seqincrement::text AS increment, q.seqmin::text AS min, q.seqmax::text AS max,
            q.seqcache::text AS cache, q.seqcycle AS cycle, d.deptype = 'i' AS identity
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_sequence q ON q.seqrelid = s.oid
       JOIN pg_class c ON c.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype IN ('a', 'i')
        AND c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
      ORDER BY s.relname`,
    [tables],
  );
  const constraints = await query<{ table: string; name: string; definition: string }>(
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
        AND k.contype IN ('p', 'u', 'c', 'x', 'f')
      ORDER BY k.contype = 'f', c.relname, k.conname`,
    [tables],
  );
  const indexes = await query<{
    table: string;
    name: string;
    definition: string;
    qualified: string;
  }>(
    `SELECT c.relname AS table, ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
            quote_ident(current_schema()) || '.' || quote_ident(c.relname) AS qualified
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k
                         WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
      ORDER BY ic.relname`,
    [tables],
  );

  const withState: PgSequence[] = [];
  for (const sequence of sequences.rows) {
    const state = await query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${quoteIdent(sequence.name)}`,
    );
    withState.push({
      ...sequence,
      lastValue: state.rows[0]?.last_value ?? sequence.start,
      isCalled: state.rows[0]?.is_called ?? false,
    });
  }

  return {
    tables: tables.map((name) => ({
      name,
      columns: columns.rows
        .filter((column) => column.table === name)
        .map(({ name, type, notNull, expression, generated, identity }) => ({
          name,
          type,
          notNull,
          expression,
          generated,
          identity,
        })),
    })),
    sequences: withState,
    constraints: constraints.rows,
    // pg_get_indexdef names the table with its schema; restore may target another.
    indexes: indexes.rows.map(({ table, name, definition, qualified }) => ({
      table,
      name,
      definition: definition
        .replace(` ON ${qualified} `, ` ON ${quoteIdent(table)} `)
        .replace(` ON ONLY ${qualified} `, ` ON ONLY ${quoteIdent(table)} `),
    })),
  };
}

// ── Uploads ─────────────────────────────────────────────────────────────────

/** Copies the regular files under `from` (none when it is missing); counts them. */
export function copyTree(from: string, to: string): { files: number; bytes: number } {
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
      } catch (error) {
        // Deleted by the running site since the listing: not part of the backup.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      files += 1;
      bytes += fs.statSync(target).size;
    }
  }
  return { files, bytes };
}

/** Regular files under `dir` and their total size. */
export function countFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = countFiles(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += fs.statSync(full).size;
    }
  }
  return { files, bytes };
}
