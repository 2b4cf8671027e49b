import type { ReactNode } from "react";
import {
  FOOTER_STYLES,
  NAVBAR_STYLES,
  type SettingsSection,
  type SiteSettings,
} from "../../../../common/settings.ts";
import { TextAreaField, TextField } from "../../../components/ui/form.tsx";
import { applyTheme } from "../../../lib/theme.ts";
import { ColorField, ImageUpload, SelectField, Switch } from "./controls.tsx";

export type PanelProps<S extends SettingsSection> = {
  values: SiteSettings[S];
  set: (patch: Partial<SiteSettings[S]>) => void;
  errors: Record<string, string>;
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

const wide = "sm:col-span-2";

function count(n: number) {
  return `${n} ${n === 1 ? "character" : "characters"}`;
}

export function GeneralPanel({ values, set, errors }: PanelProps<"general">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="settings-siteTitle"
        name="siteTitle"
        label="Site Title"
        value={values.siteTitle}
        error={errors.siteTitle}
        onChange={(e) => set({ siteTitle: e.target.value })}
      />
      <TextField
        id="settings-contactEmail"
        name="contactEmail"
        type="email"
        autoComplete="email"
        label="Contact Email"
        value={values.contactEmail}
        error={errors.contactEmail}
        onChange={(e) => set({ contactEmail: e.target.value })}
      />
      <TextField
        id="settings-notificationEmails"
        name="notificationEmails"
        autoComplete="off"
        label="Notification Emails"
        hint="Who is mailed when a visitor sends the contact form: addresses separated by commas. Empty: the contact email."
        className={wide}
        value={values.notificationEmails}
        error={errors.notificationEmails}
        onChange={(e) => set({ notificationEmails: e.target.value })}
      />
      <TextAreaField
        id="settings-siteDescription"
        name="siteDescription"
        label="Site Description"
        rows={3}
        className={wide}
        value={values.siteDescription}
        error={errors.siteDescription}
        onChange={(e) => set({ siteDescription: e.target.value })}
      />
      <TextField
        id="settings-phoneNumber"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        label="Phone Number"
        value={values.phoneNumber}
        error={errors.phoneNumber}
        onChange={(e) => set({ phoneNumber: e.target.value })}
      />
      <TextField
        id="settings-postsPerPage"
        name="postsPerPage"
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        step={1}
        label="Posts Per Page"
        hint="Between 1 and 50."
        value={Number.isFinite(values.postsPerPage) ? String(values.postsPerPage) : ""}
        error={errors.postsPerPage}
        onChange={(e) =>
          set({
            // An empty box is sent as is and the server names the problem.
            postsPerPage: (e.target.value === ""
              ? ""
              : Number(e.target.value)) as unknown as number,
          })
        }
      />
      <TextAreaField
        id="settings-address"
        name="address"
        label="Address"
        rows={2}
        className={wide}
        value={values.address}
        error={errors.address}
        onChange={(e) => set({ address: e.target.value })}
      />
      <ImageUpload
        id="settings-logoUrl"
        label="Logo"
        value={values.logoUrl}
        error={errors.logoUrl}
        onChange={(logoUrl) => set({ logoUrl })}
      />
      <ImageUpload
        id="settings-faviconUrl"
        label="Favicon"
        accept=".ico,.png,.jpg,.jpeg,image/x-icon,image/vnd.microsoft.icon,image/png,image/jpeg"
        hint="ICO, PNG or JPEG."
        previewClassName="h-8 w-8"
        value={values.faviconUrl}
        error={errors.faviconUrl}
        onChange={(faviconUrl) => set({ faviconUrl })}
      />
    </div>
  );
}

export function AppearancePanel({ values, set, errors }: PanelProps<"appearance">) {
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
                  set({ theme });
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
      <ColorField
        id="settings-primaryColor"
        label="Primary Color"
        value={values.primaryColor}
        error={errors.primaryColor}
        onChange={(primaryColor) => set({ primaryColor })}
      />
      <div className="space-y-3">
        <ImageUpload
          id="settings-bannerImage"
          label="Banner Image"
          value={values.bannerImage}
          error={errors.bannerImage}
          onChange={(bannerImage) => set({ bannerImage })}
        />
        <Switch
          label="Show Banner"
          checked={values.showBanner}
          onChange={(showBanner) => set({ showBanner })}
        />
      </div>
      <SelectField
        id="settings-navbarStyle"
        label="Navbar Style"
        value={values.navbarStyle}
        error={errors.navbarStyle}
        options={NAVBAR_STYLES.map((s) => ({ value: s, label: capitalised(s) }))}
        onChange={(v) => set({ navbarStyle: v as SiteSettings["appearance"]["navbarStyle"] })}
      />
      <SelectField
        id="settings-footerStyle"
        label="Footer Style"
        value={values.footerStyle}
        error={errors.footerStyle}
        options={FOOTER_STYLES.map((s) => ({ value: s, label: capitalised(s) }))}
        onChange={(v) => set({ footerStyle: v as SiteSettings["appearance"]["footerStyle"] })}
      />
    </div>
  );
}

export function HomepagePanel({ values, set, errors }: PanelProps<"homepage">) {
  type Key = keyof SiteSettings["homepage"];
  const text = (key: Key, label: string, extra: { area?: boolean; wide?: boolean } = {}) => {
    const props = {
      id: `settings-${key}`,
      name: key,
      label,
      value: String(values[key] ?? ""),
      error: errors[key],
      className: extra.wide ? wide : undefined,
    };
    return extra.area ? (
      <TextAreaField
        {...props}
        rows={3}
        onChange={(e) => set({ [key]: e.target.value } as Partial<SiteSettings["homepage"]>)}
      />
    ) : (
      <TextField
        {...props}
        onChange={(e) => set({ [key]: e.target.value } as Partial<SiteSettings["homepage"]>)}
      />
    );
  };
  const urlHint = "A page on this site such as /about, or a full https:// address.";
  return (
    <div className="space-y-6">
      <Group title="Hero Section">
        {text("heroTitle", "Hero Title", { wide: true })}
        {text("heroSubtitle", "Hero Subtitle", { area: true, wide: true })}
        {text("heroButtonText", "Primary Button Text")}
        <TextField
          id="settings-primaryButtonUrl"
          name="primaryButtonUrl"
          label="Primary Button URL"
          hint={urlHint}
          value={values.primaryButtonUrl}
          error={errors.primaryButtonUrl}
          onChange={(e) => set({ primaryButtonUrl: e.target.value })}
        />
        {text("heroSecondaryButtonText", "Secondary Button Text")}
        <TextField
          id="settings-secondaryButtonUrl"
          name="secondaryButtonUrl"
          label="Secondary Button URL"
          hint={urlHint}
          value={values.secondaryButtonUrl}
          error={errors.secondaryButtonUrl}
          onChange={(e) => set({ secondaryButtonUrl: e.target.value })}
        />
      </Group>
      <Group title="Services Section">
        {text("servicesTitle", "Services Title")}
        {text("servicesSubtitle", "Services Subtitle")}
      </Group>
      <Group title="About Section">
        {text("aboutTitle", "About Title", { wide: true })}
        {text("aboutContent", "Main Content", { area: true, wide: true })}
        {text("aboutSecondaryContent", "Secondary Content", { area: true, wide: true })}
        <ImageUpload
          id="settings-aboutImage"
          label="About Image"
          value={values.aboutImage}
          error={errors.aboutImage}
          onChange={(aboutImage) => set({ aboutImage })}
        />
        {text("aboutButtonText", "About Button Text")}
      </Group>
      <Group title="Call to Action">
        {text("ctaTitle", "CTA Title")}
        {text("ctaSubtitle", "CTA Subtitle")}
        {text("ctaButtonText", "CTA Button Text")}
        <TextField
          id="settings-ctaButtonUrl"
          name="ctaButtonUrl"
          label="CTA Button URL"
          hint={urlHint}
          value={values.ctaButtonUrl}
          error={errors.ctaButtonUrl}
          onChange={(e) => set({ ctaButtonUrl: e.target.value })}
        />
      </Group>
    </div>
  );
}

const SOCIAL = [
  { key: "facebook", label: "Facebook URL", placeholder: "https://facebook.com/yourpage" },
  { key: "twitter", label: "Twitter URL", placeholder: "https://twitter.com/yourhandle" },
  { key: "instagram", label: "Instagram URL", placeholder: "https://instagram.com/yourhandle" },
  { key: "linkedin", label: "LinkedIn URL", placeholder: "https://linkedin.com/company/yours" },
  { key: "youtube", label: "YouTube URL", placeholder: "https://youtube.com/@yourchannel" },
] as const;

export function SocialPanel({ values, set, errors }: PanelProps<"social">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SOCIAL.map((s) => (
        <TextField
          key={s.key}
          id={`settings-${s.key}`}
          name={s.key}
          type="url"
          inputMode="url"
          label={s.label}
          placeholder={s.placeholder}
          value={values[s.key]}
          error={errors[s.key]}
          onChange={(e) => set({ [s.key]: e.target.value })}
        />
      ))}
    </div>
  );
}

export function SeoPanel({ values, set, errors }: PanelProps<"seo">) {
  return (
    <div className="grid gap-4">
      <TextField
        id="settings-metaTitle"
        name="metaTitle"
        label="Meta Title"
        hint={
          <>
            Recommended: 50-60 characters <span aria-hidden>·</span>{" "}
            <span data-testid="meta-title-count">{count(values.metaTitle.length)}</span>
          </>
        }
        value={values.metaTitle}
        error={errors.metaTitle}
        onChange={(e) => set({ metaTitle: e.target.value })}
      />
      <TextAreaField
        id="settings-metaDescription"
        name="metaDescription"
        label="Meta Description"
        rows={3}
        hint={
          <>
            Recommended: 150-160 characters <span aria-hidden>·</span>{" "}
            <span data-testid="meta-description-count">{count(values.metaDescription.length)}</span>
          </>
        }
        value={values.metaDescription}
        error={errors.metaDescription}
        onChange={(e) => set({ metaDescription: e.target.value })}
      />
      <ImageUpload
        id="settings-ogImage"
        label="OG Image"
        hint="Recommended size: 1200x630 pixels"
        value={values.ogImage}
        error={errors.ogImage}
        onChange={(ogImage) => set({ ogImage })}
      />
      <TextField
        id="settings-googleAnalyticsId"
        name="googleAnalyticsId"
        label="Google Analytics ID"
        placeholder="G-XXXXXXXXXX or UA-XXXXXXXX-X"
        autoComplete="off"
        spellCheck={false}
        value={values.googleAnalyticsId}
        error={errors.googleAnalyticsId}
        onChange={(e) => set({ googleAnalyticsId: e.target.value })}
      />
      <div className="flex items-start gap-3">
        <input
          id="settings-disableIndexing"
          type="checkbox"
          checked={values.disableIndexing}
          onChange={(e) => set({ disableIndexing: e.target.checked })}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-brand-strong"
        />
        <label htmlFor="settings-disableIndexing" className="text-sm">
          Discourage search engines from indexing this site
        </label>
      </div>
    </div>
  );
}
