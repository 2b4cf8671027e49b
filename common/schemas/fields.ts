import { z } from "zod";

/** A required, trimmed text with the spec's messages. */
export const requiredText = (required: string, max: number, tooLong?: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(
      max,
      tooLong ?? `${required.replace(/ is required$/, "")} must be ${max} characters or less`,
    );

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = (required = "Email is required") =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, "Email must be 254 characters or less")
    .regex(EMAIL_PATTERN, "Email is invalid");

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugField = (label = "Slug") =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be 200 characters or less`)
    .regex(/^[a-z0-9-]+$/, `${label} can only contain lowercase letters, numbers, and hyphens`);

/** An http(s) URL, a site path such as /uploads/x.png, or empty. */
export const imageUrlField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2000, `${label} must be 2000 characters or less`)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), {
      message: `${label} must be an http(s) URL or an uploaded file`,
    });

/** Positive whole-number id from a path or body. */
export const idField = (label = "id") =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(2_147_483_647, `${label} is too large`);
