import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Actor } from "#common/permissions.ts";
import {
  PREVIEW_LINK_HOURS,
  type PreviewLink,
  PreviewLinkInputSchema,
  type PreviewLinkStatus,
} from "#common/schemas/preview-links.ts";
import type { Page, Post } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import { findPage } from "#server/modules/pages/pages.repository.ts";
import { isPublicPost } from "#server/modules/posts/post-status.ts";
import { findPost } from "#server/modules/posts/posts.repository.ts";
import { requireEditableDocument } from "#server/modules/versions/editable.ts";
import {
  findPreviewLink,
  findPreviewLinkByHash,
  findPreviewLinks,
  insertPreviewLink,
  type PreviewDocumentType,
  type PreviewLinkRow,
  revokePreviewLinkRow,
} from "./preview-links.repository.ts";

/** Where a link's secret goes in the site's addresses: `/preview/{secret}`. */
export const PREVIEW_PATH = "/preview/";

/** 32 random bytes, base64url: 43 characters. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 of a secret, base64url: what the table stores instead of the secret. */
export function hashPreviewSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** What a preview address shows: the document, where it now lives publicly, or nothing. */
export type PreviewResult =
  | { kind: "post"; post: Post }
  | { kind: "page"; page: Page }
  | { kind: "moved"; path: string }
  | null;

function statusOf(link: PreviewLinkRow, now: string): PreviewLinkStatus {
  if (link.revoked_at) return "revoked";
  return link.expires_at <= now ? "expired" : "active";
}

/**
 * Secret preview links of drafts and scheduled posts and pages (issue 23,
 * decision 019). A link is made, listed and revoked by whoever may edit the
 * document (a post's author or the editors and admins; a page's `pages:manage`);
 * the secret is handed out once and only its hash is kept. The public preview
 * page opens a link by its secret (`openPreview`).
 */
export function createPreviewLinksService(db: Db, options: { now?: () => Date } = {}) {
  const clock = options.now ?? (() => new Date());
  const nowIso = () => clock().toISOString();

  function toPublic(link: PreviewLinkRow, now: string): PreviewLink {
    return {
      id: link.id,
      created_at: link.created_at,
      expires_at: link.expires_at,
      revoked_at: link.revoked_at,
      created_by: link.created_by,
      status: statusOf(link, now),
    };
  }

  /** A new link: its id, expiry and secret (shown once; the caller builds the address). */
  async function createPreviewLink(
    actor: Actor | null,
    type: PreviewDocumentType,
    id: number,
    input: unknown,
  ): Promise<{ id: number; secret: string; expires_at: string }> {
    const document = await requireEditableDocument(db, actor, type, id);
    const data = parseInput(PreviewLinkInputSchema, input ?? {});
    const hours = data.expires_in_hours ?? PREVIEW_LINK_HOURS.default;
    const secret = randomBytes(32).toString("base64url");
    const now = clock();
    const createdAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
    const linkId = await writeWithAudit(
      db,
      actor,
      (trx) =>
        insertPreviewLink(trx, {
          document_type: type,
          document_id: id,
          secret_hash: hashPreviewSecret(secret),
          created_by: actor?.id || null,
          created_at: createdAt,
          expires_at: expiresAt,
        }),
      (newId) => ({
        action: "preview_link_created",
        entityType: type,
        entityId: id,
        label: document.title,
        details: { link_id: newId, expires_at: expiresAt },
      }),
    );
    return { id: linkId, secret, expires_at: expiresAt };
  }

  async function listPreviewLinks(
    actor: Actor | null,
    type: PreviewDocumentType,
    id: number,
  ): Promise<PreviewLink[]> {
    await requireEditableDocument(db, actor, type, id);
    const now = nowIso();
    return (await findPreviewLinks(db, type, id)).map((link) => toPublic(link, now));
  }

  /** Revokes a link at once; revoking a revoked link changes nothing. */
  async function revokePreviewLink(
    actor: Actor | null,
    type: PreviewDocumentType,
    id: number,
    linkId: number,
  ): Promise<void> {
    const document = await requireEditableDocument(db, actor, type, id);
    const link = await findPreviewLink(db, type, id, linkId);
    if (!link) throw AppError.notFound(`Preview link with ID ${linkId} not found.`);
    if (link.revoked_at) return;
    await writeWithAudit(
      db,
      actor,
      (trx, now) => revokePreviewLinkRow(trx, linkId, now),
      () => ({
        action: "preview_link_revoked",
        entityType: type,
        entityId: id,
        label: document.title,
        details: { link_id: linkId },
      }),
    );
  }

  /**
   * The public preview page: the document a live link shows, or where the
   * document now lives once it is published; null for an unknown, revoked or
   * expired secret, or a document that is gone.
   */
  async function openPreview(secret: string): Promise<PreviewResult> {
    if (!SECRET_PATTERN.test(secret)) return null;
    const hash = hashPreviewSecret(secret);
    const link = await findPreviewLinkByHash(db, hash);
    // The lookup is by the secret's hash (nothing about the secret can be
    // timed from it); the comparison here is constant-time as well.
    if (!link || !timingSafeEqual(Buffer.from(link.secret_hash), Buffer.from(hash))) return null;
    const now = nowIso();
    if (statusOf(link, now) !== "active") return null;
    if (link.document_type === "post") {
      const post = await findPost(db, { id: link.document_id }, { visibility: "all", now });
      if (!post) return null;
      if (isPublicPost(post)) return { kind: "moved", path: `/blog/${post.slug}` };
      return { kind: "post", post };
    }
    const page = await findPage(db, { id: link.document_id }, { visibility: "all", now });
    if (!page) return null;
    if (page.status === "published") return { kind: "moved", path: `/${page.slug}` };
    return { kind: "page", page };
  }

  return { createPreviewLink, listPreviewLinks, revokePreviewLink, openPreview };
}

export type PreviewLinksService = ReturnType<typeof createPreviewLinksService>;
