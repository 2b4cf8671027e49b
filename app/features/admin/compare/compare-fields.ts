import type { DocumentType } from "#common/documents.ts";
import { type DiffField, htmlToReadableText } from "./text-diff.ts";

/**
 * The fields Compare shows of each kind of document, by their labels, in the
 * editor's order: one list for both compares, a revision against the current
 * version and, in an edit conflict, theirs against yours, so a change to any
 * field the editor saves shows in either.
 */
export const COMPARE_LABELS = {
  post: {
    title: "Title",
    slug: "Slug",
    excerpt: "Excerpt",
    content: "Content",
    status: "Status",
    published_at: "Publish date",
    featured_image: "Featured image",
    featured_image_alt: "Image alt text",
    isFeatured: "Featured post",
    categories: "Categories",
    tags: "Tags",
    meta_title: "Meta title",
    meta_description: "Meta description",
    og_image: "Social image",
  },
  page: {
    title: "Title",
    slug: "Slug",
    content: "Content",
    status: "Status",
    published_at: "Publish date",
    featured_image: "Featured image",
    featured_image_alt: "Image alt text",
    meta_title: "Meta title",
    meta_description: "Meta description",
    noindex: "Hide from search engines",
  },
  service: {
    title: "Title",
    slug: "Slug",
    description: "Short description",
    icon: "Icon",
    details: "Full details",
  },
} as const satisfies Record<DocumentType, Record<string, string>>;

/** A value as Compare reads it: lists joined, yes or no, nothing as empty. */
function readable(value: unknown): string {
  if (Array.isArray(value)) return value.filter((v) => typeof v === "string").join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/**
 * Before against after, field by field: each field's label, and HTML fields
 * (`content`) as readable text. A field `before` lacks (an older revision's)
 * reads as empty.
 */
export function compareFields(
  labels: Record<string, string>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  htmlFields: readonly string[] = ["content"],
): DiffField[] {
  const text = (key: string, value: unknown) =>
    htmlFields.includes(key) ? htmlToReadableText(readable(value)) : readable(value);
  return Object.entries(labels).map(([key, label]) => ({
    label,
    before: text(key, before[key]),
    after: text(key, after[key]),
  }));
}
