import type { Actor } from "../../../common/permissions.ts";
import {
  UserCreateSchema,
  type UserUpdateInput,
  UserUpdateSchema,
} from "../../../common/schemas/users.ts";
import type { User } from "../../../common/types.ts";
import { requireUncommonPassword } from "../../auth/common-passwords.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { nowIso } from "../../db/normalize.ts";
import { AppError } from "../../http/errors.ts";
import { parseInput } from "../../http/validation.ts";
import { deleteSessionsOfUser } from "../auth/sessions.repository.ts";
import {
  deleteUsers,
  findAdmins,
  findUserById,
  findUserIdByEmail,
  findUserIdByUsername,
  findUsers,
  findUsersByIds,
  insertUser,
  setUsersStatus,
  type UserUpdate,
  updateUser,
} from "./users.repository.ts";

export const LAST_ADMIN_DELETE = "Cannot delete the last admin user";
export const ALL_ADMINS_DELETE = "Cannot delete all admin users";
export const LAST_ADMIN_DEMOTE = "Cannot demote or deactivate the last active admin user";

export function createUsersService(db: Db) {
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
   * would stop being (active) admins.
   */
  async function requireAdminsRemain(change: { removed: number[]; deactivated: number[] }) {
    const admins = await findAdmins(db);
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
    return findUsers(db, search?.trim() || undefined);
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
    try {
      return await insertUser(
        db,
        {
          username: data.username,
          email: data.email,
          first_name: data.first_name,
          last_name: data.last_name,
          role: data.role,
          status: data.status,
          password_hash: await hashPassword(data.password),
        },
        nowIso(),
      );
    } catch (error) {
      uniqueConflict(error);
    }
  }

  async function updateUserById(actor: Actor | null, id: number, input: unknown): Promise<User> {
    requirePermission(actor, "users:manage");
    const data: UserUpdateInput = parseInput(UserUpdateSchema, input);
    requireUncommonPassword(data.password);
    const current = await findUserById(db, id);
    if (!current) throw AppError.notFound("User not found");
    await requireUniqueIdentity({ username: data.username, email: data.email }, id);
    const losesAdmin =
      current.role === "admin" &&
      ((data.role !== undefined && data.role !== "admin") ||
        (data.status === "inactive" && current.status === "active"));
    if (losesAdmin) await requireAdminsRemain({ removed: [], deactivated: [id] });

    const values: UserUpdate = {};
    for (const key of ["username", "email", "first_name", "last_name", "role", "status"] as const) {
      if (data[key] !== undefined) Object.assign(values, { [key]: data[key] });
    }
    if (data.password) values.password_hash = await hashPassword(data.password);
    try {
      const updated = await updateUser(db, id, values, nowIso());
      if (!updated) throw AppError.notFound("User not found");
      // A deactivated account or a new password ends the user's sign-ins.
      if (values.status === "inactive" || values.password_hash) {
        await deleteSessionsOfUser(db, id);
      }
      return updated;
    } catch (error) {
      uniqueConflict(error);
    }
  }

  async function deleteUser(actor: Actor | null, id: number): Promise<void> {
    requirePermission(actor, "users:manage");
    const user = await findUserById(db, id);
    if (!user) throw AppError.notFound("User not found");
    await requireAdminsRemain({ removed: [id], deactivated: [] });
    await deleteUsers(db, [id]);
  }

  async function bulkUsers(
    actor: Actor | null,
    action: "activate" | "deactivate" | "delete",
    ids: number[],
  ) {
    requirePermission(actor, "users:manage");
    const unique = [...new Set(ids)];
    const users = await findUsersByIds(db, unique);
    if (users.length !== unique.length)
      throw AppError.notFound("Some of the selected users do not exist");
    if (action === "delete") {
      await requireAdminsRemain({ removed: unique, deactivated: [] });
      await deleteUsers(db, unique);
      return { deleted: unique.length };
    }
    if (action === "deactivate") {
      await requireAdminsRemain({ removed: [], deactivated: unique });
      await setUsersStatus(db, unique, "inactive", nowIso());
      for (const id of unique) await deleteSessionsOfUser(db, id);
    } else {
      await setUsersStatus(db, unique, "active", nowIso());
    }
    return { updated: unique.length };
  }

  return { listUsers, getUser, createUser, updateUser: updateUserById, deleteUser, bulkUsers };
}

export type UsersService = ReturnType<typeof createUsersService>;
