import type { Db } from "#server/db/client.ts";
import { userColumns } from "#server/modules/users/users.repository.ts";

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

/** The session behind a token hash and its user; the caller judges its age. */
export async function findSessionUser(db: Db, tokenHash: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      ...userColumns.map((c) => `users.${c}` as const),
      "sessions.id as session_id",
      "sessions.created_at as session_created_at",
      "sessions.last_used_at",
      "sessions.expires_at",
    ])
    .where("sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number, now: string) {
  await db.updateTable("sessions").set({ last_used_at: now }).where("id", "=", sessionId).execute();
}

export async function deleteSessionByHash(db: Db, tokenHash: string) {
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

export async function deleteSessionById(db: Db, sessionId: number) {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Ends the user's sessions, except the one with `keepTokenHash`; answers how many. */
export async function deleteSessionsOfUser(db: Db, userId: number, keepTokenHash?: string) {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepTokenHash) query = query.where("token_hash", "!=", keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How long a session lasts: unused (SESSION_IDLE_HOURS) and at all (SESSION_MAX_DAYS). */
export type SessionLimits = { sessionIdleHours: number; sessionMaxDays: number };

/** The sessions past their limits at `now`, deleted (they sign nobody in any more). */
export async function deleteStaleSessions(db: Db, now: Date, limits: SessionLimits) {
  await deleteExpiredSessions(db, {
    now: now.toISOString(),
    createdBefore: new Date(now.getTime() - limits.sessionMaxDays * 86_400_000).toISOString(),
    usedBefore: new Date(now.getTime() - limits.sessionIdleHours * 3_600_000).toISOString(),
  });
}

/** Sessions past their expiry, created before the absolute limit, or idle too long. */
async function deleteExpiredSessions(
  db: Db,
  cutoffs: { now: string; createdBefore: string; usedBefore: string },
) {
  await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", cutoffs.now),
        eb("created_at", "<=", cutoffs.createdBefore),
        eb("last_used_at", "<=", cutoffs.usedBefore),
      ]),
    )
    .execute();
}

/** The user's sessions, most recently used first. */
export async function findSessionsOfUser(db: Db, userId: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "token_hash", "created_at", "last_used_at", "expires_at", "user_agent"])
    .where("user_id", "=", userId)
    .orderBy("last_used_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
