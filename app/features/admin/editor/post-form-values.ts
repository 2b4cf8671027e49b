import type { Post } from "../../../../common/types.ts";
import { fromLocalInput, names, splitTags, toLocalInput } from "../posts/post-helpers.ts";

export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string;
  featuredImageAlt: string;
  status: "draft" | "published";
  /** datetime-local value in the browser's zone, or "". */
  publishedAt: string;
  isFeatured: boolean;
  categories: string[];
  /** Comma-separated names. */
  tags: string;
  /** Search and social overrides; empty means the title, excerpt and featured image. */
  metaTitle: string;
  metaDescription: string;
  ogImage: string;
};

export const EMPTY_VALUES: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featuredImage: "",
  featuredImageAlt: "",
  status: "draft",
  publishedAt: "",
  isFeatured: false,
  categories: [],
  tags: "",
  metaTitle: "",
  metaDescription: "",
  ogImage: "",
};

/** A loaded post as form values: published when it has a publish date and is not a draft. */
export function valuesFromPost(post: Post): PostFormValues {
  const publishedAt = post.published_at ?? null;
  return {
    title: post.title ?? "",
    slug: post.slug ?? "",
    excerpt: post.excerpt ?? "",
    content: post.content ?? "",
    featuredImage: post.featured_image || "",
    featuredImageAlt: post.featured_image_alt ?? "",
    // A post moved back to draft keeps its old date; it stays a draft here.
    status: publishedAt && post.status !== "draft" ? "published" : "draft",
    publishedAt: toLocalInput(publishedAt),
    isFeatured: !!post.isFeatured,
    categories: names(post.categories),
    tags: names(post.tags).join(", "),
    metaTitle: post.meta_title ?? "",
    metaDescription: post.meta_description ?? "",
    ogImage: post.og_image ?? "",
  };
}

/** The form's fields in the order they appear, for error keys from the schema or server. */
export const FIELD_IDS: Record<string, string> = {
  title: "field-title",
  slug: "field-slug",
  excerpt: "field-excerpt",
  content: "field-content",
  featured_image: "field-featured_image",
  featuredImage: "field-featured_image",
  featured_image_alt: "field-featured_image_alt",
  status: "field-status",
  published_at: "field-published_at",
  publishedAt: "field-published_at",
  isFeatured: "field-featured",
  featured: "field-featured",
  categories: "field-categories",
  tags: "field-tags",
  meta_title: "field-meta_title",
  meta_description: "field-meta_description",
  og_image: "field-og_image",
};

/** Error keys that belong to a visible field (others go in the banner). */
export function fieldKey(key: string) {
  if (key === "featuredImage") return "featured_image";
  if (key === "publishedAt") return "published_at";
  if (key === "featured") return "isFeatured";
  return key;
}

export function focusFirstError(errors: Record<string, string>) {
  const elements = Object.keys(errors)
    .map((key) => document.getElementById(FIELD_IDS[key] ?? ""))
    .filter((el): el is HTMLElement => !!el);
  elements.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const first = elements[0];
  if (!first) return;
  const target =
    first.tagName === "FIELDSET" ? (first.querySelector<HTMLElement>("input") ?? first) : first;
  target.scrollIntoView({ block: "center", behavior: "smooth" });
  target.focus({ preventScroll: true });
}

/** What the API gets for the form's values. */
export function toRequestBody(
  values: PostFormValues,
  post: Post | null,
  initialPublishedAt: string,
  mayFeature: boolean,
) {
  // An untouched date is sent as loaded (the input shows minutes only).
  const publishedAt =
    post && values.publishedAt === initialPublishedAt
      ? (post.published_at ?? null)
      : fromLocalInput(values.publishedAt);
  return {
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt,
    content: values.content,
    featured_image: values.featuredImage.trim(),
    featured_image_alt: values.featuredImageAlt,
    status: values.status,
    categories: values.categories,
    tags: splitTags(values.tags),
    // Left out for authors: the post keeps the flag an editor gave it.
    ...(mayFeature ? { isFeatured: values.isFeatured } : {}),
    published_at: publishedAt,
    meta_title: values.metaTitle,
    meta_description: values.metaDescription,
    og_image: values.ogImage.trim(),
  };
}
