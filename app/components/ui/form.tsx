import type { ChangeEvent, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import {
  ALERT_CLASS,
  ALERT_KINDS,
  type AlertKind,
  alertRole,
  CONTROL_CLASS,
  CONTROL_INVALID,
  CONTROL_VALID,
  FIELD_ERROR_CLASS,
} from "./form-styles.ts";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={FIELD_ERROR_CLASS}>
      {message}
    </p>
  );
}

type FieldProps = {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
};

type ControlProps = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
};

/**
 * Label, hint and error around one control, wired with ids for screen readers;
 * the other props go to the control.
 */
function Field<Rest>({
  label,
  name,
  error,
  hint,
  id = `field-${name}`,
  className,
  control,
  ...rest
}: FieldProps & {
  className?: string;
  control: (props: ControlProps, rest: Rest) => ReactNode;
} & Rest) {
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control(
        {
          id,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
          className: `${CONTROL_CLASS} ${error ? CONTROL_INVALID : CONTROL_VALID}`,
        },
        rest as Rest,
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field<InputHTMLAttributes<HTMLInputElement>>
      {...props}
      control={(control, input) => <input {...control} {...input} />}
    />
  );
}

export function TextAreaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field<TextareaHTMLAttributes<HTMLTextAreaElement>>
      {...props}
      control={(control, input) => <textarea {...control} {...input} />}
    />
  );
}

type BoxProps = Partial<FieldProps> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
    /** Called with the new text (instead of an onChange handler). */
    onValue?(value: string): void;
  };

function changeHandler({ onValue, onChange }: BoxProps) {
  return onValue ? (e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value) : onChange;
}

/** A password box: the user's `current` one, else a new one (the browser may suggest one). */
export function PasswordField({
  current = false,
  label = "Password",
  name = "password",
  onValue,
  onChange,
  ...props
}: BoxProps & { current?: boolean }) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={current ? "current-password" : "new-password"}
      {...props}
      onChange={changeHandler({ onValue, onChange })}
    />
  );
}

/** An e-mail box ("Email", field `email` unless told otherwise). */
export function EmailField({
  label = "Email",
  name = "email",
  onValue,
  onChange,
  ...props
}: BoxProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="email"
      autoComplete="email"
      {...props}
      onChange={changeHandler({ onValue, onChange })}
    />
  );
}

export function Alert({
  kind,
  children,
  onDismiss,
}: {
  kind: AlertKind;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div role={alertRole(kind)} className={`${ALERT_CLASS} ${ALERT_KINDS[kind]}`}>
      <div>{children}</div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="font-bold" aria-label="Dismiss">
          ×
        </button>
      ) : null}
    </div>
  );
}

export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-12 text-slate-600 dark:text-slate-300"
    >
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-brand-strong"
        aria-hidden
      />
      <span>{label}</span>
    </div>
  );
}

/** Field errors from a zod error, keyed by field name (first message wins). */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A checkbox with its label (and an optional line under it) in one clickable label. */
export function CheckboxField({
  id,
  checked,
  onChange,
  children,
  note,
  className = "",
}: {
  /** The box's id, where a server refusal names the field to focus. */
  id?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
  /** A smaller line under the label. */
  note?: ReactNode;
  className?: string;
}) {
  return (
    <label className={`flex items-start gap-2 text-sm ${className}`}>
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4"
      />
      <span>
        {children}
        {note ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">{note}</span>
        ) : null}
      </span>
    </label>
  );
}
