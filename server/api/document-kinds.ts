import {
  DOCUMENT_API_BASE,
  DOCUMENT_EDIT_PERMISSION,
  type DocumentType,
} from "#common/documents.ts";
import type { Permission } from "#common/permissions.ts";

/** What the calls around one kind of document need to know of it. */
export type DocumentKind = {
  type: DocumentType;
  /** Where its own calls live: `{base}/{id}` is one document. */
  base: (typeof DOCUMENT_API_BASE)[DocumentType];
  /** Its name in operationIds and summaries: `Post`. */
  name: string;
  /** The tag its own calls are grouped under in the OpenAPI document. */
  tag: string;
  /** Who may edit it. */
  permission: Permission;
};

/**
 * The documents the editors work on, once: the calls around an open document
 * (autosave and presence, editing.ts), its revisions (revisions.ts) and its
 * preview links (preview-links.ts) are declared per kind from these. A post
 * needs only `posts:create`, which every staff role has: its service then
 * allows the post's own author, editors and admins. Pages and services are for
 * those who manage them.
 */
export const DOCUMENT_KINDS = {
  post: {
    type: "post",
    base: DOCUMENT_API_BASE.post,
    name: "Post",
    tag: "Blog",
    permission: DOCUMENT_EDIT_PERMISSION.post,
  },
  page: {
    type: "page",
    base: DOCUMENT_API_BASE.page,
    name: "Page",
    tag: "Pages",
    permission: DOCUMENT_EDIT_PERMISSION.page,
  },
  service: {
    type: "service",
    base: DOCUMENT_API_BASE.service,
    name: "Service",
    tag: "Services",
    permission: DOCUMENT_EDIT_PERMISSION.service,
  },
} as const satisfies Record<DocumentType, DocumentKind>;
