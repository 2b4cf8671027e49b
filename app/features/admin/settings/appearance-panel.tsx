import { applyTheme } from "#app/lib/theme.ts";
import { FOOTER_STYLES, NAVBAR_STYLES } from "#common/settings.ts";
import { capitalise } from "#common/text.ts";
import { ColorField, ImageUpload, SelectField, Switch } from "./controls.tsx";
import { bindSetting, type PanelProps, wide } from "./panel-parts.tsx";

export function AppearancePanel(panel: PanelProps<"appearance">) {
  const { values, patch, errors } = panel;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <fieldset className={wide}>
        <legend className="text-sm font-medium">Theme</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {(["light", "dark"] as const).map((theme) => {
            const active = values.theme === theme;
            return (
              <button
                key={theme}
                type="button"
                aria-pressed={active}
                onClick={() => {
                  applyTheme(theme);
                  patch({ theme });
                }}
                className={`rounded-md border px-4 py-2 text-sm font-semibold ${
                  active
                    ? "border-brand-strong bg-brand-strong text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                {theme === "light" ? "Light" : "Dark"}
              </button>
            );
          })}
        </div>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Applies at once in this browser; save to make it the site's default.
        </p>
        {errors.theme ? (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.theme}</p>
        ) : null}
      </fieldset>
      <ColorField {...bindSetting(panel, "primaryColor")} label="Primary Color" />
      <div className="space-y-3">
        <ImageUpload {...bindSetting(panel, "bannerImage")} label="Banner Image" />
        <Switch
          label="Show Banner"
          checked={values.showBanner}
          onChange={(showBanner) => patch({ showBanner })}
        />
      </div>
      <SelectField
        {...bindSetting(panel, "navbarStyle")}
        label="Navbar Style"
        options={NAVBAR_STYLES.map((s) => ({ value: s, label: capitalise(s) }))}
      />
      <SelectField
        {...bindSetting(panel, "footerStyle")}
        label="Footer Style"
        options={FOOTER_STYLES.map((s) => ({ value: s, label: capitalise(s) }))}
      />
    </div>
  );
}
