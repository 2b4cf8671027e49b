import { type Actor, can } from "#common/permissions.ts";
import {
  TeamMemberInputSchema,
  TeamMemberUpdateSchema,
  TeamOrderSchema,
} from "#common/schemas/team.ts";
import type { TeamMember } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { changedFields } from "#server/modules/audit/audit.repository.ts";
import { deleteWithAudit, writeWithAudit } from "#server/modules/audit/with-audit.ts";
import {
  deleteTeamMember,
  findTeamMemberById,
  findTeamMemberIds,
  findTeamMembers,
  insertTeamMember,
  nextTeamMemberOrder,
  TEAM_MEMBER_FIELDS,
  updateTeamMember,
  updateTeamMembersOrder,
} from "./team.repository.ts";

const NOT_FOUND = "Team member not found";

/**
 * What is wrong with a new order of the team (`ids`, the whole team), or
 * null: every member's id exactly once, no other id.
 */
export function orderProblem(ids: readonly number[], current: readonly number[]): string | null {
  const seen = new Set<number>();
  const known = new Set(current);
  for (const id of ids) {
    if (seen.has(id)) return `ids lists team member ${id} twice`;
    if (!known.has(id)) return `ids names no team member with id ${id}`;
    seen.add(id);
  }
  const missing = current.filter((id) => !seen.has(id));
  if (missing.length) {
    return `ids must list every team member exactly once; missing: ${missing.join(", ")}`;
  }
  return null;
}

/**
 * The team of the About page. Staff who may manage it (`team:manage`: admins
 * and editors) see and change every member; everyone else, the public page
 * included, sees the published members only, in order.
 */
export function createTeamService(db: Db) {
  /** The published members in display order (the About page, anonymous GET /api/team). */
  async function listPublicTeamMembers(): Promise<TeamMember[]> {
    return findTeamMembers(db, { publishedOnly: true });
  }

  /** Every member for staff who manage the team; the published ones for anyone else. */
  async function listTeamMembers(actor: Actor | null): Promise<TeamMember[]> {
    return findTeamMembers(db, { publishedOnly: !can(actor, "team:manage") });
  }

  async function createTeamMember(actor: Actor | null, input: unknown): Promise<TeamMember> {
    requirePermission(actor, "team:manage");
    const data = parseInput(TeamMemberInputSchema, input);
    return writeWithAudit(
      db,
      actor,
      async (trx, now) =>
        insertTeamMember(
          trx,
          {
            name: data.name,
            role: data.role,
            bio: data.bio,
            photo_url: data.photo_url,
            email: data.email,
            linkedin_url: data.linkedin_url,
            published: data.published,
            sort_order: data.sort_order ?? (await nextTeamMemberOrder(trx)),
          },
          now,
        ),
      (member) => ({
        action: "created",
        entityType: "team_member",
        entityId: member.id,
        label: member.name,
      }),
    );
  }

  /** Changes the fields given; the others keep their stored values. */
  async function updateTeamMemberById(
    actor: Actor | null,
    id: number,
    input: unknown,
  ): Promise<TeamMember> {
    requirePermission(actor, "team:manage");
    const data = parseInput(TeamMemberUpdateSchema, input);
    const changes = Object.fromEntries(
      TEAM_MEMBER_FIELDS.filter((field) => data[field] !== undefined).map((field) => [
        field,
        data[field],
      ]),
    );
    const before = await findTeamMemberById(db, id);
    if (!before) throw AppError.notFound(NOT_FOUND);
    return writeWithAudit(
      db,
      actor,
      async (trx, now) => {
        const updated = await updateTeamMember(trx, id, changes, now);
        if (!updated) throw AppError.notFound(NOT_FOUND);
        return updated;
      },
      (updated) => ({
        action: "updated",
        entityType: "team_member",
        entityId: id,
        label: updated.name,
        details: { changed: changedFields(before, updated, [...TEAM_MEMBER_FIELDS]) },
      }),
    );
  }

  async function deleteTeamMemberById(actor: Actor | null, id: number): Promise<void> {
    requirePermission(actor, "team:manage");
    const target = { entityType: "team_member", id, notFound: NOT_FOUND } as const;
    await deleteWithAudit(db, actor, target, deleteTeamMember);
  }

  /**
   * Puts the whole team in the order of `ids` (each member exactly once),
   * checked and written in one transaction; answers every member in the new order.
   */
  async function reorderTeamMembers(actor: Actor | null, input: unknown): Promise<TeamMember[]> {
    requirePermission(actor, "team:manage");
    const { ids } = parseInput(TeamOrderSchema, input);
    await writeWithAudit(
      db,
      actor,
      async (trx) => {
        const problem = orderProblem(ids, await findTeamMemberIds(trx));
        if (problem) throw AppError.validation({ ids: problem });
        await updateTeamMembersOrder(trx, ids);
      },
      () => ({
        action: "updated",
        entityType: "team_member",
        label: "Team order",
        details: { reordered: ids },
      }),
    );
    return findTeamMembers(db);
  }

  return {
    listPublicTeamMembers,
    listTeamMembers,
    createTeamMember,
    updateTeamMember: updateTeamMemberById,
    deleteTeamMember: deleteTeamMemberById,
    reorderTeamMembers,
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
