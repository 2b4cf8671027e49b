import { z } from "zod";
import { emailRule, notTextError, requiredRule, type TextRule } from "#common/rules.ts";

/**
 * The zod field for a rule of `../rules.ts`: the same checks in the same
 * order with the same messages, as a plain string schema (so the OpenAPI
 * document still shows lengths and patterns).
 */
export function textField(rule: TextRule) {
  let field = z.string({ error: (issue) => notTextError(rule.required, issue.input) });
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

/** The honeypot field (rules.ts HONEYPOT_FIELD): any text, meant to stay empty. */
export const honeypotField = z.string({ error: "website must be text" }).optional();

export const emailField = (required = "Email is required") => textField(emailRule(required));

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugField = (label = "Slug") =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be 200 characters or less`)
    .regex(/^[a-z0-9-]+$/, `${label} can only contain lowercase letters, numbers, and hyphens`);

/**
 * A rich-text body (a post's or a page's HTML): required, so text or an image
 * once the tags are gone; the server sanitises it before storing.
 */
export const richTextField = () =>
  z
    .string({ error: "Content is required" })
    .max(500_000, "Content must be 500000 characters or less")
    .refine((v) => v.replace(/<[^>]*>/g, "").trim() !== "" || /<img\s/i.test(v), {
      message: "Content is required",
    });

/** A publish date: an ISO date-time (with or without its zone) or a date; null or "" clear it. */
export const publishDateField = () =>
  z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date(), z.null(), z.literal("")], {
      error: "Publish date must be a date and time",
    })
    .optional();

/**
 * An https:// address with a host, as a browser would open it: no spaces and no
 * backslashes anywhere (a browser reads `\` as `/`, so what is shown is not
 * what opens).
 */
export function isHttpsUrl(value: string): boolean {
  if (/[\s\\]/.test(value) || !/^https:\/\/[^/?#]/i.test(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** An http(s) URL, a site path such as /uploads/x.png or /contact, or empty. */
function siteOrWebAddress(label: string, message: string) {
  return z
    .string({ error: (issue) => notTextError(`${label} is required`, issue.input) })
    .trim()
    .max(2000, `${label} must be 2000 characters or less`)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), {
      message,
    });
}

/** A picture's address: an http(s) URL or an uploaded file (`/uploads/…`), or empty. */
export const imageUrlField = (label: string) =>
  siteOrWebAddress(label, `${label} must be an http(s) URL or an uploaded file`);

/** Where a link or button leads: an http(s) URL or a path on this site (`/contact`), or empty. */
export const linkUrlField = (label: string) =>
  siteOrWebAddress(
    label,
    `${label} must be an http(s) URL or a path on this site, such as /contact`,
  );

/**
 * Ids are PostgreSQL `integer`s (serial): 1 to 2147483647. Anything else is a
 * 400 naming the field before a query runs (PostgreSQL would refuse a larger
 * number with an error, SQLite would just find nothing).
 */
export const ID_MAX = 2_147_483_647;

const idMessages = (label: string) => ({
  number: `${label} must be a number`,
  whole: `${label} must be a whole number`,
  positive: `${label} must be a positive number`,
  tooLarge: `${label} must be ${ID_MAX} or less`,
});

/** An id as a JSON number (bulk lists, references in bodies). */
export const idNumber = (label = "id") => {
  const m = idMessages(label);
  return z.number({ error: m.number }).int(m.whole).positive(m.positive).max(ID_MAX, m.tooLarge);
};

/** Checks an id given as a number: the first message that applies, or the id. */
export function checkId(label: string, value: number): { id: number } | { error: string } {
  const m = idMessages(label);
  if (!Number.isFinite(value)) return { error: m.number };
  if (!Number.isInteger(value)) return { error: m.whole };
  if (value <= 0) return { error: m.positive };
  if (value > ID_MAX) return { error: m.tooLarge };
  return { id: value };
}

/**
 * Checks an id written as text (a path, a query, a form field). Decimal
 * digits only, spaces around allowed: "1e3", "0x10" and "" are not numbers.
 */
export function checkIdText(label: string, raw: string): { id: number } | { error: string } {
  const text = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { error: idMessages(label).number };
  return checkId(label, Number(text));
}

/** An id in a path or query string, as a number. */
export const idText = (label = "id") =>
  z.string({ error: idMessages(label).number }).transform((raw, ctx) => {
    const checked = checkIdText(label, raw);
    if ("error" in checked) {
      ctx.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked.id;
  });

/** Comma-separated ids in a query string ("1, 2,3"); empty means none given. */
export const idListText = (label: string, max = 50) =>
  z
    .string({ error: `${label} must be comma-separated ids` })
    .max(500, `${label} must be 500 characters or less`)
    .transform((raw, ctx) => {
      const parts = raw.split(",").map((s) => s.trim());
      if (parts.length === 1 && parts[0] === "") return undefined;
      if (parts.length > max) {
        ctx.addIssue({ code: "custom", message: `${label} can hold at most ${max} ids` });
        return z.NEVER;
      }
      const ids: number[] = [];
      for (const part of parts) {
        const checked = checkIdText(label, part);
        if ("error" in checked) {
          const message = part === "" ? `${label} must be comma-separated ids` : checked.error;
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        if (!ids.includes(checked.id)) ids.push(checked.id);
      }
      return ids;
    });

/** An id in a body that may also come as text ("5" from a form select). */
export const idField = (label = "id") =>
  z.union([z.number(), z.string()], { error: idMessages(label).number }).transform((value, ctx) => {
    const checked = typeof value === "number" ? checkId(label, value) : checkIdText(label, value);
    if ("error" in checked) {
      ctx.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked.id;
  });

/**
 * Fields a response carries that a client may send back with its changes
 * (ids, authors, dates, views, counts): accepted on write and ignored. A
 * changed id or author is refused where the call knows the stored value.
 */
export function readOnlyFields<const K extends string>(...names: K[]) {
  return Object.fromEntries(names.map((name) => [name, z.unknown().optional()])) as {
    [P in K]: z.ZodOptional<z.ZodUnknown>;
  };
}
