import { z } from "zod";
import { POST_STATUSES } from "#common/enums.ts";
import { isReservedSlug, RESERVED_SLUG_MESSAGE } from "#common/reserved-slugs.ts";
import {
  idNumber,
  imageUrlField,
  optionalText,
  publishDateField,
  readOnlyFields,
  requiredText,
  richTextField,
  slugField,
} from "./fields.ts";

/** How long the search fields may be (the recommended lengths are shown by the editor). */
export const PAGE_META_TITLE_MAX = 200;
export const PAGE_META_DESCRIPTION_MAX = 500;

/**
 * A company page (About-like pages, Careers, Terms, Privacy), used by the
 * admin's page form and the API. The slug is the page's address (`/{slug}`):
 * the rules of a post's slug, and none of the site's own first path segments
 * (common/reserved-slugs.ts).
 */
export const PageInputSchema = z.strictObject({
  title: requiredText("Title is required", 200),
  slug: slugField().refine((slug) => !isReservedSlug(slug), { message: RESERVED_SLUG_MESSAGE }),
  content: richTextField(),
  featured_image: imageUrlField("Featured image").optional(),
  featured_image_alt: optionalText("Featured image alt text", 300).optional(),
  status: z
    .enum(POST_STATUSES, { error: "Status must be draft, published or scheduled" })
    .optional(),
  published_at: publishDateField(),
  meta_title: optionalText("Meta title", PAGE_META_TITLE_MAX).optional(),
  meta_description: optionalText("Meta description", PAGE_META_DESCRIPTION_MAX).optional(),
  /** "Hide from search engines": a noindex robots tag, and left out of the sitemap. */
  noindex: z.boolean({ error: "noindex must be true or false" }).optional(),
  // What GET answers besides the fields above, accepted back and ignored.
  // `version`: the API takes a sent one off first (server/http/versions.ts, decision 018).
  ...readOnlyFields("id", "author_id", "created_at", "updated_at", "version"),
});

export type PageInput = z.infer<typeof PageInputSchema>;

export const PageStatusFilterSchema = z.enum(["all", "published", "draft", "scheduled"], {
  error: "Status must be all, published, draft or scheduled",
});

export const PageBulkSchema = z.strictObject({
  action: z.enum(["publish", "draft", "delete"], {
    error: "Action must be publish, draft or delete",
  }),
  ids: z
    .array(idNumber("ids"), { error: "ids must be a list of page ids" })
    .min(1, "Please select pages first")
    .max(500, "At most 500 pages at once"),
});
