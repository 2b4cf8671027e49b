import type { ChangeEvent, ReactNode } from "react";
import type { SettingsSection, SiteSettings } from "#common/settings.ts";

export type PanelProps<S extends SettingsSection> = {
  values: SiteSettings[S];
  set: (patch: Partial<SiteSettings[S]>) => void;
  errors: Record<string, string>;
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
  const set = (value: string) => panel.set({ [key]: value } as Partial<SiteSettings[S]>);
  return {
    id: `settings-${key}`,
    value: String(panel.values[key] ?? ""),
    error: panel.errors[key],
    onChange: set,
  };
}

/** One text setting as the props of a TextField / TextAreaField (with its `name`). */
export function bindText<S extends SettingsSection>(
  panel: PanelProps<S>,
  key: keyof SiteSettings[S] & string,
) {
  const { onChange, ...props } = bindSetting(panel, key);
  return {
    ...props,
    name: key,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };
}
