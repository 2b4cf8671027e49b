/**
 * The export document (`npm run export`, `npm run import`): one JSON object
 * holding a whole site's content, database-neutral so a site moves between
 * SQLite and PostgreSQL. Described for operators in docs/operations.md
 * ("Export and import"); this file is the definition.
 *
 * - Rows keep their ids, so every relation survives: posts' and pages'
 *   authors, categories and tags (as `category_ids` / `tag_ids`), gallery
 *   images' categories, redirect targets, upload owners and audit actors.
 * - Column names are the database's (snake_case); timestamps are UTC ISO
 *   strings, booleans are booleans, JSON columns (settings data, upload
 *   variants) are JSON values, not strings.
 * - Users carry no password hash and no sessions.
 * - Derived data is left out and rebuilt on import: the plain text full-text
 *   search reads (posts.search_text) and the search indexes themselves.
 *
 * A change of shape that an older importer would misread gets a new `version`.
 */
import { z } from "zod";
import { DOCUMENT_TYPES } from "#common/documents.ts";

export const EXPORT_FORMAT = "beranda-export";
export const EXPORT_VERSION = 1;
/** The document's name inside the archive. */
export const EXPORT_JSON_NAME = "export.json";
/** The folder of upload files inside the archive. */
export const EXPORT_UPLOADS_DIR = "uploads";

const id = z.number().int().positive();
const optionalId = id.nullable();
const timestamp = z.iso
  .datetime({ offset: true, error: "must be an ISO date-time" })
  .transform((value) => new Date(value).toISOString());
const optionalTimestamp = timestamp.nullable();
/** A column of at most `max` characters (PostgreSQL's varchar limits; SQLite has none). */
const text = (max?: number) =>
  max === undefined ? z.string() : z.string().max(max, `must be at most ${max} characters`);
const count = z.number().int().nonnegative();
const dimension = z.number().int().positive().nullable();

export const ExportUserSchema = z.strictObject({
  id,
  username: text(50).min(1),
  email: text(254).min(1),
  first_name: text(100),
  last_name: text(100),
  role: z.enum(["admin", "editor", "author"]),
  status: z.enum(["active", "inactive"]),
  last_login: optionalTimestamp,
  awaiting_approval_since: optionalTimestamp,
  /** The profile picture (since the profile page; older exports have none). */
  avatar_url: text(500).nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A category, tag or gallery category: its id, name and slug. */
const term = { id, name: text(100).min(1), slug: text(120).min(1) };

export const ExportCategorySchema = z.strictObject({
  ...term,
  description: text(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const ExportTagSchema = z.strictObject({ ...term, created_at: timestamp });

export const ExportPostSchema = z.strictObject({
  id,
  title: text(300).min(1),
  slug: text(200).min(1),
  excerpt: text(),
  content: text(),
  featured_image: text(),
  featured_image_alt: text(300),
  status: z.enum(["draft", "published", "scheduled"]),
  is_featured: z.boolean(),
  author_id: optionalId,
  published_at: optionalTimestamp,
  views: count,
  meta_title: text(300),
  meta_description: text(),
  og_image: text(),
  /** The edit-conflict counter and who saved last (decision 018; older exports have neither). */
  version: z.number().int().min(1).default(1),
  updated_by: optionalId.default(null),
  created_at: timestamp,
  updated_at: timestamp,
  category_ids: z.array(id),
  tag_ids: z.array(id),
});

export const ExportServiceSchema = z.strictObject({
  id,
  title: text(200).min(1),
  slug: text(200).min(1),
  description: text(),
  icon: text(50),
  details: text(),
  sort_order: z.number().int(),
  /** The edit-conflict counter and who saved last (decision 018; older exports have neither). */
  version: z.number().int().min(1).default(1),
  updated_by: optionalId.default(null),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A company page (since pages exist; older exports have none). */
export const ExportPageSchema = z.strictObject({
  id,
  title: text(300).min(1),
  slug: text(200).min(1),
  content: text(),
  meta_title: text(300),
  meta_description: text(),
  featured_image: text(),
  featured_image_alt: text(300),
  status: z.enum(["draft", "published", "scheduled"]),
  published_at: optionalTimestamp,
  noindex: z.boolean(),
  author_id: optionalId,
  /** The edit-conflict counter and who saved last (decision 018; older exports have neither). */
  version: z.number().int().min(1).default(1),
  updated_by: optionalId.default(null),
  created_at: timestamp,
  updated_at: timestamp,
});

/**
 * A draft's preview link (since issue 23; older exports have none): the
 * secret's hash only, so a link made on the old site opens on the new one.
 */
export const ExportPreviewLinkSchema = z.strictObject({
  id,
  document_type: z.enum(["post", "page"]),
  document_id: id,
  secret_hash: text(64).min(1),
  created_by: optionalId,
  created_at: timestamp,
  expires_at: timestamp,
  revoked_at: optionalTimestamp,
});

export const ExportGalleryCategorySchema = z.strictObject({
  ...term,
  sort_order: z.number().int(),
  created_at: timestamp,
});

export const ExportGalleryImageSchema = z.strictObject({
  id,
  title: text(200).min(1),
  description: text(),
  url: text().min(1),
  thumbnail_url: text(),
  alt: text(300),
  width: dimension,
  height: dimension,
  category_id: optionalId,
  sort_order: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});

/**
 * A photo, as the API takes it: empty, an http(s) address or a path on the
 * site (an upload). Anything else (`javascript:`, `data:`…) is refused.
 */
const photoUrl = text(2000).refine(
  (value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value),
  "must be empty, an http(s) URL or a path on the site such as /uploads/…",
);

export const ExportTeamMemberSchema = z.strictObject({
  id,
  name: text(200).min(1),
  role: text(200),
  bio: text(),
  photo_url: photoUrl,
  email: text(254),
  linkedin_url: text(500),
  sort_order: z.number().int(),
  published: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const ExportSettingsSchema = z.strictObject({
  section: text(50).min(1),
  /** The section's JSON as stored (the `system` row is the seeding bookkeeping). */
  data: z.json(),
  updated_at: timestamp,
});

export const ExportContactMessageSchema = z.strictObject({
  id,
  name: text(200),
  email: text(254),
  subject: text(300),
  message: text(),
  is_read: z.boolean(),
  created_at: timestamp,
});

export const ExportRedirectSchema = z.strictObject({
  id,
  kind: z.enum(["post", "service", "page"]),
  old_slug: text(200).min(1),
  target_id: id,
  created_at: timestamp,
});

export const ExportUploadSchema = z.strictObject({
  id,
  file_name: text(200)
    .min(1)
    .regex(/^[^/\\]+$/, "must be a plain file name")
    .refine((name) => name !== "." && name !== "..", "must be a plain file name"),
  original_name: text(300),
  mime_type: text(100).min(1),
  size_bytes: count,
  width: dimension,
  height: dimension,
  sha256: text(64),
  alt: text(300),
  variants: z.json(),
  uploaded_by: optionalId,
  /**
   * The users who have it in their media library: each who uploaded the file
   * (since 2026-12-07; an older export's upload is owned by its `uploaded_by`).
   */
  owner_ids: z.array(id).optional(),
  created_at: timestamp,
});

export const ExportAuditEntrySchema = z.strictObject({
  id,
  created_at: timestamp,
  actor_id: optionalId,
  actor_name: text(200),
  action: text(40).min(1),
  entity_type: text(40).min(1),
  entity_id: text(100).nullable(),
  entity_label: text(300),
  /** JSON text as stored (changed fields, old and new role, a count). */
  details: text().nullable(),
});

/** A saved state of a post, page or service (since issue 23; older exports have none). */
export const ExportRevisionSchema = z.strictObject({
  id,
  document_type: z.enum(DOCUMENT_TYPES),
  document_id: id,
  /** The document's editable fields as saved (docs/decisions/017-revisions.md). */
  snapshot: z.record(z.string(), z.json()),
  reason: z.enum(["save", "publish", "unpublish", "restore"]),
  author_id: optionalId,
  created_at: timestamp,
});

/**
 * An old address of a site moved in from WordPress or Ghost (issue 27) and what it
 * leads to. Kept as stored: a target deleted since answers 404, as on the source.
 */
export const ExportOldAddressSchema = z.strictObject({
  id,
  address: text(500).min(1),
  target_type: z.enum(["post", "page", "category", "tag"]),
  target_id: id,
  created_at: timestamp,
});

/** What an item of a WordPress or Ghost export became, so importing it again creates nothing. */
export const ExportImportItemSchema = z.strictObject({
  id,
  origin: text(300).min(1),
  kind: z.enum(["post", "page", "category", "tag", "user", "media"]),
  source_id: text(500).min(1),
  target_id: id,
  created_at: timestamp,
});

const ExportShape = z.strictObject({
  format: z.literal(EXPORT_FORMAT, { error: `must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, {
    error: `must be ${EXPORT_VERSION} (this Beranda reads version ${EXPORT_VERSION} files)`,
  }),
  exportedAt: timestamp,
  source: z.strictObject({
    database: z.enum(["sqlite", "postgres"]),
    /** The newest migration the source database had (for the record). */
    migration: z.string().nullable(),
  }),
  users: z.array(ExportUserSchema),
  categories: z.array(ExportCategorySchema),
  tags: z.array(ExportTagSchema),
  posts: z.array(ExportPostSchema),
  services: z.array(ExportServiceSchema),
  /** Company pages; an export made before pages existed has none. */
  pages: z.array(ExportPageSchema).default([]),
  /** Preview links of drafts (since issue 23; older exports have none). */
  previewLinks: z.array(ExportPreviewLinkSchema).default([]),
  galleryCategories: z.array(ExportGalleryCategorySchema),
  galleryImages: z.array(ExportGalleryImageSchema),
  /** The About page's team (since issue 22; older exports have none). */
  team: z.array(ExportTeamMemberSchema).default([]),
  settings: z.array(ExportSettingsSchema),
  contactMessages: z.array(ExportContactMessageSchema),
  redirects: z.array(ExportRedirectSchema),
  uploads: z.array(ExportUploadSchema),
  auditLog: z.array(ExportAuditEntrySchema),
  /** Revisions of posts, pages and services (since issue 23; older exports have none). */
  revisions: z.array(ExportRevisionSchema).default([]),
  /** A moved-in site's old addresses (since issue 27; older exports have none). */
  oldAddresses: z.array(ExportOldAddressSchema).default([]),
  /** What a WordPress or Ghost import made of each item (since issue 27). */
  importItems: z.array(ExportImportItemSchema).default([]),
});

export type ExportDocument = z.output<typeof ExportShape>;
export type ExportCollection = Exclude<
  keyof ExportDocument,
  "format" | "version" | "exportedAt" | "source"
>;

/** Every collection, in the order the importer writes them (foreign keys first). */
export const COLLECTIONS = [
  "users",
  "categories",
  "tags",
  "posts",
  "services",
  "pages",
  "previewLinks",
  "galleryCategories",
  "galleryImages",
  "team",
  "settings",
  "contactMessages",
  "redirects",
  "uploads",
  "auditLog",
  "revisions",
  "oldAddresses",
  "importItems",
] as const satisfies readonly ExportCollection[];

/**
 * The whole document: shapes and what the database would refuse only at the
 * end of a long transaction (duplicate ids and unique names, relations to rows
 * that are not in the file), each reported with its path.
 */
export const ExportDocumentSchema = ExportShape.superRefine((doc, ctx) => {
  const problem = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: "custom", path, message });

  const idsOf = (collection: Exclude<ExportCollection, "settings">) => {
    const seen = new Set<number>();
    doc[collection].forEach((row, index) => {
      if (seen.has(row.id)) problem([collection, index, "id"], `duplicate id ${row.id}`);
      seen.add(row.id);
    });
    return seen;
  };
  const unique = <T>(
    collection: ExportCollection,
    rows: readonly T[],
    field: string,
    key: (row: T) => string,
  ) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const value = key(row);
      if (seen.has(value)) problem([collection, index, field], `duplicate ${field} "${value}"`);
      seen.add(value);
    });
  };
  const refers = (
    path: (string | number)[],
    value: number | null,
    known: Set<number>,
    what: string,
  ) => {
    if (value !== null && !known.has(value)) problem(path, `no ${what} with id ${value}`);
  };

  const users = idsOf("users");
  const categories = idsOf("categories");
  const tags = idsOf("tags");
  const posts = idsOf("posts");
  const services = idsOf("services");
  const pages = idsOf("pages");
  const galleryCategories = idsOf("galleryCategories");
  for (const collection of [
    "previewLinks",
    "galleryImages",
    "team",
    "contactMessages",
    "redirects",
    "uploads",
    "auditLog",
    "revisions",
    "oldAddresses",
    "importItems",
  ] as const) {
    idsOf(collection);
  }

  unique("users", doc.users, "email", (u) => u.email.toLowerCase());
  unique("users", doc.users, "username", (u) => u.username.toLowerCase());
  unique("categories", doc.categories, "slug", (c) => c.slug);
  unique("categories", doc.categories, "name", (c) => c.name.toLowerCase());
  unique("tags", doc.tags, "slug", (t) => t.slug);
  unique("tags", doc.tags, "name", (t) => t.name.toLowerCase());
  unique("posts", doc.posts, "slug", (p) => p.slug);
  unique("services", doc.services, "slug", (s) => s.slug);
  unique("pages", doc.pages, "slug", (p) => p.slug);
  unique("galleryCategories", doc.galleryCategories, "slug", (c) => c.slug);
  unique("settings", doc.settings, "section", (s) => s.section);
  unique("redirects", doc.redirects, "old_slug", (r) => `${r.kind}:${r.old_slug}`);
  unique("uploads", doc.uploads, "file_name", (u) => u.file_name);
  unique("previewLinks", doc.previewLinks, "secret_hash", (l) => l.secret_hash);
  unique("oldAddresses", doc.oldAddresses, "address", (a) => a.address);
  unique(
    "importItems",
    doc.importItems,
    "source_id",
    (i) => `${i.origin} ${i.kind} ${i.source_id}`,
  );

  for (const [index, post] of doc.posts.entries()) {
    refers(["posts", index, "author_id"], post.author_id, users, "user");
    refers(["posts", index, "updated_by"], post.updated_by, users, "user");
    for (const [at, categoryId] of post.category_ids.entries()) {
      refers(["posts", index, "category_ids", at], categoryId, categories, "category");
    }
    for (const [at, tagId] of post.tag_ids.entries()) {
      refers(["posts", index, "tag_ids", at], tagId, tags, "tag");
    }
    if (new Set(post.category_ids).size !== post.category_ids.length) {
      problem(["posts", index, "category_ids"], "lists a category twice");
    }
    if (new Set(post.tag_ids).size !== post.tag_ids.length) {
      problem(["posts", index, "tag_ids"], "lists a tag twice");
    }
  }
  for (const [index, page] of doc.pages.entries()) {
    refers(["pages", index, "author_id"], page.author_id, users, "user");
    refers(["pages", index, "updated_by"], page.updated_by, users, "user");
  }
  for (const [index, service] of doc.services.entries()) {
    refers(["services", index, "updated_by"], service.updated_by, users, "user");
  }
  for (const [index, link] of doc.previewLinks.entries()) {
    const documents = link.document_type === "post" ? posts : pages;
    refers(["previewLinks", index, "document_id"], link.document_id, documents, link.document_type);
    refers(["previewLinks", index, "created_by"], link.created_by, users, "user");
  }
  for (const [index, image] of doc.galleryImages.entries()) {
    refers(
      ["galleryImages", index, "category_id"],
      image.category_id,
      galleryCategories,
      "gallery category",
    );
  }
  for (const [index, redirect] of doc.redirects.entries()) {
    const targets = redirect.kind === "post" ? posts : redirect.kind === "page" ? pages : services;
    refers(["redirects", index, "target_id"], redirect.target_id, targets, redirect.kind);
  }
  for (const [index, upload] of doc.uploads.entries()) {
    refers(["uploads", index, "uploaded_by"], upload.uploaded_by, users, "user");
    for (const [at, owner] of (upload.owner_ids ?? []).entries()) {
      refers(["uploads", index, "owner_ids", at], owner, users, "user");
    }
  }
  for (const [index, entry] of doc.auditLog.entries()) {
    refers(["auditLog", index, "actor_id"], entry.actor_id, users, "user");
  }
  for (const [index, revision] of doc.revisions.entries()) {
    refers(["revisions", index, "author_id"], revision.author_id, users, "user");
    const documents =
      revision.document_type === "post"
        ? posts
        : revision.document_type === "page"
          ? pages
          : services;
    refers(
      ["revisions", index, "document_id"],
      revision.document_id,
      documents,
      revision.document_type,
    );
  }
});

/** `posts[3].slug`: where an issue is, as a reader finds it in the file. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    out += typeof part === "number" ? `[${part}]` : `${out ? "." : ""}${String(part)}`;
  }
  return out || "(the document)";
}

/** The first few problems of a refused document, one per line. */
export function describeIssues(error: z.ZodError, max = 5): string {
  const lines = error.issues
    .slice(0, max)
    .map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
  if (error.issues.length > max) lines.push(`…and ${error.issues.length - max} more`);
  return lines.join("\n");
}
