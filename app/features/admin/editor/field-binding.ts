import type { ChangeEvent } from "react";
import type { PostFormValues } from "./post-form-values.ts";

/** What every card of the editor gets: the values, the errors and one way to change a field. */
export type EditorFields = {
  values: PostFormValues;
  errors: Record<string, string>;
  /** Sets a value (the form becomes dirty) and clears the errors of the given keys. */
  set<K extends keyof PostFormValues>(key: K, value: PostFormValues[K], ...clears: string[]): void;
};

type TextKey = {
  [K in keyof PostFormValues]: PostFormValues[K] extends string ? K : never;
}[keyof PostFormValues];

/**
 * The props of a text input or textarea bound to one field: its value, the
 * error under `errorKey` (the API's field name) and a change handler that
 * clears it.
 */
export function bindText(fields: EditorFields, key: TextKey, errorKey: string) {
  return {
    name: errorKey,
    value: fields.values[key],
    error: fields.errors[errorKey],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      fields.set(key, event.target.value, errorKey),
  };
}
