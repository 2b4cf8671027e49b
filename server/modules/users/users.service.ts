import { LAST_ADMIN_MESSAGES } from "#common/limits.ts";
import type { Actor } from "#common/permissions.ts";
import {
  UserCreateSchema,
  UserInviteSchema,
  type UserUpdateInput,
  UserUpdateSchema,
} from "#common/schemas/users.ts";
import type { User } from "#common/types.ts";
import type { LinkTokens } from "#server/auth/link-tokens.ts";
import { hashPassword, INVITED_NO_PASSWORD_HASH } from "#server/auth/passwords.ts";
import { requirePermission } from "#server/auth/policy.ts";
import { hashToken } from "#server/auth/tokens.ts";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { requireUncommonPassword } from "#server/lib/common-passwords.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { type AuditEvent, insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { INVITATION_DAYS, issueAccountLink } from "#server/modules/auth/account.service.ts";
import { deleteAccountTokens } from "#server/modules/auth/account-tokens.repository.ts";
import { deleteSessionsOfUser } from "#server/modules/auth/sessions.repository.ts";
import { findUsersAwaitingApproval } from "#server/modules/mail/mail.repository.ts";
import {
  type MailContext,
  type MailService,
  queueMail,
} from "#server/modules/mail/mail.service.ts";
import { insertAuditedUser, userEvent, userLabel } from "./user-audit.ts";
import {
  deleteUsers,
  findUserById,
  findUserIdByEmail,
  findUserIdByUsername,
  findUserIdsWithPasswordHash,
  findUsers,
  findUsersByIds,
  lockAdmins,
  setUsersStatus,
  type UserUpdate,
  updateUser,
} from "./users.repository.ts";

export const {
  delete: LAST_ADMIN_DELETE,
  deleteAll: ALL_ADMINS_DELETE,
  demote: LAST_ADMIN_DEMOTE,
} = LAST_ADMIN_MESSAGES;
export const INVITATION_ALREADY_ACCEPTED = "This user has already set a password.";
export const MAIL_UNAVAILABLE = "Invitations need the mail service.";

/** An edit of a user as audit entries: what changed, and the role and status changes by name. */
function userUpdateEvents(before: User, after: User, passwordChanged: boolean): AuditEvent[] {
  const entity = { entityType: "user", entityId: after.id, label: userLabel(after) } as const;
  const changed: string[] = (
    ["username", "email", "first_name", "last_name", "role", "status"] as const
  ).filter((field) => before[field] !== after[field]);
  if (passwordChanged) changed.push("password");
  const events: AuditEvent[] = [{ ...entity, action: "updated", details: { changed } }];
  if (before.role !== after.role) {
    events.push({
      ...entity,
      action: "role_changed",
      details: { from: before.role, to: after.role },
    });
  }
  if (before.status !== after.status) {
    events.push({ ...entity, action: after.status === "active" ? "activated" : "deactivated" });
  }
  return events;
}

export function createUsersService(
  db: Db,
  {
    mail,
    links,
    now: clock = () => new Date(),
  }: { mail?: MailService; links?: LinkTokens; now?: () => Date } = {},
) {
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

  async function requireUniqueIdentity(
    fields: { username?: string; email?: string },
    exceptId?: number,
  ) {
    if (fields.username) {
      const id = await findUserIdByUsername(db, fields.username);
      if (id !== null && id !== exceptId) {
        throw AppError.conflict("Username already exists", { username: "Username already exists" });
      }
    }
    if (fields.email) {
      const id = await findUserIdByEmail(db, fields.email);
      if (id !== null && id !== exceptId) {
        throw AppError.conflict("Email already exists", { email: "Email already exists" });
      }
    }
  }

  function uniqueConflict(error: unknown): never {
    if (isUniqueViolation(error)) {
      const field = /email/i.test(String((error as Error).message)) ? "email" : "username";
      const message = field === "email" ? "Email already exists" : "Username already exists";
      throw AppError.conflict(message, { [field]: message });
    }
    throw error;
  }

  /**
   * At least one active admin must remain. `change` describes the users that
   * would stop being (active) admins. `admins` come from `lockAdmins` inside
   * the transaction that makes the change: those rows stay locked until it
   * commits, so two requests each removing the other of the last two admins
   * cannot both pass.
   */
  function requireAdminsRemain(
    admins: { id: number; status: string }[],
    change: { removed: number[]; deactivated: number[] },
  ) {
    const removed = new Set(change.removed);
    const deactivated = new Set(change.deactivated);
    const touchesAdmin = admins.some((a) => removed.has(a.id) || deactivated.has(a.id));
    if (!touchesAdmin) return;
    const remaining = admins.filter((a) => !removed.has(a.id));
    const remainingActive = remaining.filter(
      (a) => a.status === "active" && !deactivated.has(a.id),
    );
    if (remaining.length === 0) {
      throw AppError.conflict(change.removed.length > 1 ? ALL_ADMINS_DELETE : LAST_ADMIN_DELETE);
    }
    if (remainingActive.length === 0) {
      throw AppError.conflict(change.deactivated.length ? LAST_ADMIN_DEMOTE : LAST_ADMIN_DELETE);
    }
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

  /** The actor's name for an invitation mail ("Ada Admin"). */
  async function actorName(actor: Actor): Promise<string> {
    const user = await findUserById(db, actor.id);
    return user
      ? `${user.first_name} ${user.last_name}`.trim() || user.username
      : "An administrator";
  }

  /**
   * Add New User without a password: the user is mailed a link (valid for
   * INVITATION_DAYS) to set one, and cannot sign in before.
   */
  async function inviteUser(actor: Actor | null, input: unknown): Promise<User> {
    requirePermission(actor, "users:manage");
    if (!mail || !links) throw new Error(MAIL_UNAVAILABLE);
    const data = parseInput(UserInviteSchema, input);
    await requireUniqueIdentity(data);
    // Read before the transaction (see MailService.context).
    const context = await mail.context();
    const invitedBy = await actorName(actor);
    try {
      return await db.transaction().execute(async (trx) => {
        const now = clock();
        const at = now.toISOString();
        const user = await insertAuditedUser(
          trx,
          actor,
          { ...data, password_hash: INVITED_NO_PASSWORD_HASH },
          at,
          { role: data.role, status: data.status, invited: true },
        );
        const nonce = await issueAccountLink(
          trx,
          links,
          { userId: user.id, purpose: "invitation", accountEmail: user.email },
          now,
          INVITATION_DAYS * 86_400_000,
        );
        await queueMail(trx, mail.invitation(context, user, nonce, invitedBy), at);
        return { ...user, invitation_pending: true };
      });
    } catch (error) {
      uniqueConflict(error);
    }
  }

  /** A new invitation link for a user who has not set a password yet; the old link stops working. */
  async function resendInvitation(actor: Actor | null, id: number): Promise<User> {
    requirePermission(actor, "users:manage");
    if (!mail || !links) throw new Error(MAIL_UNAVAILABLE);
    const user = await findUserById(db, id);
    if (!user) throw AppError.notFound("User not found");
    const pending = await findUserIdsWithPasswordHash(db, INVITED_NO_PASSWORD_HASH, [id]);
    if (!pending.has(id)) throw AppError.conflict(INVITATION_ALREADY_ACCEPTED);
    const context = await mail.context();
    const invitedBy = await actorName(actor);
    return db.transaction().execute(async (trx) => {
      const now = clock();
      const at = now.toISOString();
      const nonce = await issueAccountLink(
        trx,
        links,
        { userId: id, purpose: "invitation", accountEmail: user.email },
        now,
        INVITATION_DAYS * 86_400_000,
      );
      await queueMail(trx, mail.invitation(context, user, nonce, invitedBy), at);
      await insertAuditEvents(
        trx,
        actor,
        [userEvent(user, "updated", { changed: [], invitation: "resent" })],
        at,
      );
      return { ...user, invitation_pending: true };
    });
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
    await requireUniqueIdentity(data);
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
    await requireUniqueIdentity({ username: data.username, email: data.email }, id);

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
        // A deactivated account ends all of the user's sign-ins; a new
        // password ends them all but the caller's own current one.
        if (values.status === "inactive") {
          await deleteSessionsOfUser(trx, id);
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
        for (const id of unique) await deleteSessionsOfUser(trx, id);
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
    inviteUser,
    resendInvitation,
    updateUser: updateUserById,
    deleteUser,
    bulkUsers,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
