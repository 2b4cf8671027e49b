import type { Selectable } from "kysely";
import type { Role, User, UserStatus } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { toCount, toIso } from "../../db/normalize.ts";
import type { UsersTable } from "../../db/schema.ts";

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
};

export async function insertUser(db: Db, values: UserInsert, now: string): Promise<User> {
  const row = await db
    .insertInto("users")
    .values({ ...values, email: values.email.toLowerCase(), created_at: now, updated_at: now })
    .returning(userColumns)
    .executeTakeFirstOrThrow();
  return toUser(row);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("users")
    .select([...userColumns, "password_hash"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}
