import { z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "#common/audit.ts";
import {
  ContactSchema,
  GalleryCategoryInputSchema,
  GalleryImageInputSchema,
  MessageUpdateSchema,
  ReorderSchema,
} from "#common/schemas/content.ts";
import {
  ImportJobListSchema,
  ImportJobSchema,
  ImportStartQuerySchema,
} from "#common/schemas/imports.ts";
import { NavigationTargetQuerySchema } from "#common/schemas/navigation.ts";
import {
  AuditLogPageSchema,
  ContactMessageListSchema,
  ContactMessageSchema,
  ContactReceiptSchema,
  DashboardSchema,
  GalleryCategorySchema,
  GalleryImageSchema,
  MediaItemSchema,
  NavigationTargetSchema,
  OutboxPageSchema,
  SettingsSectionReadSchema,
  SettingsSectionSchema,
  SiteSettingsSchema,
  TeamMemberSchema,
  UploadResultSchema,
} from "#common/schemas/responses.ts";
import {
  TeamMemberInputSchema,
  TeamMemberUpdateSchema,
  TeamOrderSchema,
} from "#common/schemas/team.ts";
import { IdParams, idParam, jsonBody, pagingQuery } from "#server/http/request.ts";
import { dataResponses } from "#server/http/responses.ts";
import { callsOf, signedIn } from "#server/http/router.ts";

/**
 * The calls of the rest of the site, declared once: settings and menus, the
 * gallery and the team, the contact form, uploads and the media library,
 * imports, the dashboard, the audit log and the mail outbox. See
 * contract/accounts.ts for what a declaration holds (decision 042).
 */

// ── Settings (server/api/settings.ts) ──

const SectionParam = z.object({
  section: z.string().max(50).openapi({ example: "general" }),
});

export const settingsCalls = callsOf("Settings", ({ route }) => ({
  getAll: route("GET /settings", "getSettings", {
    summary: "All settings sections",
    responses: dataResponses(
      SiteSettingsSchema,
      "`{general, appearance, homepage, social, seo, navigation}`; `general.notificationEmails` only for callers who may manage the settings, and for anyone else the menus without links to content visitors cannot see",
      [400],
    ),
  }),

  getSection: route("GET /settings/{section}", "getSettingsSection", {
    summary: "One settings section",
    request: { params: SectionParam },
    responses: dataResponses(
      SettingsSectionReadSchema,
      "The section (`notificationEmails` of general only for callers who may manage the settings; `navigation` for anyone else without links to content visitors cannot see)",
      [404],
    ),
  }),

  putSection: route("PUT /settings/{section}", "updateSettingsSection", {
    summary: "Save one section (any subset of its fields)",
    ...signedIn("settings:manage"),
    request: {
      params: SectionParam,
      ...jsonBody(z.record(z.string(), z.unknown()).openapi("SettingsSectionInput")),
    },
    responses: dataResponses(SettingsSectionSchema, "The saved section", [404]),
  }),
}));

// ── Menus (server/api/navigation.ts) ──

export const navigationCalls = callsOf("Navigation", ({ route }) => ({
  targets: route("GET /navigation/targets", "listNavigationTargets", {
    summary: "What a menu item can link to: pages, services, posts or categories (admins)",
    description:
      "`type` page|service|post|category; `search` matches titles (posts: the posts list's search, the 50 best matches). Drafts are listed too, with `live: false`: a menu leaves them out until they are published.",
    ...signedIn("settings:manage"),
    request: { query: NavigationTargetQuerySchema },
    responses: dataResponses(z.array(NavigationTargetSchema), "`[{type, id, title, href, live}]`"),
  }),

  references: route("GET /navigation/references", "listNavigationReferences", {
    summary: "The content the saved menus link to (admins)",
    description:
      "Every page, service, post or category the saved menus refer to that still exists, with its current address and whether visitors can see it; a reference missing here points at deleted content.",
    ...signedIn("settings:manage"),
    responses: dataResponses(z.array(NavigationTargetSchema), "`[{type, id, title, href, live}]`"),
  }),
}));

// ── Gallery (server/api/gallery.ts) ──

export const galleryCalls = callsOf("Gallery", ({ deleteRoute, route }) => ({
  listImages: route("GET /gallery/images", "listGalleryImages", {
    summary: "Gallery images in display order",
    request: { query: z.object({ category: z.string().max(200).optional() }) },
    responses: dataResponses(z.array(GalleryImageSchema), "Images"),
  }),

  listCategories: route("GET /gallery/categories", "listGalleryCategories", {
    summary: "Gallery categories",
    responses: dataResponses(z.array(GalleryCategorySchema), "Categories", [400]),
  }),

  createImage: route("POST /gallery/images", "createGalleryImage", {
    summary: "Add an image to the gallery",
    ...signedIn("gallery:manage"),
    request: jsonBody(GalleryImageInputSchema),
    responses: dataResponses(GalleryImageSchema, "The image", [], 201),
  }),

  reorder: route("PUT /gallery/images/reorder", "reorderGalleryImages", {
    summary: "Set the display order",
    ...signedIn("gallery:manage"),
    request: jsonBody(ReorderSchema),
    responses: dataResponses(z.array(GalleryImageSchema), "Images in the new order", [404]),
  }),

  updateImage: route("PUT /gallery/images/{id}", "updateGalleryImage", {
    summary: "Update an image",
    ...signedIn("gallery:manage"),
    request: { params: IdParams, ...jsonBody(GalleryImageInputSchema) },
    responses: dataResponses(GalleryImageSchema, "The image", [404]),
  }),

  deleteImage: deleteRoute("/gallery/images/{id}", "deleteGalleryImage", {
    summary: "Remove an image from the gallery",
    permission: "gallery:manage",
  }),

  createCategory: route("POST /gallery/categories", "createGalleryCategory", {
    summary: "Create a gallery category",
    ...signedIn("gallery:manage"),
    request: jsonBody(GalleryCategoryInputSchema),
    responses: dataResponses(GalleryCategorySchema, "The category", [409], 201),
  }),

  updateCategory: route("PUT /gallery/categories/{id}", "updateGalleryCategory", {
    summary: "Update a gallery category",
    ...signedIn("gallery:manage"),
    request: { params: IdParams, ...jsonBody(GalleryCategoryInputSchema) },
    responses: dataResponses(GalleryCategorySchema, "The category", [404, 409]),
  }),

  deleteCategory: deleteRoute("/gallery/categories/{id}", "deleteGalleryCategory", {
    summary: "Delete a gallery category (its images stay, uncategorised)",
    permission: "gallery:manage",
  }),
}));

// ── Team (server/api/team.ts) ──

export const teamCalls = callsOf("Team", ({ deleteRoute, route }) => ({
  list: route("GET /team", "listTeamMembers", {
    summary: "The team in display order",
    description:
      "Staff who may manage the team (admins, editors) get every member; anyone else, the published members only (what the About page shows).",
    responses: dataResponses(z.array(TeamMemberSchema), "Team members in display order", [400]),
  }),

  create: route("POST /team", "createTeamMember", {
    summary: "Add a team member (after the last one unless `sort_order` is given)",
    ...signedIn("team:manage"),
    request: jsonBody(TeamMemberInputSchema),
    responses: dataResponses(TeamMemberSchema, "The new member", [], 201),
  }),

  reorder: route("PUT /team/order", "reorderTeamMembers", {
    summary: "Set the display order: every member's id exactly once",
    ...signedIn("team:manage"),
    request: jsonBody(TeamOrderSchema),
    responses: dataResponses(z.array(TeamMemberSchema), "Every member in the new order"),
  }),

  update: route("PUT /team/{id}", "updateTeamMember", {
    summary: "Change a team member (any subset of its fields; the others stay)",
    ...signedIn("team:manage"),
    request: { params: IdParams, ...jsonBody(TeamMemberUpdateSchema) },
    responses: dataResponses(TeamMemberSchema, "The member", [404]),
  }),

  remove: deleteRoute("/team/{id}", "deleteTeamMember", {
    summary: "Remove a team member",
    permission: "team:manage",
  }),
}));

// ── Contact form and messages (server/api/contact.ts) ──

export const contactCalls = callsOf("Contact", ({ deleteRoute, route }) => ({
  submit: route("POST /contact", "sendContactMessage", {
    summary: "Send a message from the contact form",
    request: jsonBody(ContactSchema),
    responses: dataResponses(ContactReceiptSchema, "Stored", [429], 201),
  }),

  list: route("GET /contact/messages", "listContactMessages", {
    summary: "Contact messages, newest first",
    ...signedIn("messages:manage"),
    request: {
      query: z.object({
        ...pagingQuery(100),
        unread: z.enum(["true", "false"], { error: "unread must be true or false" }).optional(),
      }),
    },
    responses: dataResponses(ContactMessageListSchema, "`{messages, count, unread, totalPages}`"),
  }),

  mark: route("PATCH /contact/messages/{id}", "markContactMessage", {
    summary: "Mark a message read or unread",
    ...signedIn("messages:manage"),
    request: { params: IdParams, ...jsonBody(MessageUpdateSchema) },
    responses: dataResponses(ContactMessageSchema, "The message", [404]),
  }),

  remove: deleteRoute("/contact/messages/{id}", "deleteContactMessage", {
    summary: "Delete a message",
    permission: "messages:manage",
  }),
}));

// ── Uploads (server/api/upload.ts) ──

const ImageForm = z.object({
  image: z
    .custom<File>((value) => value instanceof File, {
      // Several files under `image` come as a list: one call stores one image.
      error: (issue) =>
        Array.isArray(issue.input) ? "Send one image at a time" : "An image file is required",
    })
    .openapi({
      type: "string",
      format: "binary",
      description:
        "PNG, JPEG, WebP, GIF, AVIF or ICO; at most 40 megapixels. Stored re-encoded, at most 4096 px on the longer side; an ICO is stored as a PNG",
    }),
});

export const uploadCalls = callsOf("Uploads", ({ route }) => ({
  upload: route("POST /upload", "uploadImage", {
    summary: "Upload an image (multipart field `image`)",
    ...signedIn("uploads:create"),
    request: {
      body: { required: true, content: { "multipart/form-data": { schema: ImageForm } } },
    },
    responses: dataResponses(
      UploadResultSchema,
      "`{id, url, imagePath, mimeType, size, width, height}`",
      [413, 415, 429],
      201,
    ),
  }),
}));

// ── Media library (server/api/media.ts) ──

const AltSchema = z.strictObject({
  alt: z
    .string({ error: "Alt text must be text" })
    .max(300, "Alt text must be 300 characters or less"),
});

export const mediaCalls = callsOf("Media", ({ deleteRoute, route }) => ({
  list: route("GET /media", "listMedia", {
    summary: "The media library: uploads with sizes, alt text and where each is used",
    ...signedIn("uploads:create"),
    responses: dataResponses(z.array(MediaItemSchema), "Media items"),
  }),

  update: route("PATCH /media/{id}", "updateMedia", {
    summary: "Set an image's alt text",
    ...signedIn("uploads:create"),
    request: { params: IdParams, ...jsonBody(AltSchema) },
    responses: dataResponses(MediaItemSchema, "The item", [404]),
  }),

  remove: deleteRoute("/media/{id}", "deleteMedia", {
    summary: "Delete an image and its variants (refused while it is in use)",
    permission: "uploads:create",
    errors: [409],
  }),
}));

// ── Imports from WordPress and Ghost (server/api/imports.ts) ──

export const importsCalls = callsOf("Imports", ({ route }) => ({
  start: route("POST /imports", "startImport", {
    summary:
      "Start a dry run or an import of a WordPress (WXR, plain or gzipped) or Ghost (JSON) export",
    description:
      "The body is the export file itself (any content type; at most 512 MB). `dryRun` defaults to true: a dry run writes nothing and reports what an import would create, match, skip or fail. One job runs at a time (409).",
    ...signedIn("content:import"),
    request: {
      query: ImportStartQuerySchema,
      body: {
        required: true,
        content: {
          "application/octet-stream": {
            schema: z.string().openapi({ type: "string", format: "binary" }),
          },
        },
      },
    },
    responses: dataResponses(ImportJobSchema, "The job, just started", [409, 413], 201),
  }),

  importAfterDryRun: route("POST /imports/{id}/import", "importAfterDryRun", {
    summary: "Import what a finished dry run checked (same file, same choices)",
    ...signedIn("content:import"),
    request: { params: IdParams },
    responses: dataResponses(ImportJobSchema, "The import job, just started", [404, 409], 201),
  }),

  show: route("GET /imports/{id}", "getImport", {
    summary: "A dry run or import: its progress, and its report once done",
    ...signedIn("content:import"),
    request: { params: IdParams },
    responses: dataResponses(ImportJobSchema, "The job", [404]),
  }),

  list: route("GET /imports", "listImports", {
    summary: "The last 20 dry runs and imports, newest first",
    ...signedIn("content:import"),
    responses: dataResponses(ImportJobListSchema, "The jobs"),
  }),
}));

// ── Dashboard (server/api/dashboard.ts) ──

export const dashboardCalls = callsOf("Dashboard", ({ route }) => ({
  get: route("GET /dashboard", "getDashboard", {
    summary: "Counts, recent posts and recent messages for the signed-in staff member",
    ...signedIn("admin:access"),
    responses: dataResponses(DashboardSchema, "`{counts, recentPosts, recentMessages}`"),
  }),
}));

// ── Audit log (server/api/audit.ts) ──

/**
 * A day (YYYY-MM-DD, a UTC day) or an instant with its offset: the admin's
 * screen sends the midnights of the days as the browser's clock counts them.
 */
const day = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be a date (YYYY-MM-DD)`,
    })
    .optional()
    .openapi({ param: { name, in: "query" }, example: "2026-11-23" });

const AuditQuery = z.object({
  action: z
    .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` })
    .optional(),
  entity_type: z
    .enum(AUDIT_ENTITY_TYPES, {
      error: `entity_type must be one of ${AUDIT_ENTITY_TYPES.join(", ")}`,
    })
    .optional(),
  actor_id: idParam("actor_id", "query").optional(),
  from: day("from"),
  to: day("to"),
  ...pagingQuery(200),
});

export const auditCalls = callsOf("Audit log", ({ route }) => ({
  list: route("GET /audit-log", "listAuditLog", {
    summary: "Who created, changed, published or deleted what, newest first (admins)",
    ...signedIn("audit:view"),
    request: { query: AuditQuery },
    responses: dataResponses(AuditLogPageSchema, "`{entries, count, page, totalPages, actors}`"),
  }),
}));

// ── Mail outbox (server/api/mail.ts) ──

const OutboxQuery = z.object({
  status: z
    .enum(["queued", "sent", "failed"], { error: "status must be one of queued, sent, failed" })
    .optional()
    .openapi({ param: { name: "status", in: "query" }, example: "queued" }),
  ...pagingQuery(200),
});

export const mailCalls = callsOf("Mail", ({ route }) => ({
  list: route("GET /mail/outbox", "listMailOutbox", {
    summary: "The mails the site sent or will send, newest first, with their status (admins)",
    ...signedIn("mail:view"),
    request: { query: OutboxQuery },
    responses: dataResponses(OutboxPageSchema, "`{mails, count, page, totalPages, delivering}`"),
  }),
}));
