import type { MetaDescriptor } from "react-router";
import { DEFAULT_SITE_TITLE, type PublicSiteSettings } from "#common/settings.ts";

type RootData = { settings: PublicSiteSettings; origin: string } | undefined;

/** "Page | Site Title", falling back to Company Profile. */
export function pageTitle(page: string | undefined, settings: PublicSiteSettings | undefined) {
  const site = settings?.general.siteTitle?.trim() || DEFAULT_SITE_TITLE;
  return page ? `${page} | ${site}` : site;
}

function absolute(url: string, origin: string) {
  if (!url) return "";
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The root loader's data from a route's `meta` matches. */
export function rootFromMatches(matches: readonly unknown[]): RootData {
  const root = (matches as { id: string; loaderData?: unknown }[]).find((m) => m.id === "root");
  return root?.loaderData as RootData;
}

/**
 * The site-wide description: the SEO setting, else the site description, else
 * a sentence built from the site title, so no page goes without one.
 */
export function siteDescription(settings: PublicSiteSettings | undefined) {
  const site = settings?.general.siteTitle?.trim() || DEFAULT_SITE_TITLE;
  return (
    settings?.seo.metaDescription?.trim() ||
    settings?.general.siteDescription?.trim() ||
    `${site}: who we are, the services we offer, news from our blog and how to reach us.`
  );
}

export function pageMeta(options: {
  title?: string;
  /** The home page: its title is the SEO tab's Meta Title when one is set. */
  home?: boolean;
  description?: string;
  root: RootData;
  path: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const settings = options.root?.settings;
  const origin = options.root?.origin ?? "";
  const seo = settings?.seo;
  const title = (options.home && seo?.metaTitle?.trim()) || pageTitle(options.title, settings);
  const description = options.description?.trim() || siteDescription(settings);
  const image = absolute(options.image || seo?.ogImage || "", origin);
  const url = `${origin}${options.path}`;
  const meta: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: settings?.general.siteTitle || DEFAULT_SITE_TITLE },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
  ];
  meta.push(
    { name: "description", content: description },
    { property: "og:description", content: description },
    { name: "twitter:description", content: description },
  );
  if (image) {
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (seo?.disableIndexing || options.noindex) {
    meta.push({ name: "robots", content: "noindex, nofollow" });
  }
  return [...meta, ...(options.extra ?? [])];
}

/** The `meta` of a page kept out of search engines: its title and path. */
export function unlistedMeta(title: string, path: string) {
  return ({ matches }: { matches: readonly unknown[] }) =>
    pageMeta({ title, root: rootFromMatches(matches), path, noindex: true });
}
