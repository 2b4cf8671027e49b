import type { AuditAction } from "../../../common/audit.ts";
import type { Actor } from "../../../common/permissions.ts";
import type { User } from "../../../common/types.ts";
import type { AuditEvent } from "../audit/audit.repository.ts";

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
