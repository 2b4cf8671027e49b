import { z } from "zod";
import { ABOUT_STARTER } from "#common/about-starter.ts";
import type { ContactSettings } from "#common/contact.ts";
import { isEmailAddress } from "#common/email.ts";
import type { NavigationSettings } from "#common/navigation.ts";
import {
  ABOUT_VALUES_MAX,
  type AboutSettings,
  type AppearanceSettings,
  DEFAULT_SETTINGS,
  FOOTER_STYLES,
  type GeneralSettings,
  GOOGLE_ANALYTICS_ID_PATTERN,
  type HomepageSettings,
  NAVBAR_STYLES,
  REVISIONS_TO_KEEP_MAX,
  type SeoSettings,
  type SettingsSection,
  type SiteSettings,
  type SocialSettings,
  THEMES,
} from "#common/settings.ts";
import { ContactSettingsSchema } from "./contact.ts";
import { imageUrlField, linkUrlField } from "./fields.ts";
import { NavigationInputSchema } from "./navigation.ts";

/*
 * The zod schemas of the settings sections, for the server (PUT /api/settings)
 * and the admin settings screen. Types, constants and defaults are in
 * `../settings.ts`, which the public pages import without pulling zod in.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`);

export const GeneralSettingsSchema = z.strictObject({
  siteTitle: text("Site title", 100),
  siteDescription: text("Site description", 500),
  logoUrl: imageUrlField("Logo"),
  faviconUrl: imageUrlField("Favicon"),
  postsPerPage: z.coerce
    .number({ error: "Posts per page must be a number" })
    .int("Posts per page must be a whole number")
    .min(1, "Posts per page must be between 1 and 50")
    .max(50, "Posts per page must be between 1 and 50"),
  contactEmail: z
    .string()
    .trim()
    .max(254, "Contact email must be 254 characters or less")
    .refine((value) => value === "" || isEmailAddress(value), {
      message: "Contact email is invalid",
    }),
  notificationEmails: z
    .string()
    .trim()
    .max(1000, "Notification emails must be 1000 characters or less")
    .refine(
      (value) =>
        value
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean)
          .every((address) => address.length <= 254 && isEmailAddress(address)),
      { message: "Notification emails must be e-mail addresses separated by commas" },
    )
    .refine((value) => value.split(",").filter((a) => a.trim()).length <= 10, {
      message: "Notification emails can hold at most 10 addresses",
    }),
  phoneNumber: text("Phone number", 50),
  address: text("Address", 300),
  // An empty box is not 0 ("keep all"): it is refused like any other non-number.
  revisionsToKeep: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? Number.NaN : value),
    z.coerce
      .number({ error: "Revisions to keep must be a number" })
      .int("Revisions to keep must be a whole number")
      .min(0, `Revisions to keep must be between 0 and ${REVISIONS_TO_KEEP_MAX}`)
      .max(
        REVISIONS_TO_KEEP_MAX,
        `Revisions to keep must be between 0 and ${REVISIONS_TO_KEEP_MAX}`,
      ),
  ),
});

export const AppearanceSettingsSchema = z.strictObject({
  theme: z.enum(THEMES, { error: "Theme must be light or dark" }),
  primaryColor: z
    .string()
    .trim()
    .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "Primary color must be a hex colour such as #3b82f6"),
  bannerImage: imageUrlField("Banner image"),
  showBanner: z.boolean({ error: "Show banner must be true or false" }),
  navbarStyle: z.enum(NAVBAR_STYLES, {
    error: `Navbar style must be one of ${NAVBAR_STYLES.join(", ")}`,
  }),
  footerStyle: z.enum(FOOTER_STYLES, {
    error: `Footer style must be one of ${FOOTER_STYLES.join(", ")}`,
  }),
});

const homepageText = (label: string, max = 300) => text(label, max);

export const HomepageSettingsSchema = z.strictObject({
  heroTitle: homepageText("Hero title"),
  heroSubtitle: homepageText("Hero subtitle", 1000),
  heroButtonText: homepageText("Hero button text", 60),
  heroSecondaryButtonText: homepageText("Hero secondary button text", 60),
  primaryButtonUrl: linkUrlField("Primary button URL"),
  secondaryButtonUrl: linkUrlField("Secondary button URL"),
  servicesTitle: homepageText("Services title"),
  servicesSubtitle: homepageText("Services subtitle", 1000),
  servicesButtonText: homepageText("Services button text", 60),
  aboutTitle: homepageText("About title"),
  aboutContent: homepageText("About content", 5000),
  aboutSecondaryContent: homepageText("About secondary content", 5000),
  aboutDescription: homepageText("About description", 5000),
  aboutImage: imageUrlField("About image"),
  aboutButtonText: homepageText("About button text", 60),
  aboutLinkText: homepageText("About link text", 60),
  aboutLinkUrl: linkUrlField("About link URL"),
  aboutBullets: z
    .array(text("About bullet", 200), { error: "About bullets must be a list of texts" })
    .max(10, "About bullets can hold at most 10 items"),
  blogTitle: homepageText("Blog title"),
  blogSubtitle: homepageText("Blog subtitle", 1000),
  blogReadMoreText: homepageText("Blog read more text", 60),
  blogViewAllText: homepageText("Blog view all text", 60),
  blogViewAllUrl: linkUrlField("Blog view all URL"),
  ctaTitle: homepageText("Call to action title"),
  ctaSubtitle: homepageText("Call to action subtitle", 1000),
  ctaDescription: homepageText("Call to action description", 1000),
  ctaButtonText: homepageText("Call to action button text", 60),
  ctaButtonUrl: linkUrlField("Call to action button URL"),
  showCta: z.boolean({ error: "Show call to action must be true or false" }),
});

export const SocialSettingsSchema = z.strictObject({
  facebook: linkUrlField("Facebook URL"),
  twitter: linkUrlField("Twitter URL"),
  instagram: linkUrlField("Instagram URL"),
  linkedin: linkUrlField("LinkedIn URL"),
  youtube: linkUrlField("YouTube URL"),
});

export const SeoSettingsSchema = z.strictObject({
  metaTitle: text("Meta title", 200),
  metaDescription: text("Meta description", 500),
  ogImage: imageUrlField("OG image"),
  googleAnalyticsId: z
    .string()
    .trim()
    .refine((value) => value === "" || GOOGLE_ANALYTICS_ID_PATTERN.test(value), {
      message: "Analytics ID must look like G-XXXXXXX or UA-XXXXX-Y",
    }),
  disableIndexing: z.boolean({ error: "Discourage search engines must be true or false" }),
});

/** A heading of the About page: required, so no part shows without one. */
const heading = (label: string) => text(label, 100).min(1, `${label} is required`);

/** A value: a title (required) and a text (may be empty, and may be left out). */
export const AboutValueSchema = z.strictObject({
  title: z
    .string({ error: "Value title is required" })
    .trim()
    .max(100, "Value title must be 100 characters or less")
    .min(1, "Value title is required"),
  text: z
    .string({ error: "Value text must be text" })
    .trim()
    .max(1000, "Value text must be 1000 characters or less")
    .default(""),
});

export const AboutSettingsSchema = z.strictObject({
  title: heading("Page title"),
  intro: text("Introduction", 1000),
  missionTitle: heading("Mission heading"),
  mission: text("Mission", 5000),
  visionTitle: heading("Vision heading"),
  vision: text("Vision", 5000),
  historyTitle: heading("History heading"),
  history: text("History", 20_000),
  valuesTitle: heading("Values heading"),
  values: z
    .array(AboutValueSchema, { error: "Values must be a list of {title, text}" })
    .max(ABOUT_VALUES_MAX, `Values can hold at most ${ABOUT_VALUES_MAX} items`),
  teamTitle: heading("Team heading"),
  ctaText: text("Call to action text", 60),
  ctaUrl: linkUrlField("Call to action URL"),
});

export const SettingsSchemas = {
  general: GeneralSettingsSchema,
  appearance: AppearanceSettingsSchema,
  homepage: HomepageSettingsSchema,
  social: SocialSettingsSchema,
  seo: SeoSettingsSchema,
  about: AboutSettingsSchema,
  navigation: NavigationInputSchema,
  contact: ContactSettingsSchema,
} as const;

/** Compile-time check: each schema's output is exactly the section type in `../settings.ts`. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof GeneralSettingsSchema>, GeneralSettings>,
  Same<z.infer<typeof AppearanceSettingsSchema>, AppearanceSettings>,
  Same<z.infer<typeof HomepageSettingsSchema>, HomepageSettings>,
  Same<z.infer<typeof SocialSettingsSchema>, SocialSettings>,
  Same<z.infer<typeof SeoSettingsSchema>, SeoSettings>,
  Same<z.infer<typeof AboutSettingsSchema>, AboutSettings>,
  Same<z.infer<typeof NavigationInputSchema>, NavigationSettings>,
  Same<z.infer<typeof ContactSettingsSchema>, ContactSettings>,
] = [true, true, true, true, true, true, true, true];
void sameShapes;

/**
 * What a site has before staff save a section: DEFAULT_SETTINGS, with the
 * About page's starter texts (which the browser's shared code leaves out).
 * The seed stores these, stored sections are completed from them, and pages
 * show them when the settings cannot be read.
 */
export const SECTION_DEFAULTS: SiteSettings = { ...DEFAULT_SETTINGS, about: ABOUT_STARTER };

/**
 * Fills what a stored section lacks from the defaults, dropping unknown keys,
 * so readers always get a complete, well-typed section even from old data.
 */
export function withSectionDefaults<S extends SettingsSection>(
  section: S,
  stored: unknown,
): SiteSettings[S] {
  const defaults = SECTION_DEFAULTS[section] as Record<string, unknown>;
  const source = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = {};
  const shape = SettingsSchemas[section].shape as Record<string, z.ZodType>;
  for (const key of Object.keys(defaults)) {
    const value = source[key];
    // The parsed value: what the schema makes of it (a menu link's short form
    // as a full link), as a save would have stored it.
    const parsed = value === undefined ? undefined : shape[key]!.safeParse(value);
    merged[key] = parsed?.success ? parsed.data : defaults[key];
  }
  return merged as SiteSettings[S];
}
