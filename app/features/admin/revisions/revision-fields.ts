import { type DiffField, htmlToReadableText } from "#app/features/admin/compare/text-diff.ts";
import type {
  Page,
  PageSnapshot,
  Post,
  PostSnapshot,
  RevisionDocumentType,
  RevisionReason,
  Service,
  ServiceSnapshot,
} from "#common/types.ts";

/** A document the revisions panel serves, by its type. */
export type RevisionDocument =
  | { type: "post"; document: Post }
  | { type: "page"; document: Page }
  | { type: "service"; document: Service };

/** The API path of a document (its revisions are under `…/revisions`). */
export function documentPath(type: RevisionDocumentType, id: number): string {
  const base = type === "post" ? "/blog/posts" : type === "page" ? "/pages" : "/services";
  return `${base}/${id}`;
}

export const REASON_LABELS: Record<RevisionReason, string> = {
  save: "Saved",
  publish: "Published",
  unpublish: "Moved to draft",
  restore: "Restored",
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const html = (value: unknown) => htmlToReadableText(text(value));
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((v) => typeof v === "string").join(", ") : "";
const yesNo = (value: unknown) => (value === true ? "Yes" : "No");

/**
 * The fields a compare shows: a revision's snapshot (before) against the
 * document as it is now (after), each as readable text. A field an older
 * snapshot lacks reads as empty.
 */
export function compareFields(
  current: RevisionDocument,
  snapshot: Partial<PostSnapshot & PageSnapshot & ServiceSnapshot>,
): DiffField[] {
  const field = (label: string, before: string, after: string): DiffField => ({
    label,
    before,
    after,
  });
  if (current.type === "post") {
    const post = current.document;
    return [
      field("Title", text(snapshot.title), post.title),
      field("Excerpt", text(snapshot.excerpt), post.excerpt),
      field("Content", html(snapshot.content), html(post.content)),
      field("Featured image", text(snapshot.featured_image), post.featured_image),
      field("Image alt text", text(snapshot.featured_image_alt), post.featured_image_alt),
      field("Categories", list(snapshot.categories), list(post.categories.map((c) => c.name))),
      field("Tags", list(snapshot.tags), list(post.tags.map((t) => t.name))),
      field("Meta title", text(snapshot.meta_title), post.meta_title),
      field("Meta description", text(snapshot.meta_description), post.meta_description),
      field("Social image", text(snapshot.og_image), post.og_image),
      field("Slug", text(snapshot.slug), post.slug),
      field("Status", text(snapshot.status), post.status),
      field("Publish date", text(snapshot.published_at), post.published_at ?? ""),
    ];
  }
  if (current.type === "page") {
    const page = current.document;
    return [
      field("Title", text(snapshot.title), page.title),
      field("Content", html(snapshot.content), html(page.content)),
      field("Featured image", text(snapshot.featured_image), page.featured_image),
      field("Image alt text", text(snapshot.featured_image_alt), page.featured_image_alt),
      field("Meta title", text(snapshot.meta_title), page.meta_title),
      field("Meta description", text(snapshot.meta_description), page.meta_description),
      field("Hide from search engines", yesNo(snapshot.noindex), yesNo(page.noindex)),
      field("Slug", text(snapshot.slug), page.slug),
      field("Status", text(snapshot.status), page.status),
      field("Publish date", text(snapshot.published_at), page.published_at ?? ""),
    ];
  }
  const service = current.document;
  return [
    field("Title", text(snapshot.title), service.title),
    field("Short description", text(snapshot.description), service.description),
    field("Icon", text(snapshot.icon), service.icon),
    field("Full details", text(snapshot.details), service.details),
    field("Slug", text(snapshot.slug), service.slug),
  ];
}
