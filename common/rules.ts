import { EMAIL_MAX, EMAIL_PATTERN } from "./email.ts";

/**
 * Text-field rules with the spec's messages (section 5), as plain data with no
 * zod in sight. Each rule is defined once, here, and read two ways:
 * `schemas/fields.ts` turns a rule into the zod field the API (and the admin
 * forms) validate with, and `validateFields` below checks the same rule in the
 * browser, so the public forms (contact, register, sign-in) stay free of zod.
 * A unit test holds both readings to the same messages and values.
 *
 * Checks run in one order, the order of the zod chain: type, (trim,
 * lowercase), required, min, max, pattern; the first failing check's message
 * is the field's error.
 */
export type TextRule = {
  /** Message for a missing, non-text or (after trimming) empty value. */
  required: string;
  /** Trim before checking (the default); passwords are taken as typed. */
  trim?: boolean;
  lowercase?: boolean;
  min?: readonly [length: number, message: string];
  max: readonly [length: number, message: string];
  pattern?: readonly [pattern: RegExp, message: string];
};

// The strict address rule lives in email.ts, shared with the mailto links.
export { EMAIL_PATTERN } from "./email.ts";

/** The field a "… is required" message names ("Name is required": "Name"), or undefined. */
function requiredLabel(required: string): string | undefined {
  return required.match(/^(.+) is required$/)?.[1];
}

/** A required, trimmed text: "Name is required", "Name must be 200 characters or less". */
export function requiredRule(required: string, max: number, tooLong?: string): TextRule {
  return {
    required,
    max: [
      max,
      tooLong ?? `${requiredLabel(required) ?? required} must be ${max} characters or less`,
    ],
  };
}

/** A required address (the strict pattern of email.ts), trimmed and lowercased. */
export function emailRule(required = "Email is required"): TextRule {
  return {
    required,
    lowercase: true,
    max: [EMAIL_MAX, `Email must be ${EMAIL_MAX} characters or less`],
    pattern: [EMAIL_PATTERN, "Email is invalid"],
  };
}

export const USERNAME_RULE: TextRule = {
  required: "Username is required",
  min: [3, "Username must be at least 3 characters"],
  max: [50, "Username must be 50 characters or less"],
  pattern: [
    /^[A-Za-z0-9_.-]+$/,
    "Username can only contain letters, numbers, dots, dashes and underscores",
  ],
};

/** Contact form: trimmed values, each one required. */
export const CONTACT_RULES = {
  name: requiredRule("Name is required", 200),
  email: emailRule(),
  subject: requiredRule("Subject is required", 300),
  message: requiredRule("Message is required", 10_000),
} satisfies Record<string, TextRule>;

/**
 * Every password that is set (register, first-run setup, the admin's user
 * form): at least 8 characters, taken as typed. The server also refuses the
 * most common passwords (server/lib/common-passwords.ts) with PASSWORD_TOO_COMMON.
 */
export const NEW_PASSWORD_RULE: TextRule = {
  required: "Password is required",
  trim: false,
  min: [8, "Password must be at least 8 characters"],
  max: [200, "Password must be 200 characters or less"],
};

export const PASSWORD_TOO_COMMON = "This password is too common. Please choose another.";

/** Register: the account payload (confirmation and terms are checked in the form only). */
export const REGISTER_RULES = {
  first_name: requiredRule("First name is required", 100),
  last_name: requiredRule("Last name is required", 100),
  username: USERNAME_RULE,
  email: emailRule(),
  password: NEW_PASSWORD_RULE,
} satisfies Record<string, TextRule>;

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/**
 * The honeypot: a field people never see or fill (components/ui/honeypot.tsx)
 * on the contact, register and sign-in forms. A request that fills it is
 * answered as a success (sign-in: as a wrong password) and nothing is stored.
 */
export const HONEYPOT_FIELD = "website";
export const TERMS_REQUIRED = "You must agree to the terms and conditions";

/** Sign-in: both fields required, one message for either. */
export const LOGIN_RULES = {
  email: {
    required: "Email and password are required",
    lowercase: true,
    max: [254, "Email must be 254 characters or less"],
  },
  password: {
    required: "Email and password are required",
    trim: false,
    max: [200, "Password must be 200 characters or less"],
  },
} satisfies Record<string, TextRule>;

/**
 * The message for a value that is not text: `required` ("Title is required")
 * when there is none, else "Title must be text" (`{"title": 123}` is not a
 * missing title). A message not of the form "… is required" is kept for both.
 */
export function notTextError(required: string, input: unknown): string {
  const label = requiredLabel(required);
  return input === undefined || input === null || !label ? required : `${label} must be text`;
}

/** One value against its rule: the cleaned value, or the first message that applies. */
export function checkText(
  rule: TextRule,
  input: unknown,
): { ok: true; value: string } | { ok: false; error: string } {
  if (typeof input !== "string") return { ok: false, error: notTextError(rule.required, input) };
  let value = rule.trim === false ? input : input.trim();
  if (rule.lowercase) value = value.toLowerCase();
  if (value.length < 1) return { ok: false, error: rule.required };
  if (rule.min && value.length < rule.min[0]) return { ok: false, error: rule.min[1] };
  if (value.length > rule.max[0]) return { ok: false, error: rule.max[1] };
  if (rule.pattern && !rule.pattern[0].test(value)) return { ok: false, error: rule.pattern[1] };
  return { ok: true, value };
}

/**
 * A form's fields against their rules: the cleaned values when all pass, and
 * the first message per failing field (the shape `fieldErrors` gives for zod).
 */
export function validateFields<K extends string>(
  rules: Record<K, TextRule>,
  input: Partial<Record<K, unknown>>,
): { data: Record<K, string> | null; errors: Partial<Record<K, string>> } {
  const data = {} as Record<K, string>;
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const result = checkText(rules[key], input[key]);
    if (result.ok) data[key] = result.value;
    else errors[key] = result.error;
  }
  return { data: Object.keys(errors).length ? null : data, errors };
}

/** What is wrong with a new password and its confirmation (the rule first), or undefined. */
export function newPasswordProblem(password: string, confirm: string): string | undefined {
  const { errors } = validateFields({ password: NEW_PASSWORD_RULE }, { password });
  return errors.password ?? (confirm !== password ? PASSWORDS_DO_NOT_MATCH : undefined);
}
