import { z } from "zod";
import { NEW_PASSWORD_RULE } from "#common/rules.ts";
import { emailField, honeypotField, textField } from "./fields.ts";

/** "Forgot password?": the address to send the link to. */
export const ForgotPasswordSchema = z.strictObject({
  email: emailField(),
  website: honeypotField,
});

const tokenField = z
  .string({ error: "The link is incomplete" })
  .min(1, "The link is incomplete")
  .max(200, "The link is incomplete");

/** A one-time link's token and the new password (reset, invitation). */
export const SetPasswordSchema = z.strictObject({
  token: tokenField,
  password: textField(NEW_PASSWORD_RULE),
});

/** A one-time link's token (e-mail change). */
export const TokenSchema = z.strictObject({ token: tokenField });
