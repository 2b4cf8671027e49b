import type { Db } from "../../db/client.ts";
import { userColumns } from "../users/users.repository.ts";

export async function insertSession(
  db: Db,
  values: { user_id: number; token_hash: string; expires_at: string; user_agent: string | null },
  now: string,
) {
  await db
    .insertInto("sessions")
    .values({ ...values, created_at: now, last_used_at: now })
    .execute();
}

/** The user behind an unexpired session token hash. */
export async function findSessionUser(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      ...userColumns.map((c) => `users.${c}` as const),
      "sessions.id as session_id",
      "sessions.last_used_at",
    ])
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number, now: string) {
  await db.updateTable("sessions").set({ last_used_at: now }).where("id", "=", sessionId).execute();
}

export async function deleteSessionByHash(db: Db, tokenHash: string) {
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: number) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string) {
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}
