import { z } from "zod";
import { isCommonPassword } from "../auth/common-passwords.ts";

/** `--email`, as the account commands take it (lower-cased). */
export const emailArg = z
  .email("--email must be an e-mail address")
  .transform((v) => v.toLowerCase());

/** `--password`: the rules every password of the site follows, named after the option. */
export const passwordArg = z
  .string("--password is required")
  .min(8, "--password must be at least 8 characters")
  .refine((v) => !isCommonPassword(v), "--password is too common; choose another");
