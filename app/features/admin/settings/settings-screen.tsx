import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { useLeaveGuard } from "#app/features/admin/editor/use-leave-guard.ts";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { ApiError, api, apiData } from "#app/lib/api.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { SECTION_DEFAULTS, withSectionDefaults } from "#common/schemas/settings.ts";
import { SETTINGS_SECTIONS, type SettingsSection, type SiteSettings } from "#common/settings.ts";
import { AboutPanel } from "./about-panel.tsx";
import { AppearancePanel } from "./appearance-panel.tsx";
import { ContactPanel } from "./contact-panel.tsx";
import { GeneralPanel } from "./general-panel.tsx";
import { HomepagePanel } from "./homepage-panel.tsx";
import { MenusPanel } from "./menus-panel.tsx";
import type { PanelProps } from "./panel-parts.tsx";
import { SeoPanel } from "./seo-panel.tsx";
import { SocialPanel } from "./social-panel.tsx";
import { panelId, type TabItem, Tabs, tabId } from "./tabs.tsx";

export const SAVED_MESSAGE = "Settings saved successfully!";
export const SAVE_FAILED = "Failed to save settings. Please try again.";
const SAVED_MESSAGE_MS = 3000;

const TABS: readonly TabItem<SettingsSection>[] = [
  { id: "general", label: "General" },
  { id: "appearance", label: "Appearance" },
  { id: "homepage", label: "Homepage" },
  { id: "about", label: "About" },
  { id: "social", label: "Social Media" },
  { id: "seo", label: "SEO" },
  { id: "navigation", label: "Menus" },
  { id: "contact", label: "Contact" },
];

type Errors = Record<SettingsSection, Record<string, string>>;
const NO_ERRORS = Object.fromEntries(SETTINGS_SECTIONS.map((section) => [section, {}])) as Errors;

function normalise(data: unknown): SiteSettings {
  const source = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const result = {} as Record<SettingsSection, unknown>;
  for (const section of SETTINGS_SECTIONS) {
    result[section] = withSectionDefaults(section, source[section]);
  }
  return result as SiteSettings;
}

/**
 * Site Settings (admin only): a tab per section, each saving only its own
 * section with PUT /api/settings/{section}.
 */
export function SettingsScreen() {
  const query = useApiQuery<SiteSettings>("/settings", {
    load: (path, signal) => apiData<unknown>(path, { signal }).then(normalise),
  });
  const settings = query.data ?? SECTION_DEFAULTS;
  const setSettings = (change: (current: SiteSettings) => SiteSettings) =>
    query.setData((current) => change(current ?? SECTION_DEFAULTS));
  const [tab, setTab] = useState<SettingsSection>("general");
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Each tab saves its own section: the others' changes wait, marked, and
  // leaving the screen with any of them asks first.
  const [unsaved, setUnsaved] = useState<ReadonlySet<SettingsSection>>(new Set());
  const leaveFreely = useRef(false);
  useLeaveGuard(unsaved.size > 0, leaveFreely);

  // The spec: a load failure is only logged (useApiQuery does) and the defaults stay.

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  function update<S extends SettingsSection>(section: S, patch: Partial<SiteSettings[S]>) {
    setSettings((current) => ({ ...current, [section]: { ...current[section], ...patch } }));
    setUnsaved((current) => (current.has(section) ? current : new Set(current).add(section)));
    // A changed field clears its message, and those of its parts ("header" clears "header.0.label").
    const changed = Object.keys(patch);
    // A list's errors are named by item (`values.2.title`): a change of the list clears them too.
    const clears = (key: string) =>
      changed.some((field) => key === field || key.startsWith(`${field}.`));
    setErrors((current) => {
      if (!Object.keys(current[section]).some(clears)) return current;
      const next = Object.fromEntries(
        Object.entries(current[section]).filter(([key]) => !clears(key)),
      );
      return { ...current, [section]: next };
    });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const section = tab;
    setSaving(true);
    setSaved(false);
    clearTimeout(savedTimer.current);
    try {
      const json = await api<{ data?: unknown }>(`/settings/${section}`, {
        method: "PUT",
        body: settings[section],
      });
      setSettings((current) => ({
        ...current,
        [section]: withSectionDefaults(section, json.data ?? current[section]),
      }));
      setErrors((current) => ({ ...current, [section]: {} }));
      setUnsaved((current) => new Set([...current].filter((other) => other !== section)));
      setSaved(true);
      savedTimer.current = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    } catch (error) {
      console.warn(`settings: failed to save ${section}`, error);
      // Show the server's field messages before the alert blocks the page.
      flushSync(() => {
        if (error instanceof ApiError && error.status === 400) {
          setErrors((current) => ({ ...current, [section]: error.errors }));
        }
      });
      window.alert(SAVE_FAILED);
      // Then bring the first field the server named into focus.
      document
        .querySelector<HTMLElement>(`#${panelId("settings", section)} [aria-invalid="true"]`)
        ?.focus();
    } finally {
      setSaving(false);
    }
  }

  function selectTab(next: SettingsSection) {
    setTab(next);
    setSaved(false);
  }

  const otherUnsaved = TABS.filter((item) => item.id !== tab && unsaved.has(item.id)).map(
    (item) => item.label,
  );

  const panelProps = <S extends SettingsSection>(section: S): PanelProps<S> => ({
    values: settings[section],
    errors: errors[section],
    idPrefix: "settings",
    set: (key, value) => update(section, { [key]: value } as unknown as Partial<SiteSettings[S]>),
    patch: (patch) => update(section, patch),
  });

  return (
    <div>
      <PageHeader
        title="Site Settings"
        subtitle="Manage your website's content, look and search settings"
        actions={
          // A full page load, so the public site reads the saved settings.
          <a href="/" className="btn-outline" target="_blank" rel="noopener">
            View site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      {query.loading ? (
        <Spinner label="Loading settings..." />
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="px-4 pt-2 sm:px-5">
            <Tabs
              label="Settings sections"
              prefix="settings"
              tabs={TABS}
              selected={tab}
              onSelect={selectTab}
              unsaved={unsaved}
            />
          </div>
          <div
            role="tabpanel"
            id={panelId("settings", tab)}
            aria-labelledby={tabId("settings", tab)}
            className="p-4 sm:p-5"
          >
            <form noValidate onSubmit={save} aria-labelledby={tabId("settings", tab)}>
              <div aria-live="polite" className={saved ? "mb-4" : undefined}>
                {saved ? (
                  <Alert kind="success" onDismiss={() => setSaved(false)}>
                    {SAVED_MESSAGE}
                  </Alert>
                ) : null}
              </div>
              {tab === "general" ? <GeneralPanel {...panelProps("general")} /> : null}
              {tab === "appearance" ? <AppearancePanel {...panelProps("appearance")} /> : null}
              {tab === "homepage" ? <HomepagePanel {...panelProps("homepage")} /> : null}
              {tab === "social" ? <SocialPanel {...panelProps("social")} /> : null}
              {tab === "seo" ? <SeoPanel {...panelProps("seo")} /> : null}
              {tab === "about" ? <AboutPanel {...panelProps("about")} /> : null}
              {tab === "navigation" ? <MenusPanel {...panelProps("navigation")} /> : null}
              {tab === "contact" ? <ContactPanel {...panelProps("contact")} /> : null}
              {otherUnsaved.length > 0 ? (
                <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">
                  Not saved yet on {otherUnsaved.join(", ")}: each tab saves its own section.
                </p>
              ) : null}
              <div className="mt-6 flex justify-end border-t border-slate-200 pt-4 dark:border-slate-800">
                <button type="submit" className="btn-primary" disabled={saving}>
                  {saving ? "Saving..." : "Save Settings"}
                </button>
              </div>
            </form>
          </div>
        </div>
      )}
    </div>
  );
}
