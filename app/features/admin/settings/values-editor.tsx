import { useEffect, useRef, useState } from "react";
import { TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { dangerButton, smallButton } from "#app/features/admin/ui.tsx";
import { ABOUT_VALUES_MAX, type AboutValue } from "#common/settings.ts";

type Focus = { key: number; part: "title" | "up" | "down" } | { key: "add" };

/**
 * The About page's values as an editable list: add, remove, move up and down
 * (buttons that work by keyboard; each move is announced and keeps the focus
 * on the moved value's button). Errors come from the server's 400 as
 * `values.{index}.title` / `values.{index}.text`.
 */
export function ValuesEditor({
  values,
  onChange,
  errors,
}: {
  values: AboutValue[];
  onChange: (values: AboutValue[]) => void;
  errors: Record<string, string>;
}) {
  // Stable keys for the rows (values have no ids), kept in step with each change.
  const keys = useRef<number[]>([]);
  const next = useRef(0);
  if (keys.current.length !== values.length) {
    keys.current = values.map(() => next.current++);
  }
  const [announcement, setAnnouncement] = useState("");
  const [focus, setFocus] = useState<Focus | null>(null);

  useEffect(() => {
    if (!focus) return;
    const id =
      focus.key === "add" ? "settings-values-add" : `settings-values-${focus.key}-${focus.part}`;
    let target = document.getElementById(id);
    // A move to an end disables that arrow: the other one takes the focus.
    if (target instanceof HTMLButtonElement && target.disabled && focus.key !== "add") {
      const other = focus.part === "up" ? "down" : "up";
      target = document.getElementById(`settings-values-${focus.key}-${other}`);
    }
    target?.focus();
    setFocus(null);
  }, [focus]);

  const name = (value: AboutValue | undefined, index: number) =>
    value?.title.trim() || `Value ${index + 1}`;

  function add() {
    keys.current = [...keys.current, next.current++];
    onChange([...values, { title: "", text: "" }]);
    setAnnouncement(`Value ${values.length + 1} added`);
    setFocus({ key: keys.current[keys.current.length - 1]!, part: "title" });
  }

  function remove(index: number) {
    const removed = name(values[index], index);
    keys.current = keys.current.filter((_, i) => i !== index);
    onChange(values.filter((_, i) => i !== index));
    setAnnouncement(`${removed} removed`);
    const neighbour = keys.current[Math.min(index, keys.current.length - 1)];
    setFocus(neighbour === undefined ? { key: "add" } : { key: neighbour, part: "title" });
  }

  function move(index: number, direction: -1 | 1) {
    const to = index + direction;
    if (to < 0 || to >= values.length) return;
    const swap = <T,>(list: T[]) => {
      const copy = [...list];
      [copy[index], copy[to]] = [copy[to]!, copy[index]!];
      return copy;
    };
    const key = keys.current[index]!;
    keys.current = swap(keys.current);
    onChange(swap(values));
    setAnnouncement(
      `${name(values[index], index)} moved to position ${to + 1} of ${values.length}`,
    );
    setFocus({ key, part: direction === -1 ? "up" : "down" });
  }

  function change(index: number, patch: Partial<AboutValue>) {
    onChange(values.map((value, i) => (i === index ? { ...value, ...patch } : value)));
  }

  return (
    <div className="sm:col-span-2">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {values.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No values: the About page leaves the section out.
        </p>
      ) : (
        <ol aria-label="Values" className="space-y-4">
          {values.map((value, index) => {
            const key = keys.current[index]!;
            const id = `settings-values-${key}`;
            const label = name(value, index);
            return (
              <li key={key}>
                <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold">
                    Value {index + 1} of {values.length}
                  </legend>
                  <div className="grid gap-4">
                    <TextField
                      id={`${id}-title`}
                      name={`values.${index}.title`}
                      label="Value Title"
                      maxLength={100}
                      value={value.title}
                      error={errors[`values.${index}.title`]}
                      onChange={(e) => change(index, { title: e.target.value })}
                    />
                    <TextAreaField
                      id={`${id}-text`}
                      name={`values.${index}.text`}
                      label="Value Text"
                      rows={2}
                      maxLength={1000}
                      value={value.text}
                      error={errors[`values.${index}.text`]}
                      onChange={(e) => change(index, { text: e.target.value })}
                    />
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      id={`${id}-up`}
                      className={smallButton}
                      disabled={index === 0}
                      aria-label={`Move ${label} up`}
                      onClick={() => move(index, -1)}
                    >
                      ↑ Up
                    </button>
                    <button
                      type="button"
                      id={`${id}-down`}
                      className={smallButton}
                      disabled={index === values.length - 1}
                      aria-label={`Move ${label} down`}
                      onClick={() => move(index, 1)}
                    >
                      ↓ Down
                    </button>
                    <button
                      type="button"
                      className={dangerButton}
                      aria-label={`Remove ${label}`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {errors.values ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400" role="alert">
          {errors.values}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          id="settings-values-add"
          className="btn-outline"
          disabled={values.length >= ABOUT_VALUES_MAX}
          aria-describedby="settings-values-limit"
          onClick={add}
        >
          Add Value
        </button>
        <span id="settings-values-limit" className="text-xs text-slate-600 dark:text-slate-400">
          {values.length} of at most {ABOUT_VALUES_MAX} values
        </span>
      </div>
    </div>
  );
}
