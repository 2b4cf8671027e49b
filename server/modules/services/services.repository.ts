import type { Selectable } from "kysely";
import type { Service } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import { deleteById, findRow, insertRow, stamped, updateById } from "#server/db/rows.ts";
import type { ServicesTable } from "#server/db/schema.ts";
import { nextSortOrder, updateSortOrder } from "#server/db/sort-order.ts";

/** What an editor writes (and an edit's audit entry compares). */
export const SERVICE_FIELDS = [
  "title",
  "slug",
  "description",
  "icon",
  "details",
  "sort_order",
] as const;

const columns = ["id", ...SERVICE_FIELDS, "version", "created_at", "updated_at"] as const;

function toService(row: Omit<Selectable<ServicesTable>, "updated_by">): Service {
  return {
    ...row,
    version: Number(row.version),
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
  const row = await findRow(db, "services", { id }, columns);
  return row ? toService(row) : null;
}

export async function findServiceBySlug(db: Db, slug: string): Promise<Service | null> {
  const row = await findRow(db, "services", { slug }, columns);
  return row ? toService(row) : null;
}

export type ServiceWrite = Pick<Service, "title" | "slug" | "description" | "icon" | "details"> & {
  sort_order?: number;
};

export async function insertService(db: Db, values: ServiceWrite, now: string): Promise<Service> {
  const row = await insertRow(
    db,
    "services",
    { sort_order: 0, ...values, ...stamped(now) },
    columns,
  );
  return toService(row);
}

export async function updateService(
  db: Db,
  id: number,
  values: Partial<ServiceWrite>,
  now: string,
) {
  const row = await updateById(db, "services", id, { ...values, updated_at: now }, columns);
  return row ? toService(row) : null;
}

export async function deleteService(db: Db, id: number): Promise<boolean> {
  return (await deleteById(db, "services", id, ["id"])) !== null;
}

export async function findServiceIdBySlug(db: Db, slug: string) {
  const row = await findRow(db, "services", { slug }, ["id"]);
  return row?.id ?? null;
}

export function nextServiceOrder(db: Db): Promise<number> {
  return nextSortOrder(db, "services");
}

/** The services in the order of `ids` (sort_order 0, 1, …): every service's id, once. */
export function updateServicesOrder(db: Db, ids: readonly number[]) {
  return updateSortOrder(db, "services", ids);
}
