import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Db } from "./client.ts";
import * as createSchema from "./migrations/2026_11_21_0001_create_schema.ts";

// Listed explicitly (not read from the folder) so the set is the same from
// source, from tests and from any bundle. Names sort by date.
const migrations: Record<string, Migration> = {
  "2026_11_21_0001_create_schema": createSchema,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
