import {
  NEW_PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
  REGISTER_RULES,
  type TextRule,
  USERNAME_RULE,
} from "./rules.ts";

/**
 * The first-run setup form (/setup): the first admin account. Plain rules
 * with no zod, read by the page's form and by the server's schema alike.
 */
export const SETUP_RULES = {
  first_name: REGISTER_RULES.first_name,
  last_name: REGISTER_RULES.last_name,
  username: USERNAME_RULE,
  email: REGISTER_RULES.email,
  password: NEW_PASSWORD_RULE,
} satisfies Record<string, TextRule>;

export { PASSWORDS_DO_NOT_MATCH };

export const SETUP_TEXTS = {
  invalidLink:
    "This setup link is not valid. Use the link the server printed when it started (a restart prints a new one).",
  alreadySetUp: "This site is already set up. Sign in with your admin account.",
  done: "Your admin account is ready. Sign in to manage your site.",
} as const;
