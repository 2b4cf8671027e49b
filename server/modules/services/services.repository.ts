import type { Selectable } from "kysely";
import type { Service } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { toIso } from "../../db/normalize.ts";
import type { ServicesTable } from "../../db/schema.ts";

/** What an editor writes (and an edit's audit entry compares). */
export const SERVICE_FIELDS = [
  "title",
  "slug",
  "description",
  "icon",
  "details",
  "sort_order",
] as const;

const columns = ["id", ...SERVICE_FIELDS, "created_at", "updated_at"] as const;

function toService(row: Selectable<ServicesTable>): Service {
  return {
    ...row,
    created_at: toIso(row.created_at) ?? "",
    updated_at: toIso(row.updated_at) ?? "",
  };
}

export async function findServices(db: Db): Promise<Service[]> {
  const rows = await db
    .selectFrom("services")
    .select(columns)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map(toService);
}

export async function findServiceById(db: Db, id: number): Promise<Service | null> {
  const row = await db
    .selectFrom("services")
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toService(row) : null;
}

export async function findServiceBySlug(db: Db, slug: string): Promise<Service | null> {
  const row = await db
    .selectFrom("services")
    .select(columns)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? toService(row) : null;
}

export type ServiceWrite = Pick<Service, "title" | "slug" | "description" | "icon" | "details"> & {
  sort_order?: number;
};

export async function insertService(db: Db, values: ServiceWrite, now: string): Promise<Service> {
  const row = await db
    .insertInto("services")
    .values({ sort_order: 0, ...values, created_at: now, updated_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toService(row);
}

export async function countServices(db: Db): Promise<number> {
  const row = await db
    .selectFrom("services")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateService(
  db: Db,
  id: number,
  values: Partial<ServiceWrite>,
  now: string,
) {
  const row = await db
    .updateTable("services")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .returning(columns)
    .executeTakeFirst();
  return row ? toService(row) : null;
}

export async function deleteService(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("services").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findServiceIdBySlug(db: Db, slug: string) {
  const row = await db
    .selectFrom("services")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function nextServiceOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom("services")
    .select((eb) => eb.fn.max("sort_order").as("max"))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}
