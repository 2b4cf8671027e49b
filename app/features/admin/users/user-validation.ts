import { fieldErrors } from "#app/components/ui/form.tsx";
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
function duplicates(
  data: { username?: string; email?: string },
  users: readonly User[],
  exceptId?: number,
): Errors {
  const errors: Errors = {};
  const others = users.filter((u) => u.id !== exceptId);
  const username = data.username?.toLowerCase();
  const email = data.email?.toLowerCase();
  if (username && others.some((u) => u.username.toLowerCase() === username)) {
    errors.username = "Username already exists";
  }
  if (email && others.some((u) => u.email.toLowerCase() === email)) {
    errors.email = "Email already exists";
  }
  return errors;
}

type Parsed<D> =
  | { success: true; data: D }
  | { success: false; error: { issues: Parameters<typeof fieldErrors>[0] } };

/** The schema's errors, then a username / e-mail another loaded user has. */
function check<D>(parsed: Parsed<D>, values: UserFormValues, users: readonly User[], id?: number) {
  const errors: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const dup = duplicates(
    { username: values.username.trim(), email: values.email.trim() },
    users,
    id,
  );
  if (!errors.username && dup.username) errors.username = dup.username;
  if (!errors.email && dup.email) errors.email = dup.email;
  return { errors, data: parsed.success ? parsed.data : null };
}

const profile = (values: UserFormValues) => ({
  username: values.username,
  email: values.email,
  first_name: values.first_name,
  last_name: values.last_name,
  role: values.role,
});

/**
 * Add New User rules (spec section 5), with the server's own schema so the
 * messages match; plus duplicates against the loaded list and the password
 * confirmation. Text values are trimmed; the password is sent as typed.
 */
export function validateNewUser(values: UserFormValues, users: readonly User[]) {
  const parsed = UserCreateSchema.safeParse({
    ...profile(values),
    status: "active",
    password: values.password,
  });
  const result = check(parsed, values, users);
  if (!result.errors.password && values.password !== values.confirmPassword) {
    result.errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  }
  return result;
}

/** Add New User by invitation: the same rules without a password. */
export function validateInvitedUser(values: UserFormValues, users: readonly User[]) {
  return check(UserInviteSchema.safeParse({ ...profile(values), status: "active" }), values, users);
}

export function validateEditedUser(values: UserFormValues, users: readonly User[], id: number) {
  const parsed = UserUpdateSchema.safeParse({
    ...profile(values),
    ...(values.password ? { password: values.password } : {}),
  });
  const result = check(parsed, values, users, id);
  if ((values.password || values.confirmPassword) && !result.errors.password) {
    if (values.password !== values.confirmPassword)
      result.errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  }
  return result;
}

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
