/**
 * The one e-mail address rule of the product (contact form, registration,
 * users, the API), zod-free so public pages can use it.
 *
 * Strict on purpose: an address ends up in `mailto:` links and e-mail
 * headers, where `?`, `&`, `=`, `%`, `#`, `/`, `,`, `;`, quotes, spaces or a
 * second `@` change what the link or header means (`a@b.co?cc=x@evil` would
 * copy a stranger into the admin's reply). So: a local part of letters,
 * digits and `. _ + - '` (no leading, trailing or double dot, at most 64
 * characters), then a host name of at least two labels (letters, digits,
 * hyphens inside, each label at most 63 characters) whose last label starts
 * with a letter. ASCII only, either case; the length limit (254) is checked
 * apart so it keeps its own message.
 *
 * No flags: the OpenAPI document carries the pattern's text as a JSON-Schema
 * `pattern`, which has none (so the case is in the character classes).
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[a-zA-Z0-9_'+-]+(?:\.[a-zA-Z0-9_'+-]+)*@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])$/;

export const EMAIL_MAX = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** Lone surrogates would make encodeURIComponent throw: replaced, as browsers do. */
function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
}

/**
 * A `mailto:` link with every part encoded: whatever an address holds
 * (messages stored before the strict rule, or an address from elsewhere),
 * it stays one recipient and cannot add headers such as cc, bcc or body.
 */
export function mailtoHref(address: string, headers: { subject?: string } = {}): string {
  let href = `mailto:${encodeURIComponent(wellFormed(address.trim()))}`;
  if (headers.subject !== undefined) {
    href += `?subject=${encodeURIComponent(wellFormed(headers.subject))}`;
  }
  return href;
}
