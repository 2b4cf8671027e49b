import { type Selectable, sql } from "kysely";
import type { Role, UserStatus } from "#common/enums.ts";
import type { User } from "#common/types.ts";
import { INVITED_NO_PASSWORD_HASH } from "#server/auth/passwords.ts";
import { type Db, dialectOf } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";
import { countRows, findRow, insertRow, stamped, updateById } from "#server/db/rows.ts";
import type { UsersTable } from "#server/db/schema.ts";

export const userColumns = [
  "id",
  "username",
  "email",
  "first_name",
  "last_name",
  "role",
  "status",
  "last_login",
  "created_at",
] as const;

export function toUser(row: Pick<Selectable<UsersTable>, (typeof userColumns)[number]>): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    status: row.status,
    last_login: toIso(row.last_login),
    created_at: toIso(row.created_at) ?? "",
  };
}

export type UserInsert = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: UserStatus;
  password_hash: string;
  /** A self-registration: when it asked for approval (see purgeUnapprovedRegistrations). */
  awaiting_approval_since?: string | null;
  avatar_url?: string | null;
};

export async function insertUser(db: Db, values: UserInsert, now: string): Promise<User> {
  const email = values.email.toLowerCase();
  const row = await insertRow(db, "users", { ...values, email, ...stamped(now) }, userColumns);
  return toUser(row);
}

export async function countUsers(db: Db): Promise<number> {
  return countRows(db, "users");
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("users")
    .select([...userColumns, "password_hash"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUsers(db: Db, search?: string) {
  let query = db.selectFrom("users").select(userColumns);
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        ["username", "email", "role", "first_name", "last_name"]
          .map((column) => eb(sql`lower(${sql.ref(column)})`, "like", sql`${pattern} escape '\\'`))
          .concat(
            eb(sql`lower(first_name || ' ' || last_name)`, "like", sql`${pattern} escape '\\'`),
          ),
      ),
    );
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toUser);
}

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const row = await findRow(db, "users", { id }, userColumns);
  return row ? toUser(row) : null;
}

export async function findUsersByIds(db: Db, ids: number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("users").select(userColumns).where("id", "in", ids).execute();
  return rows.map(toUser);
}

export async function findUserIdByUsername(db: Db, username: string) {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findUserIdByEmail(db: Db, email: string) {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export type UserUpdate = Partial<UserInsert>;

export async function updateUser(db: Db, id: number, values: UserUpdate, now: string) {
  const row = await updateById(
    db,
    "users",
    id,
    {
      ...values,
      ...(values.email ? { email: values.email.toLowerCase() } : {}),
      // Activated once: approved for good, never purged as a pending registration.
      ...(values.status === "active" ? { awaiting_approval_since: null } : {}),
      updated_at: now,
    },
    userColumns,
  );
  return row ? toUser(row) : null;
}

export async function setUsersStatus(db: Db, ids: number[], status: UserStatus, now: string) {
  await db
    .updateTable("users")
    .set({
      status,
      ...(status === "active" ? { awaiting_approval_since: null } : {}),
      updated_at: now,
    })
    .where("id", "in", ids)
    .execute();
}

/**
 * Deletes self-registrations that still wait for approval and asked before
 * `cutoff`: inactive, never activated. Accounts an admin made or activated
 * (and later perhaps deactivated) have no `awaiting_approval_since` and stay.
 * Answers the deleted accounts.
 */
export async function purgeUnapprovedRegistrations(db: Db, cutoff: string) {
  const stale = await db
    .selectFrom("users")
    .select(["id", "username", "first_name", "last_name"])
    .where("status", "=", "inactive")
    .where("awaiting_approval_since", "is not", null)
    .where("awaiting_approval_since", "<", cutoff)
    .execute();
  const ids = stale.map((user) => user.id);
  if (ids.length > 0) await deleteUsers(db, ids);
  return stale;
}

export async function setLastLogin(db: Db, id: number, now: string) {
  await db.updateTable("users").set({ last_login: now }).where("id", "=", id).execute();
}

export async function deleteUsers(db: Db, ids: number[]) {
  await db.deleteFrom("users").where("id", "in", ids).execute();
}

/**
 * Admin ids, and which of them are active: an invited admin who has not set a
 * password yet is not (status "invited"), since nobody can sign in as them.
 * Inside a transaction on PostgreSQL
 * the rows stay locked until it ends, so a second check of the last admins
 * waits for the first change and then sees it. SQLite needs no lock: its one
 * connection runs one transaction at a time (and BEGIN IMMEDIATE holds the
 * file's write lock, see db/dialects/node-sqlite.ts).
 */
export async function lockAdmins(db: Db): Promise<{ id: number; status: string }[]> {
  const query = db
    .selectFrom("users")
    .select(["id", "status", "password_hash"])
    .where("role", "=", "admin")
    .orderBy("id");
  const rowLocks = dialectOf(db) === "postgres";
  const rows = await (rowLocks ? query.forUpdate() : query).execute();
  return rows.map(({ id, status, password_hash }) => ({
    id,
    status: password_hash === INVITED_NO_PASSWORD_HASH ? "invited" : status,
  }));
}

/** Which of the users have no password yet (invited, not accepted). */
export async function findUserIdsWithPasswordHash(db: Db, passwordHash: string, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("password_hash", "=", passwordHash)
    .where("id", "in", ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether the site has an active admin who can sign in (first-run setup is
 * open until it does; an invitation not accepted yet does not count).
 */
export async function hasActiveAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("status", "=", "active")
    .where("password_hash", "!=", INVITED_NO_PASSWORD_HASH)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's password hash and avatar (the profile), or null. */
export async function findUserSecrets(db: Db, id: number) {
  return findRow(db, "users", { id }, ["password_hash", "avatar_url"]);
}
