import os from "node:os";
import path from "node:path";
import {
  type Dialect,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresDialectConfig,
  SqliteDialect,
} from "kysely";
import type pg from "pg";
import type { Config } from "#server/config.ts";
import { CurrentSchemaIntrospector } from "./current-schema-introspector.ts";
import { openNodeSqlite } from "./dialects/node-sqlite.ts";
import { ensurePrivateDir, ensurePrivateFile } from "./private-files.ts";
import type { Database } from "./schema.ts";
import { trackWrites, type WriteEvents } from "./write-tracking.ts";

export type Db = Kysely<Database>;

/** The two databases Beranda runs on. */
export type DialectName = "sqlite" | "postgres";

/**
 * Which database a Kysely instance (or a transaction of it) talks to: the one
 * place the code asks, for the few statements the two write differently
 * (full-text search, row locks, column types in migrations).
 */
// biome-ignore lint/suspicious/noExplicitAny: any database shape, migrations included
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

export type DbHandle = {
  db: Db;
  kind: DialectName;
  /** Committed INSERT/UPDATE/DELETE statements, by table (see write-tracking.ts). */
  writes: WriteEvents;
  close: () => Promise<void>;
};

let pgModule: Promise<typeof pg> | undefined;

/**
 * The pg driver, loaded only for PostgreSQL (SQLite sites never need it).
 * PostgreSQL answers count() as int8 and timestamptz as Date; the parsers
 * normalise both so services see numbers and UTC ISO strings on both databases.
 */
async function loadPg(): Promise<typeof pg> {
  pgModule ??= import("pg").then(({ default: driver }) => {
    driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number(value));
    driver.types.setTypeParser(driver.types.builtins.NUMERIC, (value) => Number(value));
    driver.types.setTypeParser(driver.types.builtins.TIMESTAMPTZ, (value) =>
      new Date(value).toISOString(),
    );
    driver.types.setTypeParser(driver.types.builtins.TIMESTAMP, (value) =>
      new Date(`${value}Z`).toISOString(),
    );
    return driver;
  });
  return pgModule;
}

export type OpenDbOptions = {
  database: Config["database"];
  /** PostgreSQL only: use this schema (created when missing) instead of `public`. */
  schema?: string;
  /**
   * How long a statement waits for a lock held elsewhere (SQLite busy_timeout,
   * PostgreSQL lock_timeout) before failing; see `isDatabaseBusy`. Default 5000.
   */
  lockTimeoutMs?: number;
};

/**
 * Connection settings from the URL. Without a user name in it, libpq's rule
 * applies (PGUSER, else the operating-system user), which node-postgres only
 * follows when USER is set, so it is made explicit here.
 */
export function pgConnection(url: string): pg.ClientConfig {
  const parsed = new URL(url);
  if (!parsed.username) {
    parsed.username = encodeURIComponent(process.env.PGUSER || os.userInfo().username);
  }
  return { connectionString: parsed.toString() };
}

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.database.kind === "sqlite") {
    ensurePrivateDir(path.dirname(options.database.file));
    ensurePrivateFile(options.database.file);
    const sqlite = openNodeSqlite(options.database.file, {
      busyTimeoutMs: options.lockTimeoutMs ?? 5000,
    });
    const { dialect, events } = trackWrites(new SqliteDialect({ database: sqlite }));
    const db = new Kysely<Database>({ dialect });
    return { db, kind: "sqlite", writes: events, close: () => db.destroy() };
  }

  const pg = await loadPg();
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name ${schema}`);
  }
  const pool = new pg.Pool({
    ...pgConnection(options.database.url),
    max: 10,
    lock_timeout: Math.trunc(options.lockTimeoutMs ?? 5000),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Fail fast with a clear message when the server is unreachable. A missing
  // schema is made on that first connection (its search_path may name a
  // schema that does not exist yet), not on a connection of its own.
  const client = await pool.connect();
  try {
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    client.release();
    await pool.end();
    throw error;
  }
  client.release();
  const { dialect, events } = trackWrites(postgresDialect({ pool }));
  const db = new Kysely<Database>({ dialect });
  return { db, kind: "postgres", writes: events, close: () => db.destroy() };
}

/**
 * Kysely's PostgreSQL dialect, looking only at our own schema when it reads
 * the database's tables (current-schema-introspector.ts): every Kysely on
 * PostgreSQL is made with it, the migrator's included.
 */
export function postgresDialect(config: PostgresDialectConfig): Dialect {
  const postgres = new PostgresDialect(config);
  return {
    createAdapter: () => postgres.createAdapter(),
    createDriver: () => postgres.createDriver(),
    createQueryCompiler: () => postgres.createQueryCompiler(),
    createIntrospector: (db) => new CurrentSchemaIntrospector(db),
  };
}
