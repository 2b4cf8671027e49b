import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "#common/audit.ts";
import { POST_STATUSES, ROLES, USER_STATUSES } from "#common/enums.ts";
import { MENU_REFERENCE_TYPES } from "#common/navigation.ts";
import { ContactSettingsSchema } from "./contact.ts";
import { NavigationSchema } from "./navigation.ts";
import { SettingsSchemas } from "./settings.ts";

/*
 * What the API answers, as zod schemas: the OpenAPI document shows them
 * (`.meta({ id })` names a component), the types in `../types.ts` are derived
 * from them, and the integration tests check every answer against its
 * route's schema (CHECK_RESPONSES, server/http/check-responses.ts), extra fields
 * included. Times are ISO 8601 strings.
 */

const isoTime = z.string().meta({ format: "date-time" });
const count = z.number().int().min(0);

export const UserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    last_login: isoTime.nullable(),
    created_at: isoTime,
    /** Present (true) while the user has not set a password through the invitation (admins' list). */
    invitation_pending: z.boolean().optional(),
  })
  .meta({ id: "User" });

/** A registration's answer: the account as sent, never whether the e-mail was known. */
export const RegistrationReceiptSchema = UserSchema.pick({
  username: true,
  email: true,
  first_name: true,
  last_name: true,
  role: true,
  status: true,
}).meta({ id: "RegistrationReceipt" });

export const ProfileSchema = UserSchema.extend({ avatar_url: z.string().nullable() }).meta({
  id: "Profile",
});

export const ActiveSessionSchema = z
  .object({
    id: z.number().int(),
    created_at: isoTime,
    last_used_at: isoTime,
    expires_at: isoTime,
    user_agent: z.string().nullable(),
    /** The session of the token that asked. */
    current: z.boolean(),
  })
  .meta({ id: "Session" });

export const EmailReceiptSchema = z.object({ email: z.string() });
export const SessionCountSchema = z.object({ sessions: count });

export const CategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().optional(),
    postCount: count.optional(),
  })
  .meta({ id: "Category" });

export const TagSchema = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), postCount: count.optional() })
  .meta({ id: "Tag" });

export const PostAuthorSchema = z
  .object({
    id: z.number().int().nullable(),
    name: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar: z.string().nullable(),
  })
  .meta({ id: "PostAuthor" });

const postFields = {
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featured_image: z.string(),
  featured_image_alt: z.string(),
  /** Stored status; `scheduled` also when published with a future date. */
  status: z.enum(POST_STATUSES),
  isFeatured: z.boolean(),
  author: PostAuthorSchema,
  author_id: z.number().int().nullable(),
  categories: z.array(CategorySchema),
  tags: z.array(TagSchema),
  published_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  views: count,
  meta_title: z.string(),
  meta_description: z.string(),
  og_image: z.string(),
  /** Grows by one with every save; send it back with a save to be told of a newer one (409). */
  version: z.number().int().min(1),
};

/**
 * The spec's second spellings of some fields, which the API also sends (see
 * docs/decisions/011-dual-field-names-at-the-edge.md); the domain and the
 * pages use one name per field.
 */
const postAliasFields = {
  featuredImage: z.string(),
  featured: z.boolean(),
  publishedAt: isoTime.nullable(),
  createdAt: isoTime,
};

/** The domain's post (services, pages): one name per field. */
export const PostSchema = z.object({ ...postFields, content: z.string() });
/** A list row: the full post without its body. */
export const PostSummarySchema = z.object({ ...postFields, content: z.string().optional() });
export const PostAliasesSchema = z.object(postAliasFields);

/** A post as the API answers it: the fields and their second spellings. */
export const PostResponseSchema = PostSchema.extend(postAliasFields).meta({ id: "Post" });
export const PostSummaryResponseSchema = PostSummarySchema.extend(postAliasFields).meta({
  id: "PostSummary",
});

const pageFields = { count, totalPages: z.number().int().min(1), page: z.number().int().min(1) };

export const PostListSchema = z.object({
  posts: z.array(PostSummarySchema),
  ...pageFields,
  limit: z.number().int().min(1),
});
export const PostListResponseSchema = PostListSchema.extend({
  posts: z.array(PostSummaryResponseSchema),
}).meta({ id: "PostList" });

export const PostViewsSchema = z.object({ views: count });

/** A bulk action's answer: how many rows it deleted or changed. */
export const BulkResultSchema = z.union([
  z.object({ deleted: count }),
  z.object({ updated: count }),
]);

export const ServiceSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    icon: z.string(),
    details: z.string(),
    sort_order: z.number().int(),
    /** Grows by one with every save; send it back with a save to be told of a newer one (409). */
    version: z.number().int().min(1),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Service" });

const companyPageFields = {
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  featured_image: z.string(),
  featured_image_alt: z.string(),
  /** As read: `scheduled` also when published with a future date. */
  status: z.enum(POST_STATUSES),
  published_at: isoTime.nullable(),
  meta_title: z.string(),
  meta_description: z.string(),
  /** "Hide from search engines": a noindex robots tag, and left out of the sitemap. */
  noindex: z.boolean(),
  author_id: z.number().int().nullable(),
  /** Grows by one with every save; send it back with a save to be told of a newer one (409). */
  version: z.number().int().min(1),
  created_at: isoTime,
  updated_at: isoTime,
};

/** A company page (served at `/{slug}` once published). */
export const PageSchema = z
  .object({ ...companyPageFields, content: z.string() })
  .meta({ id: "Page" });
/** A row of the pages list: the page without its body. */
export const PageSummarySchema = z.object(companyPageFields).meta({ id: "PageSummary" });

export const PageListSchema = z
  .object({
    pages: z.array(PageSummarySchema),
    ...pageFields,
    limit: z.number().int().min(1),
  })
  .meta({ id: "PageList" });
export const TeamMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The job title ("Founder & CEO"). */
    role: z.string(),
    bio: z.string(),
    /** An uploaded image's URL, or empty (the page then shows the initials). */
    photo_url: z.string(),
    email: z.string(),
    linkedin_url: z.string(),
    sort_order: z.number().int(),
    published: z.boolean(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "TeamMember" });

export const GalleryCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sort_order: z.number().int(),
  })
  .meta({ id: "GalleryCategory" });

export const GalleryImageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    thumbnail: z.string(),
    alt: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    category_id: z.number().int().nullable(),
    category: GalleryCategorySchema.nullable(),
    sort_order: z.number().int(),
    created_at: isoTime,
  })
  .meta({ id: "GalleryImage" });

export const ContactMessageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    read: z.boolean(),
    date: isoTime,
    created_at: isoTime,
  })
  .meta({ id: "ContactMessage" });

export const ContactReceiptSchema = z.object({ id: z.number().int() });

export const ContactMessageListSchema = z
  .object({
    messages: z.array(ContactMessageSchema),
    unread: count,
    /** False while no notification or contact e-mail is set: new messages are e-mailed to nobody. */
    emailed: z.boolean(),
    ...pageFields,
    limit: z.number().int().min(1),
  })
  .meta({ id: "ContactMessageList" });

export const DashboardSchema = z
  .object({
    counts: z.object({
      posts: count,
      published: count,
      drafts: count,
      scheduled: count,
      users: count,
      messages: count,
      unreadMessages: count,
    }),
    recentPosts: z.array(PostSummaryResponseSchema),
    /** Empty for roles that may not read messages. */
    recentMessages: z.array(ContactMessageSchema),
    /**
     * For roles that read the messages: false while no notification or
     * contact e-mail is set (new messages are e-mailed to nobody).
     */
    contactMessagesEmailed: z.boolean().optional(),
  })
  .meta({ id: "Dashboard" });

export const UploadResultSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    /** The same as `url` (the spec's second spelling). */
    imagePath: z.string(),
    mimeType: z.string(),
    size: count,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: "UploadResult" });

export const MediaUsageSchema = z.object({
  kind: z.enum(["post", "page", "gallery", "settings", "team", "user"]),
  id: z.union([z.number().int(), z.string()]),
  label: z.string(),
});

export const MediaItemSchema = z
  .object({
    id: z.number().int(),
    fileName: z.string(),
    originalName: z.string(),
    mimeType: z.string(),
    size: count,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    alt: z.string(),
    uploadedBy: z.number().int().nullable(),
    createdAt: isoTime,
    url: z.string(),
    /** How many resized copies the upload has. */
    variants: count,
    /** Where the image is used; it can be deleted only when this is empty. */
    usedIn: z.array(MediaUsageSchema),
  })
  .meta({ id: "MediaItem" });

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: isoTime,
    actor_id: z.number().int().nullable(),
    actor_name: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    entity_type: z.enum(AUDIT_ENTITY_TYPES),
    entity_id: z.string().nullable(),
    entity_label: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "AuditEntry" });

export const AuditLogPageSchema = z
  .object({
    entries: z.array(AuditEntrySchema),
    ...pageFields,
    /** Everyone who appears in the log, for the filter. */
    actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: "AuditLogPage" });

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;

export const OutboxMailSchema = z
  .object({
    id: z.number().int(),
    created_at: isoTime,
    to: z.string(),
    reply_to: z.string().nullable(),
    subject: z.string(),
    text: z.string(),
    kind: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: count,
    next_attempt_at: isoTime.nullable(),
    last_error: z.string().nullable(),
    sent_at: isoTime.nullable(),
  })
  .meta({ id: "OutboxMail" });

export const OutboxPageSchema = z
  .object({
    mails: z.array(OutboxMailSchema),
    ...pageFields,
    /** False without SMTP_URL or in demo mode: queued mails stay queued. */
    delivering: z.boolean(),
  })
  .meta({ id: "OutboxPage" });

/**
 * The general section as GET answers it: `notificationEmails` (staff
 * addresses) only for callers who may manage the settings.
 */
const GeneralSettingsReadSchema = SettingsSchemas.general.extend({
  notificationEmails: SettingsSchemas.general.shape.notificationEmails
    .optional()
    .meta({ description: "Only for callers who may manage the settings (admins)" }),
});

export const SiteSettingsSchema = z
  .object({
    general: GeneralSettingsReadSchema,
    appearance: SettingsSchemas.appearance,
    homepage: SettingsSchemas.homepage,
    social: SettingsSchemas.social,
    seo: SettingsSchemas.seo,
    about: SettingsSchemas.about,
    /** For callers who may not manage the settings, without links to content they cannot see. */
    navigation: NavigationSchema,
    contact: ContactSettingsSchema,
  })
  .meta({ id: "SiteSettings" });

/** One section as GET answers it (the shape depends on the section in the path). */
export const SettingsSectionReadSchema = z.union([
  GeneralSettingsReadSchema,
  SettingsSchemas.appearance,
  SettingsSchemas.homepage,
  SettingsSchemas.social,
  SettingsSchemas.seo,
  SettingsSchemas.about,
  NavigationSchema,
  ContactSettingsSchema,
]);

/** One section of the settings as saved (the shape depends on the section in the path). */
export const SettingsSectionSchema = z.union([
  SettingsSchemas.general,
  SettingsSchemas.appearance,
  SettingsSchemas.homepage,
  SettingsSchemas.social,
  SettingsSchemas.seo,
  SettingsSchemas.about,
  NavigationSchema,
  ContactSettingsSchema,
]);

/** Content a menu item can point at (or points at), as the admin's menu editor shows it. */
export const NavigationTargetSchema = z
  .object({
    type: z.enum(MENU_REFERENCE_TYPES),
    id: z.number().int(),
    title: z.string(),
    /** Its address now (a renamed slug is followed). */
    href: z.string(),
    /** Whether visitors can see it now; the site's menus leave out links to anything else. */
    live: z.boolean(),
  })
  .meta({ id: "NavigationTarget" });

/*
 * Revisions (issue 23, docs/decisions/017-revisions.md): a saved state of a
 * post, page or service. The list shows who saved what when; one revision
 * holds the document's editable fields as they were (its snapshot).
 */
export const REVISION_REASONS = ["save", "publish", "unpublish", "restore"] as const;

export const RevisionAuthorSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: "RevisionAuthor" });

const revisionFields = {
  id: z.number().int(),
  created_at: isoTime,
  /** Who saved it; null once that user is deleted. */
  author: RevisionAuthorSchema.nullable(),
  reason: z.enum(REVISION_REASONS),
  /** The document's title in this revision. */
  title: z.string(),
};

export const RevisionSummarySchema = z.object(revisionFields).meta({ id: "RevisionSummary" });

export const PostSnapshotSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    content: z.string(),
    featured_image: z.string(),
    featured_image_alt: z.string(),
    isFeatured: z.boolean(),
    /** Category names. */
    categories: z.array(z.string()),
    /** Tag names. */
    tags: z.array(z.string()),
    meta_title: z.string(),
    meta_description: z.string(),
    og_image: z.string(),
    status: z.enum(POST_STATUSES),
    published_at: isoTime.nullable(),
  })
  .meta({ id: "PostSnapshot" });

export const PageSnapshotSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    content: z.string(),
    featured_image: z.string(),
    featured_image_alt: z.string(),
    meta_title: z.string(),
    meta_description: z.string(),
    noindex: z.boolean(),
    status: z.enum(POST_STATUSES),
    published_at: isoTime.nullable(),
  })
  .meta({ id: "PageSnapshot" });

export const ServiceSnapshotSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    icon: z.string(),
    details: z.string(),
  })
  .meta({ id: "ServiceSnapshot" });

export const PostRevisionSchema = z
  .object({ ...revisionFields, snapshot: PostSnapshotSchema })
  .meta({ id: "PostRevision" });
export const PageRevisionSchema = z
  .object({ ...revisionFields, snapshot: PageSnapshotSchema })
  .meta({ id: "PageRevision" });
export const ServiceRevisionSchema = z
  .object({ ...revisionFields, snapshot: ServiceSnapshotSchema })
  .meta({ id: "ServiceRevision" });
