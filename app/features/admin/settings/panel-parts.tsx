import type { ChangeEvent, ReactNode } from "react";
import { TextField } from "#app/components/ui/form.tsx";
import type { FormFields } from "#app/lib/use-schema-form.ts";
import type { SettingsSection, SiteSettings } from "#common/settings.ts";

/**
 * A panel's section of the settings: its values and errors, `set` for one field
 * (what `bindText` binds a text field to) and `patch` for several at once.
 */
export type PanelProps<S extends SettingsSection> = FormFields<SiteSettings[S]> & {
  patch: (patch: Partial<SiteSettings[S]>) => void;
};

/** A field over both columns of a panel's grid. */
export const wide = "sm:col-span-2";

/** A titled group of fields (the homepage's sections). */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** One setting of a panel as the props of a control: id, value, error and a setter. */
export function bindSetting<S extends SettingsSection>(
  panel: PanelProps<S>,
  key: keyof SiteSettings[S] & string,
) {
  return {
    id: `settings-${key}`,
    value: String(panel.values[key] ?? ""),
    error: panel.errors[key],
    onChange: (value: string) => panel.patch({ [key]: value } as Partial<SiteSettings[S]>),
  };
}

/**
 * One number setting as the props of a `type="number"` TextField. An empty box
 * is sent as `empty` ("" by default, so the server names the problem; null
 * where the setting may be unset).
 */
export function bindNumber<S extends SettingsSection>(
  panel: PanelProps<S>,
  key: keyof SiteSettings[S] & string,
  empty: "" | null = "",
) {
  const value = panel.values[key];
  return {
    id: `settings-${key}`,
    name: key,
    type: "number",
    value: typeof value === "number" && Number.isFinite(value) ? String(value) : "",
    error: panel.errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const text = event.target.value;
      panel.patch({
        [key]: text.trim() === "" ? empty : Number(text),
      } as unknown as Partial<SiteSettings[S]>);
    },
  };
}

type NumberKey<S extends SettingsSection> = {
  [K in keyof SiteSettings[S]]: SiteSettings[S][K] extends number | null ? K : never;
}[keyof SiteSettings[S]] &
  string;

/**
 * A number setting's box from `min` to `max`: whole numbers, or with `decimal`
 * any fraction. `empty` is what an empty box sends (see `bindNumber`). The hint
 * says the range (and an `example`) unless one is given.
 */
export function NumberSetting<S extends SettingsSection>({
  panel,
  name,
  min,
  max,
  decimal = false,
  empty = "",
  label,
  example,
  hint = `Between ${min} and ${max}${example ? `, e.g. ${example}` : "."}`,
}: {
  panel: PanelProps<S>;
  name: NumberKey<S>;
  min: number;
  max: number;
  decimal?: boolean;
  empty?: "" | null;
  label: string;
  example?: string;
  hint?: string;
}) {
  return (
    <TextField
      {...bindNumber(panel, name, empty)}
      inputMode={decimal ? "decimal" : "numeric"}
      step={decimal ? "any" : 1}
      min={min}
      max={max}
      label={label}
      hint={hint}
    />
  );
}
