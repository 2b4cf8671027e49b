import { z } from "zod";
import { DOCUMENT_TYPES } from "#common/documents.ts";

/*
 * Autosave and presence (issue 23, decision 018). An autosave is the editor's
 * fields as they were typed, under the form's own names: it may be unfinished
 * (an empty title, a slug not yet valid), so only types and sizes are
 * checked here; the explicit save validates the whole as before.
 */

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max.toLocaleString("en")} characters`)
    .optional();
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();

const CONTENT_MAX = 1_000_000;

const PostAutosaveFields = z.strictObject({
  title: text("title", 300),
  slug: text("slug", 200),
  excerpt: text("excerpt", 2000),
  content: text("content", CONTENT_MAX),
  featured_image: text("featured_image", 2000),
  featured_image_alt: text("featured_image_alt", 300),
  status: text("status", 20),
  published_at: text("published_at", 40),
  isFeatured: flag("isFeatured"),
  categories: z
    .array(z.string({ error: "categories must be names" }).max(200), {
      error: "categories must be a list of names",
    })
    .max(100, "categories must be at most 100 names")
    .optional(),
  tags: text("tags", 5000),
  meta_title: text("meta_title", 300),
  meta_description: text("meta_description", 2000),
  og_image: text("og_image", 2000),
});

const PageAutosaveFields = z.strictObject({
  title: text("title", 300),
  slug: text("slug", 200),
  content: text("content", CONTENT_MAX),
  featured_image: text("featured_image", 2000),
  featured_image_alt: text("featured_image_alt", 300),
  status: text("status", 20),
  published_at: text("published_at", 40),
  meta_title: text("meta_title", 300),
  meta_description: text("meta_description", 2000),
  noindex: flag("noindex"),
});

const ServiceAutosaveFields = z.strictObject({
  title: text("title", 200),
  slug: text("slug", 200),
  description: text("description", 1000),
  icon: text("icon", 50),
  details: text("details", 20_000),
});

const baseVersion = z
  .number({ error: "version must be a whole number of 1 or more" })
  .int("version must be a whole number of 1 or more")
  .min(1, "version must be a whole number of 1 or more")
  .optional();

function autosaveInput<T extends z.ZodObject>(fields: T) {
  return z.strictObject({
    fields: fields.meta({ description: "The editor's fields as typed (may be unfinished)" }),
    version: baseVersion.meta({ description: "The document version the editor loaded" }),
  });
}

export const AutosaveInputSchemas = {
  post: autosaveInput(PostAutosaveFields),
  page: autosaveInput(PageAutosaveFields),
  service: autosaveInput(ServiceAutosaveFields),
} as const;

/** A user's autosave of a document, as the API answers it. */
export const AutosaveSchema = z
  .object({
    document_type: z.enum(DOCUMENT_TYPES),
    document_id: z.number().int(),
    fields: z.record(z.string(), z.unknown()),
    /** The document version the editor had loaded when it autosaved. */
    version: z.number().int().nullable(),
    saved_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Autosave" });
export type Autosave = z.output<typeof AutosaveSchema>;

/** The others editing a document now (soft presence, not a lock). */
export const PresenceSchema = z
  .object({
    editors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /**
     * When the caller's own autosave of the document was written (null: none),
     * so an editor that opens it knows whether to offer it without a 404.
     */
    autosave_saved_at: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "Presence" });
export type Presence = z.output<typeof PresenceSchema>;
