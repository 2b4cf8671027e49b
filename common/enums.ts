/**
 * The fixed lists of values the schemas validate against and the types name:
 * roles, user and post statuses, service icons. Plain values, no imports, so
 * both `schemas/` and `types.ts` build on them without importing each other.
 */
export const ROLES = ["admin", "editor", "author"] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ["active", "inactive"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const POST_STATUSES = ["draft", "published", "scheduled"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const SERVICE_ICONS = [
  "computer",
  "smartphone",
  "chart",
  "gear",
  "shield",
  "cloud",
  "code",
  "briefcase",
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];
