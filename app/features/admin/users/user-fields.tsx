import { TextField } from "#app/components/ui/form.tsx";
import { SelectField } from "#app/features/admin/settings/controls.tsx";
import { bindText, type FormFields, type TextKey } from "#app/lib/use-schema-form.ts";
import { ROLES, type Role } from "#common/enums.ts";
import { capitalise } from "#common/text.ts";
import type { UserFormValues } from "./user-validation.ts";

const ROLE_OPTIONS = ROLES.map((r) => ({
  value: r,
  label: capitalise(r),
}));

export function UserFields({
  fields,
  editing,
  inviting = false,
}: {
  /** The dialog's form (ids `{idPrefix}-{name}`). */
  fields: FormFields<UserFormValues>;
  editing: boolean;
  /** Add New User by invitation: no password fields. */
  inviting?: boolean;
}) {
  const field = (key: TextKey<UserFormValues>) => bindText(fields, key);
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
        id={`${fields.idPrefix}-role`}
        label="Role"
        value={fields.values.role}
        error={fields.errors.role}
        options={ROLE_OPTIONS}
        onChange={(role) => fields.set("role", role as Role)}
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

export function DialogButtons({
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
