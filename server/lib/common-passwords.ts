import { PASSWORD_TOO_COMMON } from "#common/rules.ts";
import { AppError } from "#server/lib/app-error.ts";
import { COMMON_PASSWORDS } from "./common-passwords.data.ts";

let list: Set<string> | undefined;

/**
 * Whether a password is one of the 10,000 most common of 8 characters or more
 * (common-passwords.data.ts, made by scripts/common-passwords.ts), ignoring
 * case: "Password1" is as easy to guess as "password1". Server-side only, so
 * the list never rides along in a page's JavaScript.
 */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(COMMON_PASSWORDS.split("\n"));
  return list.has(password.toLowerCase());
}

/** Refuses a common password with a 400 naming the field. */
export function requireUncommonPassword(password: string | undefined, field = "password") {
  if (password && isCommonPassword(password)) {
    throw AppError.validation({ [field]: PASSWORD_TOO_COMMON });
  }
}
