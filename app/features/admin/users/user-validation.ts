import { ApiError } from "#app/lib/api.ts";
import type { Role } from "#common/enums.ts";
import { PASSWORDS_DO_NOT_MATCH } from "#common/rules.ts";
import { UserCreateSchema, UserInviteSchema, UserUpdateSchema } from "#common/schemas/users.ts";
import type { User } from "#common/types.ts";

export const CREATE_FAILED = "Failed to create user. Please try again.";
export const UPDATE_FAILED = "Failed to update user. Please try again.";
export const INVITE_FAILED = "Failed to invite user. Please try again.";
export const INVITE_OPTION = "Invite by e-mail instead of setting a password";

export type UserFormValues = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  password: string;
  confirmPassword: string;
};

export type Errors = Partial<Record<keyof UserFormValues | "form", string>>;

export const EMPTY: UserFormValues = {
  username: "",
  email: "",
  first_name: "",
  last_name: "",
  role: "editor",
  password: "",
  confirmPassword: "",
};

/** Is this username / e-mail already used by another loaded user? */
function duplicates(values: UserFormValues, users: readonly User[], exceptId?: number): Errors {
  const errors: Errors = {};
  const others = users.filter((u) => u.id !== exceptId);
  const username = values.username.trim().toLowerCase();
  const email = values.email.trim().toLowerCase();
  if (username && others.some((u) => u.username.toLowerCase() === username)) {
    errors.username = "Username already exists";
  }
  if (email && others.some((u) => u.email.toLowerCase() === email)) {
    errors.email = "Email already exists";
  }
  return errors;
}

const profile = (values: UserFormValues) => ({
  username: values.username,
  email: values.email,
  first_name: values.first_name,
  last_name: values.last_name,
  role: values.role,
});

/**
 * The rules of a user dialog beyond the server's schema: a username / e-mail
 * another loaded user has, and (with passwords) the confirmation.
 */
function refineWith(
  users: readonly User[],
  { id, passwords }: { id?: number; passwords: boolean },
) {
  return (values: UserFormValues, schemaErrors: Record<string, string>) => {
    const errors: Errors = { ...schemaErrors };
    const dup = duplicates(values, users, id);
    if (!errors.username && dup.username) errors.username = dup.username;
    if (!errors.email && dup.email) errors.email = dup.email;
    if (passwords && !errors.password && values.password !== values.confirmPassword) {
      errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    }
    return errors as Record<string, string>;
  };
}

/**
 * Add New User rules (spec section 5), with the server's own schema so the
 * messages match. Text values are trimmed by it; the password is sent as typed.
 */
export const newUserRules = (users: readonly User[]) => ({
  schema: UserCreateSchema,
  toInput: (values: UserFormValues) => ({
    ...profile(values),
    status: "active",
    password: values.password,
  }),
  refine: refineWith(users, { passwords: true }),
});

/** Add New User by invitation: the same rules without a password. */
export const invitedUserRules = (users: readonly User[]) => ({
  schema: UserInviteSchema,
  toInput: (values: UserFormValues) => ({ ...profile(values), status: "active" }),
  refine: refineWith(users, { passwords: false }),
});

/** Edit User: a new password only when one is typed. */
export const editedUserRules = (users: readonly User[], id: number) => ({
  schema: UserUpdateSchema,
  toInput: (values: UserFormValues) => ({
    ...profile(values),
    ...(values.password ? { password: values.password } : {}),
  }),
  refine: refineWith(users, { id, passwords: true }),
});

/** Server errors: field messages where the server names fields, else the message. */
export function serverErrors(error: unknown, fallback: string): Errors {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    const fields = Object.entries(error.errors).filter(([key]) => key in EMPTY);
    if (fields.length) return Object.fromEntries(fields) as Errors;
    if (error.serverMessage) return { form: error.serverMessage };
  }
  if (error instanceof ApiError && error.status === 403) {
    return { form: error.serverMessage || fallback };
  }
  return { form: fallback };
}
