import { z } from "zod";
import { emailRule, requiredRule, type TextRule } from "../rules.ts";

/**
 * The zod field for a rule of `../rules.ts`: the same checks in the same
 * order with the same messages, as a plain string schema (so the OpenAPI
 * document still shows lengths and patterns).
 */
export function textField(rule: TextRule) {
  let field = z.string({ error: rule.required });
  if (rule.trim !== false) field = field.trim();
  if (rule.lowercase) field = field.toLowerCase();
  field = field.min(1, rule.required);
  if (rule.min) field = field.min(rule.min[0], rule.min[1]);
  field = field.max(rule.max[0], rule.max[1]);
  if (rule.pattern) field = field.regex(rule.pattern[0], rule.pattern[1]);
  return field;
}

/** A required, trimmed text with the spec's messages. */
export const requiredText = (required: string, max: number, tooLong?: string) =>
  textField(requiredRule(required, max, tooLong));

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`);

export const emailField = (required = "Email is required") => textField(emailRule(required));

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
