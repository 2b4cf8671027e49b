// `npm run restore -- file`: brings a STOPPED site back from a backup archive
// (see backup.ts for the layout). Nothing is replaced until the whole archive
// has been unpacked and checked; the site as it was is first saved as a backup
// archive of its own (DATA_DIR/before-restore-….tar.gz) unless `force`.
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import * as tar from "tar";
import { z } from "zod";
import type { Config } from "../config.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { MIGRATION_NAMES } from "../db/migrate.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backup,
  countFiles,
  describeSqlite,
  existingPgTables,
  type Manifest,
  OUR_TABLES,
  type PgSchema,
  pgClient,
  quoteIdent,
  timestamp,
} from "./backup.ts";
import { OperatorError, type SchemaOption } from "./operation.ts";

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
    if (manifest.database === "sqlite") checkSqlite(file, content, manifest);
    else checkPostgres(file, content, manifest);
    const files = countFiles(path.join(content, "uploads"));
    if (files.files !== manifest.uploads.files) {
      throw new RestoreError(
        `${file} is damaged: it holds ${files.files} uploaded files, its manifest says ${manifest.uploads.files}`,
      );
    }

    const safetyCopy = options.force ? null : await keepCurrentSite(config, options);

    if (config.database.kind === "sqlite") {
      replaceSqlite(config.database.file, path.join(content, "database", "beranda.db"));
    } else {
      await loadPostgres(config.database.url, options.schema, content);
    }
    fs.mkdirSync(path.join(content, "uploads"), { recursive: true });
    if (fs.existsSync(config.uploadsDir)) {
      fs.renameSync(config.uploadsDir, path.join(work, "replaced-uploads"));
    }
    fs.renameSync(path.join(content, "uploads"), config.uploadsDir);
    return { manifest, safetyCopy };
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
  return manifest;
}

function checkSqlite(file: string, content: string, manifest: Manifest) {
  const dbFile = path.join(content, "database", "beranda.db");
  if (!fs.existsSync(dbFile)) {
    throw new RestoreError(`${file} is damaged: it has no database/beranda.db`);
  }
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(dbFile);
    const check = db.prepare("PRAGMA integrity_check").all();
    const result = check.map((row) => Object.values(row)[0]).join("; ");
    if (result !== "ok") throw new Error(result);
    const { tables, migrations } = describeSqlite(db, dbFile);
    compareCounts(file, manifest, tables);
    if (migrations.join() !== manifest.migrations.join()) {
      throw new RestoreError(`${file} is damaged: its migrations differ from its manifest`);
    }
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `${file} is damaged: its database does not pass SQLite's check (${(error as Error).message})`,
    );
  } finally {
    db?.close();
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

function readPgSchema(file: string, content: string): PgSchema {
  const schemaFile = path.join(content, "database", "schema.json");
  try {
    const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8")) as PgSchema;
    if (!Array.isArray(schema.tables) || !Array.isArray(schema.sequences)) throw new Error();
    return schema;
  } catch {
    throw new RestoreError(`${file} is damaged: its database/schema.json is missing or invalid`);
  }
}

function checkPostgres(file: string, content: string, manifest: Manifest) {
  const schema = readPgSchema(file, content);
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

/** Saves the site as it is before it is replaced; null when there is nothing to keep. */
async function keepCurrentSite(config: Config, options: RestoreOptions): Promise<string | null> {
  const uploads = countFiles(config.uploadsDir).files;
  let database: boolean;
  if (config.database.kind === "sqlite") {
    database = fs.existsSync(config.database.file);
  } else {
    const client = await pgClient(config.database.url, options.schema);
    try {
      database = (await existingPgTables(client)).length > 0;
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
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // A stale WAL beside the new file would be replayed into it: they go first.
  for (const suffix of ["-wal", "-shm", "-journal"]) {
    fs.rmSync(`${target}${suffix}`, { force: true });
  }
  fs.renameSync(restored, target);
}

/**
 * One transaction: our tables are dropped and made again as the archive
 * describes them, their rows loaded, then constraints, indexes and sequence
 * positions. Any failure rolls back and leaves the database as it was.
 */
async function loadPostgres(url: string, schemaName: string | undefined, content: string) {
  const schema = JSON.parse(
    fs.readFileSync(path.join(content, "database", "schema.json"), "utf8"),
  ) as PgSchema;
  if (schemaName) {
    const admin = await pgClient(url, undefined);
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schemaName)}`);
    } finally {
      await admin.end().catch(() => {});
    }
  }
  const client = await pgClient(url, schemaName);
  try {
    await client.query("BEGIN");
    const drop = [...new Set([...OUR_TABLES, ...schema.tables.map((t) => t.name)])];
    await client.query(`DROP TABLE IF EXISTS ${drop.map(quoteIdent).join(", ")} CASCADE`);

    const serials = schema.sequences.filter((s) => !s.identity);
    for (const s of serials) {
      await client.query(`DROP SEQUENCE IF EXISTS ${quoteIdent(s.name)} CASCADE`);
      await client.query(
        `CREATE SEQUENCE ${quoteIdent(s.name)} AS ${s.type} INCREMENT BY ${BigInt(s.increment)}
           MINVALUE ${BigInt(s.min)} MAXVALUE ${BigInt(s.max)} START WITH ${BigInt(s.start)}
           CACHE ${BigInt(s.cache)} ${s.cycle ? "CYCLE" : "NO CYCLE"}`,
      );
    }
    for (const table of schema.tables) {
      const columns = table.columns.map((c) => {
        const parts = [quoteIdent(c.name), c.type];
        if (c.generated) parts.push(`GENERATED ALWAYS AS (${c.expression}) STORED`);
        else if (c.identity) {
          parts.push(`GENERATED ${c.identity === "a" ? "ALWAYS" : "BY DEFAULT"} AS IDENTITY`);
        } else if (c.expression !== null) parts.push(`DEFAULT ${c.expression}`);
        if (c.notNull) parts.push("NOT NULL");
        return parts.join(" ");
      });
      await client.query(`CREATE TABLE ${quoteIdent(table.name)} (${columns.join(", ")})`);
    }
    for (const s of serials) {
      await client.query(
        `ALTER SEQUENCE ${quoteIdent(s.name)} OWNED BY ${quoteIdent(s.table)}.${quoteIdent(s.column)}`,
      );
    }

    for (const table of schema.tables) {
      await loadRows(
        client,
        table,
        path.join(content, "database", "tables", `${table.name}.jsonl`),
      );
    }

    for (const c of schema.constraints) {
      await client.query(
        `ALTER TABLE ${quoteIdent(c.table)} ADD CONSTRAINT ${quoteIdent(c.name)} ${c.definition}`,
      );
    }
    for (const index of schema.indexes) await client.query(index.definition);
    for (const s of schema.sequences) {
      const sequence = s.identity
        ? (
            await client.query<{ name: string }>("SELECT pg_get_serial_sequence($1, $2) AS name", [
              quoteIdent(s.table),
              s.column,
            ])
          ).rows[0]?.name
        : quoteIdent(s.name);
      await client.query("SELECT setval($1::regclass, $2::bigint, $3)", [
        sequence,
        s.lastValue,
        s.isCalled,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw new RestoreError(
      `loading the database failed, so nothing was changed: ${(error as Error).message}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

async function loadRows(
  client: Awaited<ReturnType<typeof pgClient>>,
  table: PgSchema["tables"][number],
  rowsFile: string,
) {
  const columns = table.columns.filter((c) => !c.generated).map((c) => quoteIdent(c.name));
  const overriding = table.columns.some((c) => c.identity === "a")
    ? " OVERRIDING SYSTEM VALUE"
    : "";
  const insert =
    `INSERT INTO ${quoteIdent(table.name)} (${columns.join(", ")})${overriding} ` +
    `SELECT ${columns.join(", ")} FROM json_populate_recordset(NULL::${quoteIdent(table.name)}, $1::json)`;
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(",")}]`]);
    batch = [];
    size = 0;
  };
  const stream = fs.createReadStream(rowsFile, { encoding: "utf8" });
  let rest = "";
  for await (const chunk of stream) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") continue;
      batch.push(line);
      size += line.length;
      if (batch.length >= 1000 || size >= 8 * 1024 * 1024) await flush();
    }
  }
  if (rest !== "") batch.push(rest);
  await flush();
}
