import pg from "pg";
import { pgConnection } from "../../server/db/client.ts";

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

export async function dropSchema(schema: string, url = TEST_DATABASE_URL) {
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
