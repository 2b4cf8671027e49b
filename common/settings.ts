/**
 * Site settings: sections, types, constants and the defaults. No zod here:
 * the public pages import this module, and the schemas that validate a saved
 * section (server and admin form) live in `schemas/settings.ts`.
 */

import type { ContactSettings } from "./contact.ts";
import type { MenuLink, NavigationSettings } from "./navigation.ts";

export const SETTINGS_SECTIONS = [
  "general",
  "appearance",
  "homepage",
  "social",
  "seo",
  "about",
  "navigation",
  "contact",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const THEMES = ["light", "dark"] as const;
export const NAVBAR_STYLES = ["default", "transparent", "sticky", "centered"] as const;
export const FOOTER_STYLES = ["default", "simple", "expanded", "minimal"] as const;
export const DEFAULT_PRIMARY_COLOR = "#3b82f6";
export const DEFAULT_SITE_TITLE = "Company Profile";

/** http(s) URL, a site path such as /uploads/x.png, or empty (`optionalUrl` in the schemas). */
type Url = string;

export type GeneralSettings = {
  siteTitle: string;
  siteDescription: string;
  logoUrl: Url;
  faviconUrl: Url;
  postsPerPage: number;
  contactEmail: string;
  /** Who gets contact notifications: addresses separated by commas; empty: the contact e-mail. */
  notificationEmails: string;
  phoneNumber: string;
  address: string;
  /**
   * How many revisions each post, page and service keeps (the oldest go
   * first); 0 keeps all. Between 0 and REVISIONS_TO_KEEP_MAX.
   */
  revisionsToKeep: number;
};

/** Revisions kept per document unless the settings say otherwise (docs/decisions/017-revisions.md). */
export const REVISIONS_TO_KEEP_DEFAULT = 50;
export const REVISIONS_TO_KEEP_MAX = 1000;

export type AppearanceSettings = {
  theme: (typeof THEMES)[number];
  primaryColor: string;
  bannerImage: Url;
  showBanner: boolean;
  navbarStyle: (typeof NAVBAR_STYLES)[number];
  footerStyle: (typeof FOOTER_STYLES)[number];
};

export type HomepageSettings = {
  heroTitle: string;
  heroSubtitle: string;
  heroButtonText: string;
  heroSecondaryButtonText: string;
  primaryButtonUrl: Url;
  secondaryButtonUrl: Url;
  servicesTitle: string;
  servicesSubtitle: string;
  servicesButtonText: string;
  aboutTitle: string;
  aboutContent: string;
  aboutSecondaryContent: string;
  aboutDescription: string;
  aboutImage: Url;
  aboutButtonText: string;
  aboutLinkText: string;
  aboutLinkUrl: Url;
  aboutBullets: string[];
  blogTitle: string;
  blogSubtitle: string;
  blogReadMoreText: string;
  blogViewAllText: string;
  blogViewAllUrl: Url;
  ctaTitle: string;
  ctaSubtitle: string;
  ctaDescription: string;
  ctaButtonText: string;
  ctaButtonUrl: Url;
  /** The spec's "optional call-to-action": off hides the section (texts kept). */
  showCta: boolean;
};

export type SocialSettings = {
  facebook: Url;
  twitter: Url;
  instagram: Url;
  linkedin: Url;
  youtube: Url;
};

export const GOOGLE_ANALYTICS_ID_PATTERN = /^(G-[A-Z0-9]{4,12}|UA-\d{4,10}-\d{1,4})$/;

export type SeoSettings = {
  metaTitle: string;
  metaDescription: string;
  ogImage: Url;
  googleAnalyticsId: string;
  disableIndexing: boolean;
};

/** One of the company's values on the About page. */
export type AboutValue = { title: string; text: string };

/** The most values the About page holds (the admin's list and the API refuse more). */
export const ABOUT_VALUES_MAX = 12;

/**
 * The About page (/about). Every text is shown as plain text; `mission`,
 * `vision` and `history` keep their paragraphs (a blank line starts a new
 * one). An empty text leaves its part, heading included, off the page; the
 * headings themselves are required.
 */
export type AboutSettings = {
  /** The page's heading (h1). */
  title: string;
  /** The lead text under the heading. */
  intro: string;
  missionTitle: string;
  mission: string;
  visionTitle: string;
  vision: string;
  historyTitle: string;
  history: string;
  valuesTitle: string;
  values: AboutValue[];
  /** Heading of the team section (the members are the `team_members` table). */
  teamTitle: string;
  /** The call to action at the end of the page: shown when it has a text. */
  ctaText: string;
  /** Where it leads; empty: /contact. */
  ctaUrl: Url;
};

export type SiteSettings = {
  general: GeneralSettings;
  appearance: AppearanceSettings;
  homepage: HomepageSettings;
  social: SocialSettings;
  seo: SeoSettings;
  about: AboutSettings;
  /** The header and footer menus (common/navigation.ts). */
  navigation: NavigationSettings;
  /** Opening hours, the contact page's introduction and map (common/contact.ts). */
  contact: ContactSettings;
};

/**
 * The texts the home page shows when the settings give none.
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
  showCta: true,
};

/**
 * The About section as the browser falls back to it (a render without the
 * root's data): its headings, and no texts. The starter texts a site gets
 * (the seed, a section never saved, the page when the settings cannot be
 * read) are `ABOUT_STARTER` in `about-starter.ts`, which only the server and
 * the admin load: every public page loads this module, and those texts would
 * weigh on all of them (docs/decisions/014-about-page-and-team.md).
 */
export const ABOUT_HEADINGS: AboutSettings = {
  title: "About Us",
  intro: "",
  missionTitle: "Our Mission",
  mission: "",
  visionTitle: "Our Vision",
  vision: "",
  historyTitle: "Our History",
  history: "",
  valuesTitle: "Our Values",
  values: [],
  teamTitle: "Our Team",
  ctaText: "",
  ctaUrl: "",
};

const HOME: MenuLink = { label: "Home", target: { type: "route", route: "home" }, newTab: false };
const ABOUT: MenuLink = {
  label: "About",
  target: { type: "route", route: "about" },
  newTab: false,
};
const SERVICES: MenuLink = {
  label: "Services",
  target: { type: "route", route: "services" },
  newTab: false,
};
const GALLERY: MenuLink = {
  label: "Gallery",
  target: { type: "route", route: "gallery" },
  newTab: false,
};
const BLOG: MenuLink = { label: "Blog", target: { type: "route", route: "blog" }, newTab: false };
const CONTACT: MenuLink = {
  label: "Contact",
  target: { type: "route", route: "contact" },
  newTab: false,
};

/**
 * The spec's navigation: Home, About, Services, Gallery, Blog, Contact and
 * the Admin button, and the same links as the footer's quick links. Here
 * rather than in navigation.ts, so public pages load none of the menus' code.
 */
export const DEFAULT_NAVIGATION: NavigationSettings = {
  header: [
    { ...HOME, children: [] },
    { ...ABOUT, children: [] },
    { ...SERVICES, children: [] },
    { ...GALLERY, children: [] },
    { ...BLOG, children: [] },
    { ...CONTACT, children: [] },
  ],
  footer: {
    columns: [{ title: "Quick Links", items: [HOME, ABOUT, SERVICES, GALLERY, BLOG, CONTACT] }],
  },
  showAdminButton: true,
};

/** The contact details' defaults: no opening hours, no map. Here rather than in contact.ts, so pages other than /contact load none of its code. */
export const DEFAULT_CONTACT_INTRODUCTION =
  "Have a question or a project in mind? Send us a message and we will get back to you soon.";

export const DEFAULT_CONTACT: ContactSettings = {
  introduction: DEFAULT_CONTACT_INTRODUCTION,
  openingHours: {
    monday: [],
    tuesday: [],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  },
  map: "off",
  latitude: null,
  longitude: null,
  mapZoom: 16,
  mapEmbedUrl: "",
};

export const DEFAULT_SETTINGS: SiteSettings = {
  general: {
    siteTitle: DEFAULT_SITE_TITLE,
    siteDescription: "",
    logoUrl: "",
    faviconUrl: "",
    postsPerPage: 10,
    contactEmail: "",
    notificationEmails: "",
    phoneNumber: "",
    address: "",
    revisionsToKeep: REVISIONS_TO_KEEP_DEFAULT,
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
  about: ABOUT_HEADINGS,
  navigation: DEFAULT_NAVIGATION,
  contact: DEFAULT_CONTACT,
};

/**
 * What public pages may show of the settings: every section without the
 * staff's own fields. Pages, their hydration data and an anonymous (or any
 * non-admin) `GET /api/settings` carry only this; callers who may manage the
 * settings get everything. The menus are not in it: pages get them resolved
 * (`SiteMenus`, links to hidden content left out), and the API answers others
 * the menus without those links (server/modules/navigation).
 */
export type PublicGeneralSettings = Omit<GeneralSettings, "notificationEmails">;
export type PublicSiteSettings = Omit<SiteSettings, "general" | "navigation"> & {
  general: PublicGeneralSettings;
};

/** The general section without `notificationEmails` (staff addresses, for notifications only). */
export function toPublicGeneralSettings(general: GeneralSettings): PublicGeneralSettings {
  const { notificationEmails: _staffOnly, ...shown } = general;
  return shown;
}

export function toPublicSettings(settings: SiteSettings): PublicSiteSettings {
  const { navigation: _resolvedOnTheServer, ...shown } = settings;
  return { ...shown, general: toPublicGeneralSettings(settings.general) };
}

export function isSettingsSection(value: string): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value);
}
