import {
  fromLocalInput,
  names,
  splitTags,
  toLocalInput,
} from "#app/features/admin/posts/post-helpers.ts";
import type { Post } from "#common/types.ts";
import { focusFirstField } from "./focus-field.ts";

/** The post form's values, each under the API's field name (so errors match their fields). */
export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  featured_image_alt: string;
  status: "draft" | "published";
  /** datetime-local value in the browser's zone, or "". */
  published_at: string;
  isFeatured: boolean;
  categories: string[];
  /** Comma-separated names. */
  tags: string;
  /** Search and social overrides; empty means the title, excerpt and featured image. */
  meta_title: string;
  meta_description: string;
  og_image: string;
};

export const EMPTY_VALUES: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featured_image: "",
  featured_image_alt: "",
  status: "draft",
  published_at: "",
  isFeatured: false,
  categories: [],
  tags: "",
  meta_title: "",
  meta_description: "",
  og_image: "",
};

/** A loaded post as form values: published when it has a publish date and is not a draft. */
export function valuesFromPost(post: Post): PostFormValues {
  const publishedAt = post.published_at ?? null;
  return {
    title: post.title ?? "",
    slug: post.slug ?? "",
    excerpt: post.excerpt ?? "",
    content: post.content ?? "",
    featured_image: post.featured_image || "",
    featured_image_alt: post.featured_image_alt ?? "",
    // A post moved back to draft keeps its old date; it stays a draft here.
    status: publishedAt && post.status !== "draft" ? "published" : "draft",
    published_at: toLocalInput(publishedAt),
    isFeatured: !!post.isFeatured,
    categories: names(post.categories),
    tags: names(post.tags).join(", "),
    meta_title: post.meta_title ?? "",
    meta_description: post.meta_description ?? "",
    og_image: post.og_image ?? "",
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

/** The key of the field an error of the API belongs to (its second spellings folded in). */
export function fieldKey(key: string) {
  if (key === "featuredImage") return "featured_image";
  if (key === "publishedAt") return "published_at";
  if (key === "featured") return "isFeatured";
  return key;
}

export function focusFirstError(errors: Record<string, string>) {
  focusFirstField(Object.keys(errors).map((key) => FIELD_IDS[key] ?? ""));
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
    post && values.published_at === initialPublishedAt
      ? (post.published_at ?? null)
      : fromLocalInput(values.published_at);
  return {
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt,
    content: values.content,
    featured_image: values.featured_image.trim(),
    featured_image_alt: values.featured_image_alt,
    status: values.status,
    categories: values.categories,
    tags: splitTags(values.tags),
    // Left out for authors: the post keeps the flag an editor gave it.
    ...(mayFeature ? { isFeatured: values.isFeatured } : {}),
    published_at: publishedAt,
    meta_title: values.meta_title,
    meta_description: values.meta_description,
    og_image: values.og_image.trim(),
  };
}
