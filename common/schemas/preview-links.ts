import { z } from "zod";

/*
 * Preview links (issue 23): a secret link that shows a draft or scheduled
 * post or page in its public design to someone without an account. What
 * POST …/preview-links takes and what the three calls answer.
 */

/** The expiry a link may have, in hours: 1 hour to 30 days; 7 days unless asked. */
export const PREVIEW_LINK_HOURS = { min: 1, max: 720, default: 168 } as const;

const HOURS_MESSAGE = `expires_in_hours must be a whole number of hours from ${PREVIEW_LINK_HOURS.min} to ${PREVIEW_LINK_HOURS.max}`;

export const PreviewLinkInputSchema = z
  .strictObject({
    expires_in_hours: z
      .number({ error: HOURS_MESSAGE })
      .int(HOURS_MESSAGE)
      .min(PREVIEW_LINK_HOURS.min, HOURS_MESSAGE)
      .max(PREVIEW_LINK_HOURS.max, HOURS_MESSAGE)
      .optional(),
  })
  .meta({ id: "PreviewLinkInput" });
export type PreviewLinkInput = z.output<typeof PreviewLinkInputSchema>;

export const PREVIEW_LINK_STATUSES = ["active", "expired", "revoked"] as const;
export type PreviewLinkStatus = (typeof PREVIEW_LINK_STATUSES)[number];

const isoTime = z.string().meta({ format: "date-time" });

/** A link as the list shows it: never its secret (only its hash is stored). */
export const PreviewLinkSchema = z
  .object({
    id: z.number().int(),
    created_at: isoTime,
    expires_at: isoTime,
    revoked_at: isoTime.nullable(),
    /** Who made it: their id and name (null once that account is deleted). */
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    status: z.enum(PREVIEW_LINK_STATUSES),
  })
  .meta({ id: "PreviewLink" });

export const PreviewLinkListSchema = z.array(PreviewLinkSchema).meta({ id: "PreviewLinkList" });

/** The answer of a new link: the only time its address (with the secret) is shown. */
export const PreviewLinkCreatedSchema = z
  .object({
    id: z.number().int(),
    /** The absolute address of the preview, secret included. */
    url: z.string(),
    expires_at: isoTime,
  })
  .meta({ id: "PreviewLinkCreated" });

export type PreviewLink = z.output<typeof PreviewLinkSchema>;
export type PreviewLinkCreated = z.output<typeof PreviewLinkCreatedSchema>;
