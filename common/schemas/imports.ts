import { z } from "zod";

/*
 * Moving in from WordPress or Ghost (issue 27): what POST /imports takes (the
 * file is the body; the choices are its query) and what the calls answer: a
 * job with its progress and, once done, its report.
 */

export const IMPORT_SOURCES = ["wordpress", "ghost"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** How the admin names each source (the import screen, the audit log). */
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  wordpress: "WordPress",
  ghost: "Ghost",
};

/** What the report counts, in the order it lists them. */
export const IMPORT_KINDS = [
  "authors",
  "categories",
  "tags",
  "posts",
  "pages",
  "media",
  "redirects",
] as const;
export type ImportCountKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_OUTCOMES = ["created", "matched", "skipped", "failed"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** An image that cannot be fetched: its reference stays as it was, or goes. */
export const MISSING_IMAGE_CHOICES = ["keep", "remove"] as const;
export type MissingImageChoice = (typeof MISSING_IMAGE_CHOICES)[number];

const yesNo = (name: string) =>
  z
    .enum(["true", "false"], { error: `${name} must be true or false` })
    .transform((v) => v === "true");

export const ImportStartQuerySchema = z.object({
  source: z.enum(IMPORT_SOURCES, { error: "source must be wordpress or ghost" }),
  fileName: z
    .string({ error: "fileName is required" })
    .trim()
    .min(1, "fileName is required")
    .max(300, "fileName must be 300 characters or less"),
  dryRun: yesNo("dryRun").optional(),
  missingImages: z
    .enum(MISSING_IMAGE_CHOICES, { error: "missingImages must be keep or remove" })
    .optional(),
  siteUrl: z
    .string({ error: "siteUrl must be text" })
    .trim()
    .max(300, "siteUrl must be 300 characters or less")
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+/i.test(v), {
      message: "siteUrl must be the old site's http(s) address",
    })
    .optional(),
});
export type ImportStartQuery = z.output<typeof ImportStartQuerySchema>;

const count = z.number().int().min(0);
const isoTime = z.string().meta({ format: "date-time" });

const OutcomeCountsSchema = z.object({
  created: count,
  matched: count,
  skipped: count,
  failed: count,
});

export const ImportReportSchema = z
  .object({
    counts: z.object(
      Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, OutcomeCountsSchema])) as Record<
        ImportCountKind,
        typeof OutcomeCountsSchema
      >,
    ),
    /** Every warning: what it is about ("Post 12 “Hello”") and what happened. */
    warnings: z.array(z.object({ item: z.string(), message: z.string() })),
  })
  .meta({ id: "ImportReport" });
export type ImportReport = z.output<typeof ImportReportSchema>;
export type ImportCounts = ImportReport["counts"];
export type ImportWarning = ImportReport["warnings"][number];

export const ImportJobSchema = z
  .object({
    id: z.number().int(),
    source: z.enum(IMPORT_SOURCES),
    fileName: z.string(),
    dryRun: z.boolean(),
    status: z.enum(["running", "done", "failed"]),
    /** What the job does now ("Reading the file", "Importing posts and pages", …). */
    phase: z.string(),
    done: count,
    total: count,
    missingImages: z.enum(MISSING_IMAGE_CHOICES),
    /** Why a failed job stopped (a file that is not an export, cut off, …). */
    error: z.string().nullable(),
    report: ImportReportSchema.nullable(),
    createdAt: isoTime,
    finishedAt: isoTime.nullable(),
  })
  .meta({ id: "ImportJob" });
export type ImportJob = z.output<typeof ImportJobSchema>;

export const ImportJobListSchema = z.array(ImportJobSchema).meta({ id: "ImportJobList" });

export const IMPORT_COUNT_LABELS: Record<ImportCountKind, string> = {
  authors: "Authors",
  categories: "Categories",
  tags: "Tags",
  posts: "Posts",
  pages: "Pages",
  media: "Images",
  redirects: "Old addresses (301)",
};
