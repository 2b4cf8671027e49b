import { z } from "zod";

export const SETTINGS_SECTIONS = ["general", "appearance", "homepage", "social", "seo"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const THEMES = ["light", "dark"] as const;
export const NAVBAR_STYLES = ["default", "transparent", "sticky", "centered"] as const;
export const FOOTER_STYLES = ["default", "simple", "expanded", "minimal"] as const;
export const DEFAULT_PRIMARY_COLOR = "#3b82f6";
export const DEFAULT_SITE_TITLE = "Company Profile";

/** An http(s) URL, a site-relative path such as /uploads/x.png, or empty. */
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be 2000 characters or less`)
    .refine(
      (value) =>
        value === "" || /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value),
      {
        message: `${label} must be an http(s) URL or an uploaded file`,
      },
    );

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be ${max} characters or less`);

export const GeneralSettingsSchema = z.strictObject({
  siteTitle: text("Site title", 100),
  siteDescription: text("Site description", 500),
  logoUrl: optionalUrl("Logo"),
  faviconUrl: optionalUrl("Favicon"),
  postsPerPage: z.coerce
    .number({ error: "Posts per page must be a number" })
    .int("Posts per page must be a whole number")
    .min(1, "Posts per page must be between 1 and 50")
    .max(50, "Posts per page must be between 1 and 50"),
  contactEmail: z
    .string()
    .trim()
    .max(254, "Contact email must be 254 characters or less")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: "Contact email is invalid",
    }),
  phoneNumber: text("Phone number", 50),
  address: text("Address", 300),
});

export const AppearanceSettingsSchema = z.strictObject({
  theme: z.enum(THEMES, { error: "Theme must be light or dark" }),
  primaryColor: z
    .string()
    .trim()
    .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "Primary color must be a hex colour such as #3b82f6"),
  bannerImage: optionalUrl("Banner image"),
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
  primaryButtonUrl: optionalUrl("Primary button URL"),
  secondaryButtonUrl: optionalUrl("Secondary button URL"),
  servicesTitle: homepageText("Services title"),
  servicesSubtitle: homepageText("Services subtitle", 1000),
  servicesButtonText: homepageText("Services button text", 60),
  aboutTitle: homepageText("About title"),
  aboutContent: homepageText("About content", 5000),
  aboutSecondaryContent: homepageText("About secondary content", 5000),
  aboutDescription: homepageText("About description", 5000),
  aboutImage: optionalUrl("About image"),
  aboutButtonText: homepageText("About button text", 60),
  aboutLinkText: homepageText("About link text", 60),
  aboutLinkUrl: optionalUrl("About link URL"),
  aboutBullets: z
    .array(text("About bullet", 200), { error: "About bullets must be a list of texts" })
    .max(10, "About bullets can hold at most 10 items"),
  blogTitle: homepageText("Blog title"),
  blogSubtitle: homepageText("Blog subtitle", 1000),
  blogReadMoreText: homepageText("Blog read more text", 60),
  blogViewAllText: homepageText("Blog view all text", 60),
  blogViewAllUrl: optionalUrl("Blog view all URL"),
  ctaTitle: homepageText("Call to action title"),
  ctaSubtitle: homepageText("Call to action subtitle", 1000),
  ctaDescription: homepageText("Call to action description", 1000),
  ctaButtonText: homepageText("Call to action button text", 60),
  ctaButtonUrl: optionalUrl("Call to action button URL"),
});

export const SocialSettingsSchema = z.strictObject({
  facebook: optionalUrl("Facebook URL"),
  twitter: optionalUrl("Twitter URL"),
  instagram: optionalUrl("Instagram URL"),
  linkedin: optionalUrl("LinkedIn URL"),
  youtube: optionalUrl("YouTube URL"),
});

export const GOOGLE_ANALYTICS_ID_PATTERN = /^(G-[A-Z0-9]{4,12}|UA-\d{4,10}-\d{1,4})$/;

export const SeoSettingsSchema = z.strictObject({
  metaTitle: text("Meta title", 200),
  metaDescription: text("Meta description", 500),
  ogImage: optionalUrl("OG image"),
  googleAnalyticsId: z
    .string()
    .trim()
    .refine((value) => value === "" || GOOGLE_ANALYTICS_ID_PATTERN.test(value), {
      message: "Analytics ID must look like G-XXXXXXX or UA-XXXXX-Y",
    }),
  disableIndexing: z.boolean({ error: "Discourage search engines must be true or false" }),
});

export const SettingsSchemas = {
  general: GeneralSettingsSchema,
  appearance: AppearanceSettingsSchema,
  homepage: HomepageSettingsSchema,
  social: SocialSettingsSchema,
  seo: SeoSettingsSchema,
} as const;

export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;
export type AppearanceSettings = z.infer<typeof AppearanceSettingsSchema>;
export type HomepageSettings = z.infer<typeof HomepageSettingsSchema>;
export type SocialSettings = z.infer<typeof SocialSettingsSchema>;
export type SeoSettings = z.infer<typeof SeoSettingsSchema>;

export type SiteSettings = {
  general: GeneralSettings;
  appearance: AppearanceSettings;
  homepage: HomepageSettings;
  social: SocialSettings;
  seo: SeoSettings;
};

/**
 * The texts the home page shows when the server gives none (spec section 3).
 * They are also the starter content seeded on first start.
 */
export const HOMEPAGE_FALLBACKS: HomepageSettings = {
  heroTitle: "Welcome to Our Company",
  heroSubtitle: "We provide excellent services to help your business grow and succeed.",
  heroButtonText: "Learn More",
  heroSecondaryButtonText: "Contact Us",
  primaryButtonUrl: "/about",
  secondaryButtonUrl: "/contact",
  servicesTitle: "Our Services",
  servicesSubtitle: "What we offer",
  servicesButtonText: "View All Services",
  aboutTitle: "About Us",
  aboutContent:
    "We are a team of professionals dedicated to delivering quality solutions that help our clients reach their goals.",
  aboutSecondaryContent: "",
  aboutDescription: "",
  aboutImage: "",
  aboutButtonText: "Read More",
  aboutLinkText: "",
  aboutLinkUrl: "/about",
  aboutBullets: [],
  blogTitle: "Latest Blog Posts",
  blogSubtitle: "News, insights and stories from our team",
  blogReadMoreText: "Read More",
  blogViewAllText: "View All Posts",
  blogViewAllUrl: "/blog",
  ctaTitle: "Ready to work with us?",
  ctaSubtitle: "Get in touch today",
  ctaDescription: "",
  ctaButtonText: "Contact Us",
  ctaButtonUrl: "/contact",
};

export const DEFAULT_SETTINGS: SiteSettings = {
  general: {
    siteTitle: DEFAULT_SITE_TITLE,
    siteDescription: "",
    logoUrl: "",
    faviconUrl: "",
    postsPerPage: 10,
    contactEmail: "",
    phoneNumber: "",
    address: "",
  },
  appearance: {
    theme: "light",
    primaryColor: DEFAULT_PRIMARY_COLOR,
    bannerImage: "",
    showBanner: true,
    navbarStyle: "default",
    footerStyle: "default",
  },
  homepage: HOMEPAGE_FALLBACKS,
  social: { facebook: "", twitter: "", instagram: "", linkedin: "", youtube: "" },
  seo: {
    metaTitle: "",
    metaDescription: "",
    ogImage: "",
    googleAnalyticsId: "",
    disableIndexing: false,
  },
};

export function isSettingsSection(value: string): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value);
}

/**
 * Fills what a stored section lacks from the defaults, dropping unknown keys,
 * so readers always get a complete, well-typed section even from old data.
 */
export function withSectionDefaults<S extends SettingsSection>(
  section: S,
  stored: unknown,
): SiteSettings[S] {
  const defaults = DEFAULT_SETTINGS[section] as Record<string, unknown>;
  const source = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = {};
  const shape = SettingsSchemas[section].shape as Record<string, z.ZodType>;
  for (const key of Object.keys(defaults)) {
    const value = source[key];
    merged[key] =
      value !== undefined && shape[key]!.safeParse(value).success ? value : defaults[key];
  }
  return merged as SiteSettings[S];
}
