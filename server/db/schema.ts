import type { ColumnType, Generated } from "kysely";
import type { AuditAction, AuditEntityType } from "#common/audit.ts";
import type { DocumentType } from "#common/documents.ts";

export type { AuditAction, AuditEntityType };

/** Timestamps are written and read as UTC ISO strings on both databases. */
type Timestamp = string;
/** SQLite stores booleans as 0/1; read them through `toBool`. */
type Bool = ColumnType<boolean | number, boolean, boolean>;

export type UsersTable = {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: "admin" | "editor" | "author";
  status: "active" | "inactive";
  password_hash: string;
  last_login: Timestamp | null;
  /** A self-registration waiting for an admin since then; null once approved (and for others). */
  awaiting_approval_since: Timestamp | null;
  /** The profile picture (an uploaded image's URL), or null. */
  avatar_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp;
  user_agent: string | null;
};

export type CategoriesTable = {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TagsTable = {
  id: Generated<number>;
  name: string;
  slug: string;
  created_at: Timestamp;
};

export type PostsTable = {
  id: Generated<number>;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  featured_image_alt: string;
  status: "draft" | "published" | "scheduled";
  is_featured: Bool;
  author_id: number | null;
  published_at: Timestamp | null;
  views: Generated<number>;
  meta_title: string;
  meta_description: string;
  og_image: string;
  /**
   * The body as plain text (no markup), which full-text search indexes; written
   * with the content. NULL until computed for rows written outside the posts
   * service (the index then falls back to the raw content).
   */
  search_text: string | null;
  /** +1 on every save (edit conflicts, decision 018). */
  version: Generated<number>;
  /** Who saved last (null before versions, or once the user is gone). */
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PostCategoriesTable = { post_id: number; category_id: number };
export type PostTagsTable = { post_id: number; tag_id: number };

export type ServicesTable = {
  id: Generated<number>;
  title: string;
  slug: string;
  description: string;
  icon: string;
  details: string;
  sort_order: number;
  /** +1 on every save (edit conflicts, decision 018). */
  version: Generated<number>;
  /** Who saved last (null before versions, or once the user is gone). */
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A company page, served at /{slug} (modules/pages). */
export type PagesTable = {
  id: Generated<number>;
  title: string;
  slug: string;
  /** Sanitised HTML (modules/content/sanitize.ts), like a post's. */
  content: string;
  meta_title: string;
  meta_description: string;
  featured_image: string;
  featured_image_alt: string;
  status: "draft" | "published" | "scheduled";
  published_at: Timestamp | null;
  /** "Hide from search engines". */
  noindex: Bool;
  author_id: number | null;
  /** +1 on every save (edit conflicts, decision 018). */
  version: Generated<number>;
  /** Who saved last (null before versions, or once the user is gone). */
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type GalleryCategoriesTable = {
  id: Generated<number>;
  name: string;
  slug: string;
  sort_order: number;
  created_at: Timestamp;
};

export type GalleryImagesTable = {
  id: Generated<number>;
  title: string;
  description: string;
  url: string;
  thumbnail_url: string;
  alt: string;
  width: number | null;
  height: number | null;
  category_id: number | null;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A person on the About page (see migration 2026_11_25_0002). */
export type TeamMembersTable = {
  id: Generated<number>;
  name: string;
  /** The job title. */
  role: string;
  bio: string;
  /** An uploaded image's URL, or empty. */
  photo_url: string;
  email: string;
  linkedin_url: string;
  sort_order: number;
  published: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SettingsTable = {
  section: string;
  data: string;
  updated_at: Timestamp;
};

export type ContactMessagesTable = {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  is_read: Bool;
  created_at: Timestamp;
};

export type UploadsTable = {
  id: Generated<number>;
  file_name: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
  alt: string;
  variants: string;
  uploaded_by: number | null;
  created_at: Timestamp;
};

/** Who has an upload in their media library: each user who uploaded its file. */
export type UploadOwnersTable = {
  upload_id: number;
  user_id: number;
};

export type SlugRedirectsTable = {
  id: Generated<number>;
  kind: "post" | "service" | "page";
  old_slug: string;
  target_id: number;
  created_at: Timestamp;
};

export type AuditLogsTable = {
  id: Generated<number>;
  created_at: Timestamp;
  /** Null once the user is deleted; actor_name still says who it was. */
  actor_id: number | null;
  actor_name: string;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string | null;
  /** The title, name or section at the time, so the entry reads after a delete. */
  entity_label: string;
  /** JSON: the changed field names, an old and new role, a count for bulk actions. */
  details: string | null;
};

export type MailOutboxTable = {
  id: Generated<number>;
  created_at: Timestamp;
  /** One address or several, separated by commas. */
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for: contact_notification, registration_pending, account_approved, … */
  kind: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  /** When the sender next tries a queued mail. */
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  /**
   * A one-time-link mail: the nonce its link's token is derived from (with the
   * server's secret; server/auth/link-tokens.ts) while it waits to be sent;
   * cleared once it is sent or given up. The stored text and HTML hide the token.
   */
  link_nonce: string | null;
};

/** A one-time link mailed to a user; only the token's SHA-256 is stored. */
export type AccountTokensTable = {
  id: Generated<number>;
  user_id: number;
  purpose: "password_reset" | "invitation" | "email_change";
  token_hash: string;
  /** An e-mail change: the address to confirm. */
  new_email: string | null;
  /**
   * The account's e-mail address when the link was made (for a reset or an
   * invitation, where it was mailed): the link works only while it is still the account's.
   */
  account_email: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when the link is used: it works once. */
  used_at: Timestamp | null;
};

/** A secret link to a draft's preview (issue 23); only the secret's SHA-256 is stored. */
export type PreviewLinksTable = {
  id: Generated<number>;
  document_type: "post" | "page";
  document_id: number;
  /** SHA-256 of the link's secret, base64url. */
  secret_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
};

/** What a revision was made by (docs/decisions/017-revisions.md). */
export type RevisionReason = "save" | "publish" | "unpublish" | "restore";

/** A saved state of a post, page or service (see migration 2026_11_26_0001). */
export type RevisionsTable = {
  id: Generated<number>;
  document_type: DocumentType;
  document_id: number;
  /** JSON: the document's editable fields as saved. */
  snapshot: string;
  reason: RevisionReason;
  /** Who saved it; null once the user is deleted. */
  author_id: number | null;
  created_at: Timestamp;
};

/** A user's autosaved copy of a document's editable fields (modules/autosave). */
export type AutosavesTable = {
  id: Generated<number>;
  document_type: DocumentType;
  document_id: number;
  user_id: number;
  /** JSON: the editor's fields as they were typed. */
  data: string;
  /** The document's version the editor had loaded. */
  base_version: number | null;
  saved_at: Timestamp;
};

/** A rate-limit or sign-in counter (server/db/rate-limit-store.ts); times in ms since the epoch. */
export type RateLimitsTable = {
  key: string;
  count: number;
  reset_at: number;
};

/** An uploaded file or variant kept in the database (UPLOAD_STORE=database, decision 036). */
export type UploadFilesTable = {
  /** The name it is served under in /uploads. */
  key: string;
  bytes: Uint8Array;
  size: number;
  created_at: Timestamp;
};

/** A dry run or an import from WordPress or Ghost (issue 27); `options` and `report` are JSON. */
export type ImportJobsTable = {
  id: Generated<number>;
  source: "wordpress" | "ghost";
  file_name: string;
  /** The uploaded file's name in DATA_DIR/imports ("" for the command line's own file). */
  stored_file: Generated<string>;
  dry_run: Bool;
  status: "running" | "done" | "failed";
  phase: Generated<string>;
  done: Generated<number>;
  total: Generated<number>;
  options: string;
  report: string | null;
  error: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
};

/** What an item of an export became here: kept per origin so a second run matches it. */
export type ImportItemsTable = {
  id: Generated<number>;
  origin: string;
  kind: "post" | "page" | "category" | "tag" | "user" | "media";
  source_id: string;
  target_id: number;
  job_id: number | null;
  created_at: Timestamp;
};

/** An imported site's old address (normal form) and what it leads to now. */
export type OldAddressesTable = {
  id: Generated<number>;
  address: string;
  target_type: "post" | "page" | "category" | "tag";
  target_id: number;
  created_at: Timestamp;
};

export type Database = {
  autosaves: AutosavesTable;
  account_tokens: AccountTokensTable;
  audit_logs: AuditLogsTable;
  mail_outbox: MailOutboxTable;
  slug_redirects: SlugRedirectsTable;
  users: UsersTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  tags: TagsTable;
  posts: PostsTable;
  post_categories: PostCategoriesTable;
  post_tags: PostTagsTable;
  services: ServicesTable;
  pages: PagesTable;
  preview_links: PreviewLinksTable;
  gallery_categories: GalleryCategoriesTable;
  gallery_images: GalleryImagesTable;
  team_members: TeamMembersTable;
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  uploads: UploadsTable;
  upload_owners: UploadOwnersTable;
  revisions: RevisionsTable;
  import_jobs: ImportJobsTable;
  import_items: ImportItemsTable;
  old_addresses: OldAddressesTable;
  rate_limits: RateLimitsTable;
  upload_files: UploadFilesTable;
};
