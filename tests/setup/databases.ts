import fs from "node:fs";
import pg from "pg";
import { pgConnection } from "#server/db/client.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://127.0.0.1:5432/test";

/** True when the test PostgreSQL server answers. */
export async function isPostgresReachable(url = TEST_DATABASE_URL): Promise<boolean> {
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
 * Drops a test's schema, or, during a vitest run, notes it for the run's end
 * (tests/setup/database-templates.ts): Kysely's migrator reads the table list
 * of every schema, and a schema dropped by one test file while another file
 * migrates made that migration fail ("schema … does not exist").
 */
export async function dropSchema(schema: string, url = TEST_DATABASE_URL) {
  const deferred = process.env.BERANDA_TEST_SCHEMA_DROPS;
  if (deferred && url === TEST_DATABASE_URL) {
    fs.appendFileSync(deferred, `${schema}\n`);
    return;
  }
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
