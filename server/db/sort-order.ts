import type { Db } from "./client.ts";

/**
 * The tables whose rows are shown in an order of their own, `sort_order`
 * (services, team members, gallery images): where a new row goes, and a new
 * order. The casts only tell Kysely that the chosen table is one of them.
 */
type OrderedTable = "services" | "team_members" | "gallery_images";

/** One past the last place in the table's order (0 when it is empty). */
export async function nextSortOrder(db: Db, table: OrderedTable): Promise<number> {
  const row = await db
    .selectFrom(table as "services")
    .select((eb) => eb.fn.max("sort_order").as("max"))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Places 0, 1, 2… in the order of `ids`. */
export async function updateSortOrder(db: Db, table: OrderedTable, ids: readonly number[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable(table as "services")
      .set({ sort_order: index })
      .where("id", "=", id)
      .execute();
  }
}
