import type { Permission } from "./permissions.ts";

/**
 * The kinds of document the editors work on: each is saved with a version,
 * keeps revisions and has autosave, presence and (posts and pages) preview links.
 */
export const DOCUMENT_TYPES = ["post", "page", "service"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * Where each kind of document the editors work on has its API calls:
 * `{base}/{id}` is one document, and its autosave, presence, revisions and
 * preview links are under that path. The server declares its calls from
 * these (server/api/document-kinds.ts) and the admin calls them.
 */
export const DOCUMENT_API_BASE = {
  post: "/blog/posts",
  page: "/pages",
  service: "/services",
} as const satisfies Record<DocumentType, string>;

/**
 * Who may edit each kind of document, and so work on everything around it
 * (autosave, presence, revisions, preview links). A post needs only
 * `posts:create`, which every staff role has: then only its own author,
 * editors and admins may (server/modules/versions/editable.ts).
 */
export const DOCUMENT_EDIT_PERMISSION = {
  post: "posts:create",
  page: "pages:manage",
  service: "services:manage",
} as const satisfies Record<DocumentType, Permission>;

/** The API path of one document. */
export function documentApiPath(kind: DocumentType, id: number): string {
  return `${DOCUMENT_API_BASE[kind]}/${id}`;
}
