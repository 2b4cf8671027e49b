import type { Role } from "./enums.ts";

/**
 * Permissions as data: what each role may do. The server enforces them on
 * every call (`requirePermission`); the admin UI only uses them to hide what
 * a role cannot use (`can`).
 */
export const PERMISSIONS = [
  "admin:access",
  "posts:create",
  "posts:manage-own",
  "posts:manage-any",
  "posts:feature",
  "categories:manage",
  "tags:manage",
  "services:manage",
  "pages:manage",
  "gallery:manage",
  "team:manage",
  "messages:manage",
  "uploads:create",
  "uploads:manage",
  "settings:manage",
  "users:manage",
  "audit:view",
  "mail:view",
  // Moving in from WordPress or Ghost (issue 27): admins only.
  "content:import",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const STAFF: Permission[] = ["admin:access", "posts:create", "posts:manage-own", "uploads:create"];
const EDITOR: Permission[] = [
  ...STAFF,
  "posts:manage-any",
  "posts:feature",
  "categories:manage",
  "tags:manage",
  "services:manage",
  // Company pages (About-like pages, Terms, Privacy): editors and admins, not authors.
  "pages:manage",
  "gallery:manage",
  "team:manage",
  "messages:manage",
  "uploads:manage",
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: EDITOR,
  author: STAFF,
};

export type Actor = { id: number; role: Role };

export function can(actor: Actor | null | undefined, permission: Permission): boolean {
  return !!actor && ROLE_PERMISSIONS[actor.role]?.includes(permission) === true;
}

/** May the actor edit, publish or delete this post? Any post for editors, own posts for authors. */
export function canManagePost(
  actor: Actor | null | undefined,
  post: { author_id: number | null },
): boolean {
  if (can(actor, "posts:manage-any")) return true;
  return can(actor, "posts:manage-own") && post.author_id === actor?.id;
}
