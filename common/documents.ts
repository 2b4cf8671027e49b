import type { RevisionDocumentType } from "./types.ts";

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
} as const satisfies Record<RevisionDocumentType, string>;

/** The API path of one document. */
export function documentApiPath(kind: RevisionDocumentType, id: number): string {
  return `${DOCUMENT_API_BASE[kind]}/${id}`;
}
