/** Business constants that pages, forms and the API share. No zod here. */

/** Excerpt: at most 300 characters. */
export const EXCERPT_MAX = 300;

/** Page sizes: API default 10, public blog list 6, home 3, admin list 10; at most 50 a page. */
export const POST_PAGE_SIZE = { api: 10, blog: 6, home: 3, admin: 10, max: 50 } as const;

/** The other admin lists: what a page shows (the API's default) and the most a caller may ask for. */
export const LIST_PAGE_SIZE = {
  messages: { default: 20, max: 100 },
  auditLog: { default: 50, max: 200 },
  outbox: { default: 50, max: 200 },
} as const;

/**
 * The post id in an admin URL (`/admin/posts/12/edit`, also `12:copy` as the
 * prototype's links wrote it): the text before any colon, trimmed.
 */
export function postIdFromParam(raw: string | undefined): string {
  return (raw ?? "").split(":")[0]!.trim();
}

/** A site always keeps one active admin: what the server answers (409) and the screen says. */
export const LAST_ADMIN_MESSAGES = {
  delete: "Cannot delete the last admin user",
  deleteAll: "Cannot delete all admin users",
  demote: "Cannot demote or deactivate the last active admin user",
} as const;
