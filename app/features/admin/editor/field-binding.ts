import type { ChangeEvent } from "react";

/**
 * What every card of the editor gets: the values, the errors and one way to
 * change a field. A value's key is the API's field name, so a field's error
 * (from the schema or the server) sits under the same key and `set` clears it.
 * The post form builds one itself; the page form's `useSchemaForm` is one.
 * A card asks only for the values it shows (`EditorFields<{ content: string }>`),
 * so posts and pages share it.
 */
export type EditorFields<V extends object> = {
  values: V;
  errors: Record<string, string>;
  /** Sets a value (the form becomes dirty) and clears that field's error. */
  set<K extends keyof V & string>(key: K, value: V[K]): void;
};

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The props of a text input or textarea bound to one field: its name (the
 * input's id is `field-{name}`), value, error and a change handler that
 * clears the error.
 */
export function bindText<V extends object>(fields: EditorFields<V>, key: TextKey<V>) {
  return {
    name: key,
    value: fields.values[key] as string,
    error: fields.errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      fields.set(key, event.target.value as V[typeof key]),
  };
}
