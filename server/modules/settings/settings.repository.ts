import type { Db } from "#server/db/client.ts";
import { nowIso, parseJson } from "#server/db/normalize.ts";

export async function findAllSettingsRows(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom("settings").select(["section", "data"]).execute();
  return Object.fromEntries(rows.map((row) => [row.section, parseJson(row.data, {})]));
}

export async function findSettingsRow(db: Db, section: string): Promise<unknown | undefined> {
  const row = await db
    .selectFrom("settings")
    .select("data")
    .where("section", "=", section)
    .executeTakeFirst();
  return row ? parseJson(row.data, {}) : undefined;
}

export async function upsertSettingsRow(db: Db, section: string, data: unknown): Promise<void> {
  const json = JSON.stringify(data);
  const updatedAt = nowIso();
  await db
    .insertInto("settings")
    .values({ section, data: json, updated_at: updatedAt })
    .onConflict((oc) => oc.column("section").doUpdateSet({ data: json, updated_at: updatedAt }))
    .execute();
}

/** Inserts the section only when it does not exist yet (seeding). */
export async function insertSettingsRowIfMissing(db: Db, section: string, data: unknown) {
  await db
    .insertInto("settings")
    .values({ section, data: JSON.stringify(data), updated_at: nowIso() })
    .onConflict((oc) => oc.column("section").doNothing())
    .execute();
}
