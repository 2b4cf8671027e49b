import type { ChangeEvent, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { bindText, type FormFields, type TextKey } from "#app/lib/use-schema-form.ts";
import { TextAreaField, TextField } from "./form.tsx";

/** What a form binds (id, name, value, error, change handler): not given by hand. */
type Bound = "id" | "name" | "value" | "onChange" | "form";

type BoundFieldProps<V extends object> = {
  /** The form (or settings panel) the value belongs to. */
  form: FormFields<V>;
  /** The value's key: the field's name, and its id after the form's prefix. */
  name: TextKey<V>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Called with the typed text instead of setting the value (a slug that follows the title). */
  onValue?(value: string): void;
} & (
  | (Omit<InputHTMLAttributes<HTMLInputElement>, Bound> & { rows?: undefined })
  | (Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound> & { rows: number })
);

/**
 * A labelled text box bound to one text value of a form (`bindText`): its id,
 * value and error come from the form, and typing sets the value. With `rows`,
 * a text area.
 */
export function BoundField<V extends object>(props: BoundFieldProps<V>) {
  if (props.rows === undefined) {
    const { form, name, onValue, ...input } = props;
    return <TextField {...bound(form, name, onValue)} {...input} />;
  }
  const { form, name, onValue, ...area } = props;
  return <TextAreaField {...bound(form, name, onValue)} {...area} />;
}

function bound<V extends object>(
  form: FormFields<V>,
  name: TextKey<V>,
  onValue?: (value: string) => void,
) {
  const props = bindText(form, name);
  if (!onValue) return props;
  return {
    ...props,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onValue(event.target.value),
  };
}
