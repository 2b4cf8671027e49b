import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { openDb, pgConnection } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";

/** The PostgreSQL server (and database) the tests may use: TEST_DATABASE_URL. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://127.0.0.1:5432/test";

/**
 * Where the tests' schemas go: during a vitest run, a database of that run's
 * own, which the run's global setup creates on the server and drops at its
 * end (`createRunDatabase`), so two runs at once (two checkouts, CI beside a
 * developer) never see each other's schemas; elsewhere the server's database.
 */
export const TEST_DATABASE_URL = process.env.BERANDA_RUN_DATABASE_URL ?? TEST_SERVER_URL;

/**
 * Creates an empty database for one test run on the test server and answers
 * its address and a function that drops it (with any connection left open).
 */
export async function createRunDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `beranda_run_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client(pgConnection(TEST_SERVER_URL));
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE template0`);
  // A test run's data need not survive a crash of the server: commits return
  // without waiting for the disk (for this database only).
  await admin(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** True when the test PostgreSQL server answers. */
export async function isPostgresReachable(url = TEST_SERVER_URL): Promise<boolean> {
  const client = new pg.Client({ ...pgConnection(url), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Drops a test's schema; during a vitest run, nothing: the run's database goes
 * at the run's end with every schema in it. (Kysely's migrator reads the
 * table list of every schema, and a schema dropped by one test file while
 * another file migrated made that migration fail: "schema … does not exist".)
 */
export async function dropSchema(schema: string, url = TEST_DATABASE_URL) {
  if (process.env.BERANDA_RUN_DATABASE_URL && url === process.env.BERANDA_RUN_DATABASE_URL) return;
  const client = new pg.Client(pgConnection(url));
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export async function createSchema(schema: string, url = TEST_DATABASE_URL) {
  const client = new pg.Client(pgConnection(url));
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
}

/**
 * Copies every row of schema `from` into schema `to`, which the same
 * migrations made: tables emptied first, triggers and foreign keys held off
 * while rows go in (session_replication_role), generated columns left to the
 * database, and every sequence moved past the copied ids.
 */
export async function copySchemaRows(from: string, to: string, url = TEST_DATABASE_URL) {
  const client = new pg.Client(pgConnection(url));
  await client.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
        order by table_name`,
      [from],
    );
    const names = tables.map((t) => `${to}."${t.name}"`).join(", ");
    if (names) await client.query(`truncate ${names}`);
    for (const { name } of tables) {
      const { rows: columns } = await client.query<{ name: string; sequence: string | null }>(
        `select column_name as name, pg_get_serial_sequence(quote_ident($1) || '.' || quote_ident($2), column_name) as sequence
           from information_schema.columns
          where table_schema = $1 and table_name = $2 and is_generated = 'NEVER'
          order by ordinal_position`,
        [to, name],
      );
      const list = columns.map((c) => `"${c.name}"`).join(", ");
      await client.query(
        `insert into ${to}."${name}" (${list}) overriding system value select ${list} from ${from}."${name}"`,
      );
      for (const { name: column, sequence } of columns) {
        if (!sequence) continue;
        await client.query(
          `select setval($1, coalesce((select max("${column}") from ${to}."${name}"), 0) + 1, false)`,
          [sequence],
        );
      }
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Schema `schema` as SQL (its tables, indexes, sequences and rows) with its
 * name replaced by `SCHEMA_NAME`, made by `pg_dump`; null when pg_dump is
 * missing or refuses (a server newer than the client): the caller then
 * migrates as before. Replaying it (`restoreSchemaDump`) makes a test app's
 * schema in one round trip, under a third of the time its 21 migrations take
 * (docs/performance.md, "Test schemas from a dump; Node's compile cache").
 */
export async function dumpSchema(schema: string, url = TEST_DATABASE_URL): Promise<string | null> {
  const { connectionString } = pgConnection(url);
  try {
    const { stdout } = await promisify(execFile)(
      "pg_dump",
      [
        "--dbname",
        String(connectionString),
        "--schema",
        schema,
        "--no-owner",
        "--no-privileges",
        "--inserts",
        "--rows-per-insert=100",
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return (
      stdout
        .split("\n")
        // psql's meta-commands (\\restrict) mean nothing to the server.
        .filter((line) => !line.startsWith("\\"))
        .join("\n")
        .replace(new RegExp(`\\b${schema}\\b`, "g"), SCHEMA_NAME)
    );
  } catch {
    return null;
  }
}

const SCHEMA_NAME = "__beranda_test_schema__";

/** Makes schema `schema` from a `dumpSchema` answer, on a connection of its own. */
export async function restoreSchemaDump(dump: string, schema: string, url = TEST_DATABASE_URL) {
  const client = new pg.Client(pgConnection(url));
  await client.connect();
  try {
    await client.query(dump.replaceAll(SCHEMA_NAME, schema));
  } finally {
    await client.end();
  }
}

/** Schema `schema` on `url` with every migration applied (made when missing). */
export async function migrateSchema(schema: string, url = TEST_DATABASE_URL) {
  const handle = await openDb({ database: { kind: "postgres", url }, schema });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}
