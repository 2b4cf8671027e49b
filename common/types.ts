/** Shapes the API answers with and the pages read. No side effects here. */
import type { z } from "zod";
import type {
  ActiveSessionSchema,
  AuditEntrySchema,
  AuditLogPageSchema,
  CategorySchema,
  ContactMessageListSchema,
  ContactMessageSchema,
  DashboardSchema,
  GalleryCategorySchema,
  GalleryImageSchema,
  MediaItemSchema,
  MediaUsageSchema,
  NavigationTargetSchema,
  OutboxMailSchema,
  OutboxPageSchema,
  PageListSchema,
  PageRevisionSchema,
  PageSchema,
  PageSnapshotSchema,
  PageSummarySchema,
  PostAliasesSchema,
  PostAuthorSchema,
  PostListResponseSchema,
  PostListSchema,
  PostResponseSchema,
  PostRevisionSchema,
  PostSchema,
  PostSnapshotSchema,
  PostSummaryResponseSchema,
  PostSummarySchema,
  ProfileSchema,
  RegistrationReceiptSchema,
  RevisionSummarySchema,
  ServiceRevisionSchema,
  ServiceSchema,
  ServiceSnapshotSchema,
  TagSchema,
  TeamMemberSchema,
  UploadResultSchema,
  UserSchema,
} from "./schemas/responses.ts";

/*
 * The shapes the API answers with and the pages read, derived from the zod
 * schemas in `schemas/responses.ts` (type-only imports: the pages that use
 * these types load no zod).
 */
type Of<T extends z.ZodType> = z.output<T>;

export type User = Of<typeof UserSchema>;
export type RegistrationReceipt = Of<typeof RegistrationReceiptSchema>;
export type Profile = Of<typeof ProfileSchema>;
export type ActiveSession = Of<typeof ActiveSessionSchema>;
export type Category = Of<typeof CategorySchema>;
export type Tag = Of<typeof TagSchema>;
export type PostAuthor = Of<typeof PostAuthorSchema>;
export type Post = Of<typeof PostSchema>;
/** A list row: the full post without its body. */
export type PostSummary = Of<typeof PostSummarySchema>;
/** The spec's second spellings of some post fields (ADR 011). */
export type PostAliases = Of<typeof PostAliasesSchema>;
/** A post as the API answers it. */
export type PostResponse = Of<typeof PostResponseSchema>;
export type PostSummaryResponse = Of<typeof PostSummaryResponseSchema>;
export type PostList = Of<typeof PostListSchema>;
export type PostListResponse = Of<typeof PostListResponseSchema>;
export type Service = Of<typeof ServiceSchema>;
/** A company page (About-like pages, Terms, Privacy), served at `/{slug}`. */
export type Page = Of<typeof PageSchema>;
export type PageSummary = Of<typeof PageSummarySchema>;
export type PageList = Of<typeof PageListSchema>;
export type TeamMember = Of<typeof TeamMemberSchema>;
export type GalleryCategory = Of<typeof GalleryCategorySchema>;
export type GalleryImage = Of<typeof GalleryImageSchema>;
export type ContactMessage = Of<typeof ContactMessageSchema>;
export type ContactMessageList = Of<typeof ContactMessageListSchema>;
export type Dashboard = Of<typeof DashboardSchema>;
export type UploadResult = Of<typeof UploadResultSchema>;
export type MediaUsage = Of<typeof MediaUsageSchema>;
/** Content a menu item points at (the admin's menu editor). */
export type NavigationTarget = Of<typeof NavigationTargetSchema>;
export type MediaItem = Of<typeof MediaItemSchema>;
export type OutboxMail = Of<typeof OutboxMailSchema>;
export type OutboxPage = Of<typeof OutboxPageSchema>;

/** One entry of the audit log and one page of it, as GET /api/audit-log answers. */
export type AuditEntry = Of<typeof AuditEntrySchema>;
export type AuditLogPage = Of<typeof AuditLogPageSchema>;

export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = { success: false; message: string; errors?: Record<string, string> };

/** Revisions (docs/decisions/017-revisions.md). */
export type RevisionSummary = z.output<typeof RevisionSummarySchema>;
export type PostSnapshot = z.output<typeof PostSnapshotSchema>;
export type PageSnapshot = z.output<typeof PageSnapshotSchema>;
export type ServiceSnapshot = z.output<typeof ServiceSnapshotSchema>;
export type PostRevision = z.output<typeof PostRevisionSchema>;
export type PageRevision = z.output<typeof PageRevisionSchema>;
export type ServiceRevision = z.output<typeof ServiceRevisionSchema>;
export type RevisionReason = RevisionSummary["reason"];
