import {
  type Generated,
  type InsertObject,
  type Selectable,
  type SelectExpression,
  type Selection,
  sql,
  type UpdateObject,
} from "kysely";
import type { Db } from "./client.ts";
import { toCount } from "./normalize.ts";
import type { Database } from "./schema.ts";

/**
 * The queries every repository writes the same way, one table at a time: count
 * the rows, read them all, find one, insert one, update or delete one by its
 * id, each answering the listed columns. The table and the columns are checked against
 * the schema as in a query written out; the casts inside only tell Kysely that
 * a table chosen by a type parameter is still one of the schema's.
 */

type Table = keyof Database;

/** The tables keyed by a generated numeric `id`. */
export type IdTable = {
  [T in Table]: Database[T] extends { id: Generated<number> } ? T : never;
}[Table];

/** What a query answers when it returns `columns` of `table`. */
export type Row<T extends Table, C extends SelectExpression<Database, T>> = Selection<
  Database,
  T,
  C
>;

export async function countRows(db: Db, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

/** Every row of the table, in id order. */
export async function allRows<T extends IdTable>(
  db: Db,
  table: T,
): Promise<Selectable<Database[T]>[]> {
  const rows = await db
    .selectFrom(table as IdTable)
    .selectAll()
    .orderBy("id")
    .execute();
  return rows as Selectable<Database[T]>[];
}

/** The row whose columns equal all of `match` (e.g. `{ slug }`), or null. */
export async function findRow<T extends Table, C extends SelectExpression<Database, T>>(
  db: Db,
  table: T,
  match: Partial<Selectable<Database[T]>>,
  columns: readonly C[],
): Promise<Row<T, C> | null> {
  let query = db
    .selectFrom(table as Table)
    .select(columns as readonly SelectExpression<Database, Table>[]);
  for (const [column, value] of Object.entries(match)) {
    query = query.where(sql.ref(column), "=", value);
  }
  return ((await query.executeTakeFirst()) ?? null) as Row<T, C> | null;
}

export async function insertRow<T extends Table, C extends SelectExpression<Database, T>>(
  db: Db,
  table: T,
  values: InsertObject<Database, T>,
  columns: readonly C[],
): Promise<Row<T, C>> {
  const row = await db
    .insertInto(table as Table)
    .values(values as InsertObject<Database, Table>)
    .returning(columns as readonly SelectExpression<Database, Table>[])
    .executeTakeFirstOrThrow();
  return row as Row<T, C>;
}

/** A new row's `created_at` and `updated_at`, both `now`. */
export function stamped(now: string) {
  return { created_at: now, updated_at: now };
}

/** The updated row, or null when there is no row with this id. */
export async function updateById<T extends IdTable, C extends SelectExpression<Database, T>>(
  db: Db,
  table: T,
  id: number,
  values: UpdateObject<Database, T>,
  columns: readonly C[],
): Promise<Row<T, C> | null> {
  const row = await db
    .updateTable(table as IdTable)
    .set(values as UpdateObject<Database, IdTable>)
    .where("id", "=", id)
    .returning(columns as readonly SelectExpression<Database, IdTable>[])
    .executeTakeFirst();
  return (row ?? null) as Row<T, C> | null;
}

/** The deleted row, or null when there was no row with this id. */
export async function deleteById<T extends IdTable, C extends SelectExpression<Database, T>>(
  db: Db,
  table: T,
  id: number,
  columns: readonly C[],
): Promise<Row<T, C> | null> {
  const row = await db
    .deleteFrom(table as IdTable)
    .where("id", "=", id)
    .returning(columns as readonly SelectExpression<Database, IdTable>[])
    .executeTakeFirst();
  return (row ?? null) as Row<T, C> | null;
}
