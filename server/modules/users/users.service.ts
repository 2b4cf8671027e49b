import type { Actor } from "#common/permissions.ts";
import { UserCreateSchema, type UserUpdateInput, UserUpdateSchema } from "#common/schemas/users.ts";
import type { User } from "#common/types.ts";
import type { LinkTokens } from "#server/auth/link-tokens.ts";
import { hashPassword, INVITED_NO_PASSWORD_HASH } from "#server/auth/passwords.ts";
import { requirePermission } from "#server/auth/policy.ts";
import { hashToken } from "#server/auth/tokens.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { requireUncommonPassword } from "#server/lib/common-passwords.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { deleteAccountTokens } from "#server/modules/auth/account-tokens.repository.ts";
import { deleteSessionsOfUser } from "#server/modules/auth/sessions.repository.ts";
import { findUsersAwaitingApproval } from "#server/modules/mail/mail.repository.ts";
import {
  type MailContext,
  type MailService,
  queueMail,
} from "#server/modules/mail/mail.service.ts";
import { insertAuditedUser, userEvent, userUpdateEvents } from "./user-audit.ts";
import { type InvitationDeps, inviteUser, resendInvitation } from "./user-invitations.ts";
import { requireAdminsRemain, requireUniqueIdentity, uniqueConflict } from "./user-rules.ts";
import {
  deleteUsers,
  findUserById,
  findUserIdsWithPasswordHash,
  findUsers,
  findUsersByIds,
  lockAdmins,
  setUsersStatus,
  type UserUpdate,
  updateUser,
} from "./users.repository.ts";

/**
 * A deactivated account ends every sign-in and every one-time link of the
 * user (a password reset or an e-mail change asked for before, perhaps by
 * whoever made the account look compromised): a reactivation starts clean.
 */
async function endAccess(db: Db, id: number) {
  await deleteSessionsOfUser(db, id);
  await deleteAccountTokens(db, id);
}

/**
 * Staff management of users (`users:manage`): the list, create, edit,
 * delete and bulk actions. Invitations are in user-invitations.ts, the
 * checks (unique names, the last admin) in user-rules.ts.
 */
export function createUsersService(
  db: Db,
  {
    mail,
    links,
    now: clock = () => new Date(),
  }: { mail?: MailService; links?: LinkTokens; now?: () => Date } = {},
) {
  const invitations: InvitationDeps = { mail, links, clock };

  /**
   * Within the activating transaction, before the change: mails the users of
   * `ids` who registered themselves and waited for approval that they may sign in.
   */
  async function queueApprovalMails(trx: Db, context: MailContext | null, ids: number[]) {
    if (!mail || !context) return;
    const waiting = await findUsersAwaitingApproval(trx, ids);
    await queueMail(
      trx,
      waiting.map((user) => mail.accountApproved(context, user)),
      nowIso(),
    );
  }

  async function listUsers(actor: Actor | null, search?: string): Promise<User[]> {
    requirePermission(actor, "users:manage");
    const users = await findUsers(db, search?.trim() || undefined);
    const invited = await findUserIdsWithPasswordHash(
      db,
      INVITED_NO_PASSWORD_HASH,
      users.map((user) => user.id),
    );
    return users.map((user) =>
      invited.has(user.id) ? { ...user, invitation_pending: true } : user,
    );
  }

  async function getUser(actor: Actor | null, id: number): Promise<User> {
    requirePermission(actor, "users:manage");
    const user = await findUserById(db, id);
    if (!user) throw AppError.notFound("User not found");
    return user;
  }

  async function createUser(actor: Actor | null, input: unknown): Promise<User> {
    requirePermission(actor, "users:manage");
    const data = parseInput(UserCreateSchema, input);
    requireUncommonPassword(data.password);
    await requireUniqueIdentity(db, data);
    const passwordHash = await hashPassword(data.password);
    try {
      return await db.transaction().execute(async (trx) => {
        const user = await insertAuditedUser(
          trx,
          actor,
          { ...data, password_hash: passwordHash },
          nowIso(),
          { role: data.role, status: data.status },
        );
        return user;
      });
    } catch (error) {
      uniqueConflict(error);
    }
  }

  /**
   * `session.token` is the caller's own bearer token: changing your own
   * password keeps that sign-in and ends every other one.
   */
  async function updateUserById(
    actor: Actor | null,
    id: number,
    input: unknown,
    session: { token?: string } = {},
  ): Promise<User> {
    requirePermission(actor, "users:manage");
    const data: UserUpdateInput = parseInput(UserUpdateSchema, input);
    requireUncommonPassword(data.password);
    const before = await findUserById(db, id);
    if (!before) throw AppError.notFound("User not found");
    await requireUniqueIdentity(db, { username: data.username, email: data.email }, id);

    const values: UserUpdate = {};
    for (const key of ["username", "email", "first_name", "last_name", "role", "status"] as const) {
      if (data[key] !== undefined) Object.assign(values, { [key]: data[key] });
    }
    // Hashing is slow: done before the transaction, which holds locks.
    if (data.password) values.password_hash = await hashPassword(data.password);
    const emailChanged = data.email !== undefined && data.email.toLowerCase() !== before.email;
    // The old address is told of a new one, unless nobody ever used it: an
    // invitation not accepted yet (an admin correcting a mistyped address).
    const tellOldAddress =
      emailChanged &&
      !(await findUserIdsWithPasswordHash(db, INVITED_NO_PASSWORD_HASH, [id])).has(id);
    // Read before the transaction (see MailService.context).
    const mailContext =
      (data.status === "active" || tellOldAddress) && mail ? await mail.context() : null;
    try {
      return await db.transaction().execute(async (trx) => {
        if ((data.role !== undefined && data.role !== "admin") || data.status === "inactive") {
          const admins = await lockAdmins(trx);
          const current = admins.find((admin) => admin.id === id);
          const losesAdmin =
            current !== undefined &&
            ((data.role !== undefined && data.role !== "admin") ||
              (data.status === "inactive" && current.status === "active"));
          if (losesAdmin) requireAdminsRemain(admins, { removed: [], deactivated: [id] });
        }
        const now = nowIso();
        if (values.status === "active") await queueApprovalMails(trx, mailContext, [id]);
        const updated = await updateUser(trx, id, values, now);
        if (!updated) throw AppError.notFound("User not found");
        await insertAuditEvents(
          trx,
          actor,
          userUpdateEvents(before, updated, values.password_hash !== undefined),
          now,
        );
        // A deactivated account ends all of the user's sign-ins and links; a
        // new password ends the sign-ins all but the caller's own current one.
        if (values.status === "inactive") {
          await endAccess(trx, id);
        } else if (values.password_hash) {
          const keep = actor.id === id && session.token ? hashToken(session.token) : undefined;
          await deleteSessionsOfUser(trx, id, keep);
        }
        // A new password or e-mail address ends every one-time link of the
        // user (reset, invitation, e-mail change); the old address is told.
        if (values.password_hash || emailChanged) await deleteAccountTokens(trx, id);
        if (tellOldAddress && mail && mailContext) {
          const change = { oldEmail: before.email, newEmail: updated.email, byAdmin: true };
          await queueMail(trx, mail.emailChanged(mailContext, updated, change), now);
        }
        const invited = await findUserIdsWithPasswordHash(trx, INVITED_NO_PASSWORD_HASH, [id]);
        return invited.has(id) ? { ...updated, invitation_pending: true } : updated;
      });
    } catch (error) {
      uniqueConflict(error);
    }
  }

  async function deleteUser(actor: Actor | null, id: number): Promise<void> {
    requirePermission(actor, "users:manage");
    await db.transaction().execute(async (trx) => {
      // The lock first, so a concurrent change is seen whole.
      const admins = await lockAdmins(trx);
      const user = await findUserById(trx, id);
      if (!user) throw AppError.notFound("User not found");
      requireAdminsRemain(admins, { removed: [id], deactivated: [] });
      // The entry before the delete (not writeWithAudit, which writes it
      // after): its actor may be the deleted user, and audit_logs.actor_id
      // references users.
      await insertAuditEvents(trx, actor, [userEvent(user, "deleted")], nowIso());
      await deleteUsers(trx, [id]);
    });
  }

  async function bulkUsers(
    actor: Actor | null,
    action: "activate" | "deactivate" | "delete",
    ids: number[],
  ) {
    requirePermission(actor, "users:manage");
    const unique = [...new Set(ids)];
    // Read before the transaction (see MailService.context).
    const mailContext = action === "activate" && mail ? await mail.context() : null;
    return db.transaction().execute(async (trx) => {
      // The lock first, so a concurrent change is seen whole.
      const admins = action === "activate" ? [] : await lockAdmins(trx);
      const users = await findUsersByIds(trx, unique);
      if (users.length !== unique.length)
        throw AppError.notFound("Some of the selected users do not exist");
      if (action !== "activate") {
        requireAdminsRemain(
          admins,
          action === "delete"
            ? { removed: unique, deactivated: [] }
            : { removed: [], deactivated: unique },
        );
      }
      await insertAuditEvents(
        trx,
        actor,
        users.map((user) =>
          userEvent(
            user,
            action === "delete" ? "deleted" : action === "activate" ? "activated" : "deactivated",
            { bulk: true },
          ),
        ),
        nowIso(),
      );
      if (action === "delete") {
        await deleteUsers(trx, unique);
        return { deleted: unique.length };
      }
      if (action === "deactivate") {
        await setUsersStatus(trx, unique, "inactive", nowIso());
        for (const id of unique) await endAccess(trx, id);
      } else {
        await queueApprovalMails(trx, mailContext, unique);
        await setUsersStatus(trx, unique, "active", nowIso());
      }
      return { updated: unique.length };
    });
  }

  return {
    listUsers,
    getUser,
    createUser,
    inviteUser: (actor: Actor | null, input: unknown) => inviteUser(db, invitations, actor, input),
    resendInvitation: (actor: Actor | null, id: number) =>
      resendInvitation(db, invitations, actor, id),
    updateUser: updateUserById,
    deleteUser,
    bulkUsers,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
