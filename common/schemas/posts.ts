import { z } from "zod";
import { EXCERPT_MAX } from "#common/limits.ts";
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

const nameList = (label: string) =>
  z
    .array(
      z
        .union([z.string(), z.object({ name: z.string() }).loose()], {
          error: `${label} must be a list of names`,
        })
        .transform((v) => (typeof v === "string" ? v : v.name).trim()),
      { error: `${label} must be a list of names` },
    )
    .max(50, `${label} can hold at most 50 names`)
    .transform((names) => [...new Set(names.filter(Boolean))])
    .pipe(z.array(z.string().max(100, `${label}: each name must be 100 characters or less`)));

/**
 * The post form, used by the editor and the API.
 * Categories and tags are names; tags may also come as "a, b, c".
 */
export const PostInputSchema = z.strictObject({
  title: requiredText("Title is required", 200),
  slug: slugField(),
  // Optional on the API: an empty excerpt falls back to the first 120
  // characters of the content on cards and 160 in the meta description. The
  // editor requires it (PostFormSchema).
  excerpt: optionalText("Excerpt", EXCERPT_MAX).optional(),
  content: richTextField(),
  featured_image: imageUrlField("Featured image").optional(),
  featuredImage: imageUrlField("Featured image").optional(),
  featured_image_alt: optionalText("Featured image alt text", 300).optional(),
  status: z
    .enum(["draft", "published", "scheduled"], {
      error: "Status must be draft, published or scheduled",
    })
    .optional(),
  categories: nameList("Categories").optional(),
  tags: z
    .union([z.string().transform((v) => v.split(",")), z.array(z.unknown())], {
      error: "Tags must be a list of names or comma-separated text",
    })
    .pipe(nameList("Tags"))
    .optional(),
  isFeatured: z.boolean({ error: "isFeatured must be true or false" }).optional(),
  featured: z.boolean({ error: "featured must be true or false" }).optional(),
  published_at: publishDateField(),
  publishedAt: publishDateField(),
  meta_title: optionalText("Meta title", 200).optional(),
  meta_description: optionalText("Meta description", 500).optional(),
  og_image: imageUrlField("Social image").optional(),
  // What GET answers besides the fields above, accepted back and ignored; a
  // changed id or author is refused (server/modules/posts/post-rules.ts, the router).
  ...readOnlyFields(
    "id",
    "author",
    "author_id",
    "created_at",
    "createdAt",
    "updated_at",
    "updatedAt",
    "views",
    // The API takes a sent version off first (server/http/versions.ts, decision 018).
    "version",
  ),
});

export type PostInput = z.infer<typeof PostInputSchema>;

/**
 * A post's input with one name per field: the spec's second spellings
 * (featuredImage, publishedAt, featured) folded into the first; when both are
 * sent the first wins (docs/decisions/011-dual-field-names-at-the-edge.md).
 */
export function foldPostAliases(input: PostInput) {
  const { featuredImage, publishedAt, featured, ...rest } = input;
  return {
    ...rest,
    featured_image: input.featured_image ?? featuredImage,
    published_at: input.published_at ?? publishedAt,
    isFeatured: input.isFeatured ?? featured,
  };
}

/** The editor's form: as the API, but the excerpt is required. */
export const PostFormSchema = PostInputSchema.extend({
  excerpt: requiredText(
    "Excerpt is required",
    EXCERPT_MAX,
    `Excerpt must be ${EXCERPT_MAX} characters or less`,
  ),
});

export const PostStatusFilterSchema = z.enum(["all", "published", "draft", "scheduled"], {
  error: "Status must be all, published, draft or scheduled",
});

export const PostBulkSchema = z.strictObject({
  action: z.enum(["publish", "draft", "delete"], {
    error: "Action must be publish, draft or delete",
  }),
  ids: z
    .array(idNumber("ids"), { error: "ids must be a list of post ids" })
    .min(1, "Please select posts first")
    .max(500, "At most 500 posts at once"),
});
