import type { MetaDescriptor } from "react-router";
import { DEFAULT_SITE_TITLE, type SiteSettings } from "../../common/settings.ts";

/** "Page | Site Title", falling back to Company Profile. */
export function pageTitle(page: string | undefined, settings: SiteSettings | undefined) {
  const site = settings?.general.siteTitle?.trim() || DEFAULT_SITE_TITLE;
  return page ? `${page} | ${site}` : site;
}

export function pageMeta(options: {
  title?: string;
  description?: string;
  settings: SiteSettings | undefined;
  image?: string;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const title = pageTitle(options.title, options.settings);
  const seo = options.settings?.seo;
  const description =
    options.description?.trim() ||
    seo?.metaDescription?.trim() ||
    options.settings?.general.siteDescription?.trim() ||
    "";
  const image = options.image || seo?.ogImage || "";
  const meta: MetaDescriptor[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: options.type ?? "website" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
  ];
  if (description) {
    meta.push(
      { name: "description", content: description },
      { property: "og:description", content: description },
      { name: "twitter:description", content: description },
    );
  }
  if (image) {
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (seo?.disableIndexing) meta.push({ name: "robots", content: "noindex, nofollow" });
  return meta;
}
