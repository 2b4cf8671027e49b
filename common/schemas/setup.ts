import { z } from "zod";
import { SETUP_RULES } from "#common/setup.ts";
import { textField } from "./fields.ts";

/** POST of the first-run setup form: the one-time token and the first admin. */
export const SetupSchema = z.strictObject({
  token: z.string({ error: "The setup link is missing its token" }).min(1).max(200),
  first_name: textField(SETUP_RULES.first_name),
  last_name: textField(SETUP_RULES.last_name),
  username: textField(SETUP_RULES.username),
  email: textField(SETUP_RULES.email),
  password: textField(SETUP_RULES.password),
});

export type SetupInput = z.infer<typeof SetupSchema>;
