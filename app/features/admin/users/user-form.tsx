import { type FormEvent, useState } from "react";
import { flushSync } from "react-dom";
import {
  UserCreateSchema,
  UserInviteSchema,
  UserUpdateSchema,
} from "../../../../common/schemas/users.ts";
import { ROLES, type Role, type User } from "../../../../common/types.ts";
import { Alert, fieldErrors, TextField } from "../../../components/ui/form.tsx";
import { ApiError, apiData } from "../../../lib/api.ts";
import { SelectField } from "../settings/controls.tsx";
import { Modal } from "./modal.tsx";

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

type Errors = Partial<Record<keyof UserFormValues | "form", string>>;

const ROLE_OPTIONS = ROLES.map((r) => ({
  value: r,
  label: r.charAt(0).toUpperCase() + r.slice(1),
}));

const EMPTY: UserFormValues = {
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

/**
 * Add New User rules (spec section 5), with the server's own schema so the
 * messages match; plus duplicates against the loaded list and the password
 * confirmation. Text values are trimmed; the password is sent as typed.
 */
export function validateNewUser(values: UserFormValues, users: readonly User[]) {
  const parsed = UserCreateSchema.safeParse({
    username: values.username,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role,
    status: "active",
    password: values.password,
  });
  const errors: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const dup = duplicates({ username: values.username.trim(), email: values.email.trim() }, users);
  if (!errors.username && dup.username) errors.username = dup.username;
  if (!errors.email && dup.email) errors.email = dup.email;
  if (!errors.password && values.password !== values.confirmPassword) {
    errors.confirmPassword = "Passwords do not match";
  }
  return { errors, data: parsed.success ? parsed.data : null };
}

/** Add New User by invitation: the same rules without a password. */
export function validateInvitedUser(values: UserFormValues, users: readonly User[]) {
  const parsed = UserInviteSchema.safeParse({
    username: values.username,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role,
    status: "active",
  });
  const errors: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const dup = duplicates({ username: values.username.trim(), email: values.email.trim() }, users);
  if (!errors.username && dup.username) errors.username = dup.username;
  if (!errors.email && dup.email) errors.email = dup.email;
  return { errors, data: parsed.success ? parsed.data : null };
}

export function validateEditedUser(values: UserFormValues, users: readonly User[], id: number) {
  const parsed = UserUpdateSchema.safeParse({
    username: values.username,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role,
    ...(values.password ? { password: values.password } : {}),
  });
  const errors: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const dup = duplicates(
    { username: values.username.trim(), email: values.email.trim() },
    users,
    id,
  );
  if (!errors.username && dup.username) errors.username = dup.username;
  if (!errors.email && dup.email) errors.email = dup.email;
  if ((values.password || values.confirmPassword) && !errors.password) {
    if (values.password !== values.confirmPassword)
      errors.confirmPassword = "Passwords do not match";
  }
  return { errors, data: parsed.success ? parsed.data : null };
}

/** Server errors: field messages where the server names fields, else the message. */
function serverErrors(error: unknown, fallback: string): Errors {
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

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function UserFields({
  idPrefix,
  values,
  errors,
  set,
  editing,
  inviting = false,
}: {
  idPrefix: string;
  values: UserFormValues;
  errors: Errors;
  set: (patch: Partial<UserFormValues>) => void;
  editing: boolean;
  /** Add New User by invitation: no password fields. */
  inviting?: boolean;
}) {
  const field = (key: keyof UserFormValues) => ({
    id: `${idPrefix}-${key}`,
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {editing ? (
        <>
          <TextField
            {...field("first_name")}
            label="First Name"
            autoComplete="off"
            data-autofocus
          />
          <TextField {...field("last_name")} label="Last Name" autoComplete="off" />
          <TextField {...field("email")} label="Email" type="email" autoComplete="off" />
          <TextField {...field("username")} label="Username" autoComplete="off" />
        </>
      ) : (
        <>
          <TextField {...field("username")} label="Username" autoComplete="off" data-autofocus />
          <TextField {...field("email")} label="Email" type="email" autoComplete="off" />
          <TextField {...field("first_name")} label="First Name" autoComplete="off" />
          <TextField {...field("last_name")} label="Last Name" autoComplete="off" />
        </>
      )}
      <SelectField
        id={`${idPrefix}-role`}
        label="Role"
        value={values.role}
        error={errors.role}
        options={ROLE_OPTIONS}
        onChange={(role) => set({ role: role as Role })}
      />
      <div className="hidden sm:block" aria-hidden />
      {inviting ? null : (
        <>
          <TextField
            {...field("password")}
            label={editing ? "New Password" : "Password"}
            type="password"
            autoComplete="new-password"
            hint={editing ? "Leave empty to keep the current password." : "At least 8 characters."}
          />
          <TextField
            {...field("confirmPassword")}
            label={editing ? "Confirm New Password" : "Confirm Password"}
            type="password"
            autoComplete="new-password"
          />
        </>
      )}
    </div>
  );
}

function useFormState(initial: UserFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<UserFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof Errors];
      if (patch.password !== undefined) delete next.confirmPassword;
      delete next.form;
      return next;
    });
  };
  return { values, errors, setErrors, set };
}

function DialogButtons({
  onCancel,
  busy,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      <button type="button" className="btn-outline" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

export function AddUserDialog({
  users,
  onClose,
  onCreated,
}: {
  users: readonly User[];
  onClose: () => void;
  onCreated: (user: User) => void;
}) {
  const { values, errors, setErrors, set } = useFormState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [inviting, setInviting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    const { errors: found, data } = inviting
      ? validateInvitedUser(values, users)
      : validateNewUser(values, users);
    if (!data || Object.keys(found).length) {
      flushSync(() => setErrors(found));
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      const created = await apiData<User>(inviting ? "/users/invite" : "/users", { body: data });
      onCreated(created);
    } catch (error) {
      console.warn("users: create failed", error);
      const found = serverErrors(error, inviting ? INVITE_FAILED : CREATE_FAILED);
      flushSync(() => setErrors(found));
      if (!found.form) focusFirstInvalid(form);
      setBusy(false);
    }
  }

  return (
    <Modal title="Add New User" onClose={onClose}>
      <form noValidate onSubmit={submit}>
        {errors.form ? (
          <div className="mb-4">
            <Alert kind="error">{errors.form}</Alert>
          </div>
        ) : null}
        <UserFields
          idPrefix="new-user"
          values={values}
          errors={errors}
          set={set}
          editing={false}
          inviting={inviting}
        />
        <label className="mt-4 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={inviting}
            onChange={(e) => {
              setInviting(e.target.checked);
              setErrors({});
            }}
          />
          <span>
            {INVITE_OPTION}
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              The user is mailed a link to choose a password (valid for 7 days) and cannot sign in
              before.
            </span>
          </span>
        </label>
        <DialogButtons
          onCancel={onClose}
          busy={busy}
          label={inviting ? "Send Invitation" : "Add User"}
          busyLabel={inviting ? "Sending..." : "Adding..."}
        />
      </form>
    </Modal>
  );
}

export function EditUserDialog({
  user,
  users,
  isSelf,
  onClose,
  onSaved,
}: {
  user: User;
  users: readonly User[];
  isSelf: boolean;
  onClose: () => void;
  onSaved: (user: User) => void;
}) {
  const { values, errors, setErrors, set } = useFormState({
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    password: "",
    confirmPassword: "",
  });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    const { errors: found, data } = validateEditedUser(values, users, user.id);
    if (!data || Object.keys(found).length) {
      flushSync(() => setErrors(found));
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      const saved = await apiData<User>(`/users/${user.id}`, {
        method: "PUT",
        body: { ...data, status: user.status },
      });
      onSaved(saved);
    } catch (error) {
      console.warn("users: update failed", error);
      const found = serverErrors(error, UPDATE_FAILED);
      flushSync(() => setErrors(found));
      if (!found.form) focusFirstInvalid(form);
      setBusy(false);
    }
  }

  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <Modal
      title="Edit User"
      description={
        <>
          {name} (@{user.username}){isSelf ? ". Changing your own password signs you out." : null}
        </>
      }
      onClose={onClose}
    >
      <form noValidate onSubmit={submit}>
        {errors.form ? (
          <div className="mb-4">
            <Alert kind="error">{errors.form}</Alert>
          </div>
        ) : null}
        <UserFields idPrefix="edit-user" values={values} errors={errors} set={set} editing />
        <DialogButtons onCancel={onClose} busy={busy} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Modal>
  );
}
