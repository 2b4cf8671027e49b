import type { AuditAction } from "#common/audit.ts";
import type { LoginAttempt, LoginLock } from "#server/auth/login-throttle.ts";
import type { Db } from "#server/db/client.ts";
import { UNKNOWN_CLIENT } from "#server/lib/client-address.ts";
import {
  type AuditActor,
  type AuditEvent,
  insertAuditEvents,
} from "#server/modules/audit/audit.repository.ts";

/**
 * The audit entries of signing in and out (entity "account", labelled with
 * the e-mail address that was used or tried; its id is the user's when one
 * has the address). A password is never part of an entry.
 *
 * How fast failures can grow the log is bounded by the sign-in throttle: only
 * an attempt whose password was checked is recorded (a refused one is not),
 * and a lock once, by the failure that started it.
 */
export function accountEvent(
  action: AuditAction,
  email: string,
  userId: number | null,
  details: Record<string, unknown>,
): AuditEvent {
  return { action, entityType: "account", entityId: userId, label: email, details };
}

/** How the log names someone who has not signed in, by their address. */
export function visitor(client: string): AuditActor {
  return { anonymous: client === UNKNOWN_CLIENT ? "Visitor" : `Visitor at ${client}` };
}

/**
 * Records a wrong password (`attempt`, checked and failed) and the locks it
 * started. `by`: the visitor for a sign-in, the signed-in user for the
 * profile's current-password check (details `current_password`).
 */
export async function recordFailedPassword(
  db: Db,
  by: AuditActor,
  attempt: LoginAttempt,
  {
    userId,
    locks,
    at,
    details = {},
  }: {
    userId: number | null;
    locks: LoginLock[];
    at: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const { email, client } = attempt;
  const events = [accountEvent("sign_in_failed", email, userId, { client, ...details })];
  for (const lock of locks) {
    const about = { scope: lock.scope, client, minutes: Math.round(lock.ms / 60_000) };
    events.push(
      lock.scope === "account"
        ? accountEvent("locked_out", email, userId, about)
        : accountEvent("locked_out", `Every account from ${client}`, null, about),
    );
  }
  await insertAuditEvents(db, by, events, at);
}
