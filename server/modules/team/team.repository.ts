import type { Selectable } from "kysely";
import type { TeamMember } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toBool, toIso } from "#server/db/normalize.ts";
import { deleteById, findRow, insertRow, stamped, updateById } from "#server/db/rows.ts";
import type { TeamMembersTable } from "#server/db/schema.ts";
import { nextSortOrder, updateSortOrder } from "#server/db/sort-order.ts";

/** What staff write (and an edit's audit entry compares). */
export const TEAM_MEMBER_FIELDS = [
  "name",
  "role",
  "bio",
  "photo_url",
  "email",
  "linkedin_url",
  "sort_order",
  "published",
] as const;

const columns = ["id", ...TEAM_MEMBER_FIELDS, "created_at", "updated_at"] as const;

export type TeamMemberWrite = Pick<TeamMember, (typeof TEAM_MEMBER_FIELDS)[number]>;

function toTeamMember(row: Selectable<TeamMembersTable>): TeamMember {
  return {
    ...row,
    published: toBool(row.published),
    created_at: toIso(row.created_at) ?? "",
    updated_at: toIso(row.updated_at) ?? "",
  };
}

/** The members in display order; with `publishedOnly`, those the About page shows. */
export async function findTeamMembers(
  db: Db,
  { publishedOnly = false }: { publishedOnly?: boolean } = {},
): Promise<TeamMember[]> {
  let query = db.selectFrom("team_members").select(columns);
  if (publishedOnly) query = query.where("published", "=", true);
  const rows = await query.orderBy("sort_order").orderBy("id").execute();
  return rows.map(toTeamMember);
}

export async function findTeamMemberById(db: Db, id: number): Promise<TeamMember | null> {
  const row = await findRow(db, "team_members", { id }, columns);
  return row ? toTeamMember(row) : null;
}

/** Every member's id, in display order. */
export async function findTeamMemberIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("team_members")
    .select("id")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

export async function insertTeamMember(
  db: Db,
  values: TeamMemberWrite,
  now: string,
): Promise<TeamMember> {
  const row = await insertRow(db, "team_members", { ...values, ...stamped(now) }, columns);
  return toTeamMember(row);
}

export async function updateTeamMember(
  db: Db,
  id: number,
  values: Partial<TeamMemberWrite>,
  now: string,
): Promise<TeamMember | null> {
  const row = await updateById(db, "team_members", id, { ...values, updated_at: now }, columns);
  return row ? toTeamMember(row) : null;
}

/** The deleted member's name, or null when there was none. */
export async function deleteTeamMember(db: Db, id: number): Promise<string | null> {
  return (await deleteById(db, "team_members", id, ["name"]))?.name ?? null;
}

/** The order after the last member. */
export function nextTeamMemberOrder(db: Db): Promise<number> {
  return nextSortOrder(db, "team_members");
}

/** Positions 0, 1, 2… in the order of `ids`. */
export function updateTeamMembersOrder(db: Db, ids: readonly number[]) {
  return updateSortOrder(db, "team_members", ids);
}
