import { LIST_PAGE_SIZE } from "./limits.ts";

/** What the audit log records, and the words the admin screen shows for it. */
export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "published",
  "unpublished",
  "deleted",
  "role_changed",
  "activated",
  "deactivated",
  // Security events (entity "account", and "media" for uploads).
  "signed_in",
  "sign_in_failed",
  "locked_out",
  "signed_out_everywhere",
  "uploaded",
  "password_reset_requested",
  "email_change_requested",
  // A post's or page's secret preview links (issue 23).
  "preview_link_created",
  "preview_link_revoked",
  // A post, page or service got an earlier revision's content back (issue 23).
  "revision_restored",
  // A dry run or an import from WordPress or Ghost (issue 27): started, and its outcome.
  "import_started",
  "import_finished",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = [
  "post",
  "category",
  "tag",
  "service",
  "page",
  "gallery_image",
  "gallery_category",
  "team_member",
  "settings",
  "user",
  "account",
  "media",
  "import",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: "Created",
  updated: "Changed",
  published: "Published",
  unpublished: "Moved to draft",
  deleted: "Deleted",
  role_changed: "Role changed",
  activated: "Activated",
  deactivated: "Deactivated",
  signed_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  locked_out: "Locked out",
  signed_out_everywhere: "Signed out everywhere",
  uploaded: "Uploaded",
  password_reset_requested: "Password reset requested",
  email_change_requested: "E-mail change requested",
  preview_link_created: "Preview link created",
  preview_link_revoked: "Preview link revoked",
  revision_restored: "Revision restored",
  import_started: "Import started",
  import_finished: "Import finished",
};

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  post: "Post",
  category: "Category",
  tag: "Tag",
  service: "Service",
  page: "Page",
  gallery_image: "Gallery image",
  gallery_category: "Gallery category",
  team_member: "Team member",
  settings: "Settings",
  user: "User",
  account: "Account",
  media: "Media",
  import: "Import",
};

export const AUDIT_PAGE_SIZE = LIST_PAGE_SIZE.auditLog.default;
