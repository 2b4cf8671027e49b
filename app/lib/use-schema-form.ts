import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "#app/components/ui/form.tsx";
import { ApiError } from "#app/lib/api.ts";

type Values = Record<string, unknown>;

export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values, its errors and one way to change a field: what every admin
 * form and editor card binds its controls to. A value's key is the API's field
 * name, so a field's error (from the schema or the server) sits under the same
 * key and `set` clears it. A card asks only for the values it shows
 * (`FormFields<{ content: string }>`), so posts and pages share it.
 */
export type FormFields<V extends object> = {
  values: V;
  /** Field name → message, from the schema on submit or from the server's 400. */
  errors: Record<string, string>;
  /** Sets one value (the form becomes dirty) and clears that field's error. */
  set<K extends keyof V & string>(key: K, value: V[K]): void;
  /** Field ids are `{idPrefix}-{name}`; without one, the field's own default (`field-{name}`). */
  idPrefix?: string;
};

/**
 * The props of a TextField or TextAreaField bound to one text field: its id,
 * name, value, error, and a change handler that clears the error.
 */
export function bindText<V extends object>(fields: FormFields<V>, key: TextKey<V>) {
  return {
    id: fields.idPrefix ? `${fields.idPrefix}-${key}` : undefined,
    name: key,
    value: String(fields.values[key] ?? ""),
    error: fields.errors[key] as string | undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      fields.set(key, event.target.value as V[typeof key]),
  };
}

export type SchemaForm<V extends Values, Out> = FormFields<V> & {
  idPrefix: string;
  /** Whether anything changed since the form was filled (`reset`). */
  dirty: boolean;
  /**
   * The form's submit handler: parses the values with the schema; on failure
   * shows each field's message and focuses the first invalid field, else calls
   * `onValid` with the parsed values.
   */
  submit(onValid: (data: Out) => unknown, onInvalid?: () => void): (event?: FormEvent) => void;
  /** Shows a failed save: the server's field errors (a 400) next to their fields. Answers whether there were any. */
  showErrors(error: unknown): boolean;
  /** Fills the form again (a loaded or saved record): not dirty, no errors. */
  reset(values: V): void;
  /** Puts several values in at once (a restored copy): the form becomes dirty. */
  fill(values: Partial<V>): void;
  /** Hides every error (the form's rules changed). */
  clearErrors(): void;
};

export type SchemaFormOptions<V> = {
  idPrefix: string;
  /** What the schema parses, when it is not the values as they are (a subset, a fixed field). */
  toInput?(values: V): unknown;
  /**
   * The form's own rules on top of the schema's (a confirmation, a duplicate
   * in the loaded list): gets the schema's errors and answers all of them.
   */
  refine?(values: V, errors: Record<string, string>): Record<string, string>;
  /** Other fields whose errors a change of this one clears (a confirmation with its password). */
  clears?(key: keyof V & string): string[];
  /** Moves the focus to the first invalid field, when the fields' ids are not `{idPrefix}-{name}`. */
  focus?(errors: Record<string, string>): void;
  /** The field errors of a failed save (default: the server's `errors`, by their first path segment). */
  fromServer?(error: ApiError): Record<string, string>;
};

/**
 * One admin form bound to the zod schema the API validates with (common/schemas):
 * the same rules and messages in the browser and on the server. Field ids are
 * `${idPrefix}-${name}`, so a failed field can be focused and a test can find it.
 */
export function useSchemaForm<S extends z.ZodType, V extends Values>(
  schema: S,
  initial: V | (() => V),
  { idPrefix, toInput, refine, focus, fromServer, clears }: SchemaFormOptions<V>,
): SchemaForm<V, z.output<S>> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const order = useRef<string[]>([]);
  order.current = Object.keys(values);

  const fieldId = useCallback((key: string) => `${idPrefix}-${key}`, [idPrefix]);

  const focusFirst = (found: Record<string, string>) => {
    if (focus) return focus(found);
    const first = order.current.find((key) => found[key]) ?? Object.keys(found)[0];
    if (first && typeof document !== "undefined") document.getElementById(fieldId(first))?.focus();
  };

  const clearsRef = useRef(clears);
  clearsRef.current = clears;
  const set = useCallback(<K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setDirty(true);
    const keys = [key, ...(clearsRef.current?.(key) ?? [])];
    setErrors((current) => {
      if (!keys.some((k) => k in current)) return current;
      const next = { ...current };
      for (const k of keys) delete next[k];
      return next;
    });
  }, []);

  return {
    values,
    errors,
    dirty,
    set,
    idPrefix,
    submit: (onValid, onInvalid) => (event) => {
      event?.preventDefault();
      const parsed = schema.safeParse(toInput ? toInput(values) : values);
      let found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
      if (refine) found = refine(values, found);
      if (!parsed.success || Object.keys(found).length > 0) {
        setErrors(found);
        focusFirst(found);
        onInvalid?.();
        return;
      }
      setErrors({});
      onValid(parsed.data);
    },
    showErrors: (error) => {
      if (!(error instanceof ApiError)) return false;
      const found: Record<string, string> = fromServer ? fromServer(error) : {};
      if (!fromServer)
        for (const [key, message] of Object.entries(error.errors))
          found[key.split(".")[0]!] ??= message;
      if (Object.keys(found).length === 0) return false;
      setErrors(found);
      focusFirst(found);
      return true;
    },
    reset: (next) => {
      setValues(next);
      setErrors({});
      setDirty(false);
    },
    clearErrors: () => setErrors({}),
    fill: (patch) => {
      setValues((current) => ({ ...current, ...patch }));
      setDirty(true);
    },
  };
}
