import { z } from "zod";
import { ROLES, USER_STATUSES } from "#common/enums.ts";
import { LOGIN_RULES, NEW_PASSWORD_RULE, REGISTER_RULES, USERNAME_RULE } from "#common/rules.ts";
import { emailField, honeypotField, idNumber, requiredText, textField } from "./fields.ts";

const usernameField = textField(USERNAME_RULE);

const roleField = z.enum(ROLES, { error: "Role must be admin, editor or author" });
const statusField = z.enum(USER_STATUSES, { error: "Status must be active or inactive" });

/** Register (spec section 5): the account becomes an author awaiting approval. */
export const RegisterSchema = z.strictObject({
  first_name: textField(REGISTER_RULES.first_name),
  last_name: textField(REGISTER_RULES.last_name),
  username: textField(REGISTER_RULES.username),
  email: textField(REGISTER_RULES.email),
  password: textField(REGISTER_RULES.password),
  website: honeypotField,
});

export const LoginSchema = z.strictObject({
  email: textField(LOGIN_RULES.email),
  password: textField(LOGIN_RULES.password),
  website: honeypotField,
});

const newPassword = textField(NEW_PASSWORD_RULE);

/** Read-only fields a client may echo back when it sends "the whole user". */
const echoed = {
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  last_login: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  token: z.unknown().optional(),
  invitation_pending: z.unknown().optional(),
};

/** Add New User (spec section 5). New users are active unless told otherwise. */
export const UserCreateSchema = z.strictObject({
  username: usernameField,
  email: emailField(),
  first_name: requiredText("First name is required", 100),
  last_name: requiredText("Last name is required", 100),
  role: roleField.default("editor"),
  status: statusField.default("active"),
  password: newPassword,
  ...echoed,
});

/** Invite: Add New User without a password; the user sets one through a mailed link. */
export const UserInviteSchema = z.strictObject({
  username: usernameField,
  email: emailField(),
  first_name: requiredText("First name is required", 100),
  last_name: requiredText("Last name is required", 100),
  role: roleField.default("editor"),
  status: statusField.default("active"),
  ...echoed,
});

/** Edit: any subset of the fields; the password only when it changes. */
export const UserUpdateSchema = z.strictObject({
  username: usernameField.optional(),
  email: emailField().optional(),
  first_name: requiredText("First name is required", 100).optional(),
  last_name: requiredText("Last name is required", 100).optional(),
  role: roleField.optional(),
  status: statusField.optional(),
  password: z.union([z.literal(""), newPassword]).optional(),
  ...echoed,
});

export const UserBulkSchema = z.strictObject({
  action: z.enum(["activate", "deactivate", "delete"], {
    error: "Action must be activate, deactivate or delete",
  }),
  ids: z
    .array(idNumber("ids"), { error: "ids must be a list of user ids" })
    .min(1, "Please select users first")
    .max(500, "At most 500 users at once"),
});

export type RegisterInput = z.infer<typeof RegisterSchema>;
export type UserCreateInput = z.infer<typeof UserCreateSchema>;
export type UserInviteInput = z.infer<typeof UserInviteSchema>;
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>;
