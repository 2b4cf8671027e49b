import { z } from "zod";
import { NEW_PASSWORD_RULE, USERNAME_RULE } from "#common/rules.ts";
import { emailField, imageUrlField, requiredText, textField } from "./fields.ts";

/** Your own details (the profile page); any subset. */
export const ProfileUpdateSchema = z.strictObject({
  first_name: requiredText("First name is required", 100).optional(),
  last_name: requiredText("Last name is required", 100).optional(),
  username: textField(USERNAME_RULE).optional(),
  // No avatar is "" or null (as GET answers it).
  avatar_url: z
    .preprocess(
      (value) => (value === null ? "" : value),
      imageUrlField("Avatar").refine(
        (v) => v.length <= 500,
        "Avatar must be 500 characters or less",
      ),
    )
    .optional(),
});

const currentPassword = z
  .string({ error: "Current password is required" })
  .min(1, "Current password is required")
  .max(200, "Current password is required");

/** Your own password: the current one, and the new one. */
export const PasswordChangeSchema = z.strictObject({
  current_password: currentPassword,
  password: textField(NEW_PASSWORD_RULE),
});

/** A new e-mail address, confirmed by a link sent to it; your password proves it is you. */
export const EmailChangeSchema = z.strictObject({
  email: emailField(),
  current_password: currentPassword,
});

export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;
