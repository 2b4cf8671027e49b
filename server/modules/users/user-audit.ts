import type { AuditAction } from "#common/audit.ts";
import type { Actor } from "#common/permissions.ts";
import type { User } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { type AuditEvent, insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { insertUser, type UserInsert } from "./users.repository.ts";

type Named = Pick<User, "id" | "username" | "first_name" | "last_name">;

/** "First Last (username)", or the username alone: how the audit log names a user. */
export function userLabel(user: Omit<Named, "id">): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name ? `${name} (${user.username})` : user.username;
}

/** An audit entry about this user. */
export function userEvent(
  user: Named,
  action: AuditAction,
  details?: Record<string, unknown>,
): AuditEvent {
  return {
    action,
    entityType: "user",
    entityId: user.id,
    label: userLabel(user),
    ...(details ? { details } : {}),
  };
}

/** A user acting on their own account (registering, first-run setup, a reset link, the profile). */
export function selfActor(user: Pick<User, "id" | "role">): Actor {
  return { id: user.id, role: user.role };
}

/**
 * Inserts a user and its "created" audit entry with the caller's transaction.
 * `values` may hold more than the user's columns (a form's password, a token):
 * only the columns are written. `actor` "self": the new user is its own actor
 * (registering, first-run setup).
 */
export async function insertAuditedUser(
  trx: Db,
  actor: Actor | "self",
  values: UserInsert,
  at: string,
  details: Record<string, unknown>,
): Promise<User> {
  const { username, email, first_name, last_name, role, status, password_hash } = values;
  const awaiting_approval_since = values.awaiting_approval_since ?? null;
  const user = await insertUser(
    trx,
    {
      username,
      email,
      first_name,
      last_name,
      role,
      status,
      password_hash,
      awaiting_approval_since,
    },
    at,
  );
  const by = actor === "self" ? selfActor(user) : actor;
  await insertAuditEvents(trx, by, [userEvent(user, "created", details)], at);
  return user;
}

/** An edit of a user as audit entries: what changed, and the role and status changes by name. */
export function userUpdateEvents(
  before: User,
  after: User,
  passwordChanged: boolean,
): AuditEvent[] {
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
