import { fromLocalInput, toLocalInput } from "#app/features/admin/posts/post-helpers.ts";
import type { Page } from "#common/types.ts";

/** The page form's values, each under the API's field name (the schema parses them as they are). */
export type PageFormValues = {
  title: string;
  slug: string;
  content: string;
  featured_image: string;
  featured_image_alt: string;
  status: "draft" | "published" | "scheduled";
  /** datetime-local value in the browser's zone, or "". */
  published_at: string;
  /** Empty: the title, and the start of the content. */
  meta_title: string;
  meta_description: string;
  /** "Hide from search engines". */
  noindex: boolean;
};

export const EMPTY_PAGE_VALUES: PageFormValues = {
  title: "",
  slug: "",
  content: "",
  featured_image: "",
  featured_image_alt: "",
  status: "draft",
  published_at: "",
  meta_title: "",
  meta_description: "",
  noindex: false,
};

export const PAGE_STATUS_CHOICES = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
] as const;

/** A loaded page as form values (its status as read: scheduled while its time has not come). */
export function valuesFromPage(page: Page): PageFormValues {
  return {
    title: page.title,
    slug: page.slug,
    content: page.content,
    featured_image: page.featured_image,
    featured_image_alt: page.featured_image_alt,
    status: page.status,
    published_at: toLocalInput(page.published_at),
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    noindex: page.noindex,
  };
}

/** What the API gets: the form's values, the date in UTC (an untouched one as loaded). */
export function toPageRequestBody(
  values: PageFormValues,
  page: Page | null,
  initialPublishedAt: string,
) {
  const publishedAt =
    page && values.published_at === initialPublishedAt
      ? page.published_at
      : fromLocalInput(values.published_at);
  return {
    ...values,
    featured_image: values.featured_image.trim(),
    published_at: publishedAt,
  };
}
