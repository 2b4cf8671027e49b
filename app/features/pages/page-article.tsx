import { Breadcrumb } from "#app/components/ui/breadcrumb.tsx";
import { absoluteUrl, JsonLd } from "#app/components/ui/json-ld.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { useRootData } from "#app/root.tsx";
import type { Page } from "#common/types.ts";
import { pageDescription } from "./page-description.ts";

/**
 * A company page as `/{slug}` shows it: also the body of a draft page's
 * preview (`/preview/{secret}`).
 */
export function CompanyPageArticle({ page }: { page: Page }) {
  const root = useRootData();
  const origin = root?.origin ?? "";
  const url = `${origin}/${page.slug}`;
  const siteName = root?.settings.general.siteTitle || "Company Profile";
  const image = absoluteUrl(page.featured_image, origin);
  const webPage = {
    "@type": "WebPage",
    name: page.meta_title || page.title,
    headline: page.title,
    description: pageDescription(page),
    url,
    inLanguage: "en",
    ...(page.published_at ? { datePublished: page.published_at } : {}),
    dateModified: page.updated_at,
    isPartOf: { "@type": "WebSite", name: siteName, url: `${origin}/` },
    ...(image ? { primaryImageOfPage: { "@type": "ImageObject", url: image } } : {}),
  };
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <JsonLd data={webPage} />
      <Breadcrumb
        origin={origin}
        items={[
          { name: "Home", path: "/" },
          { name: page.title, path: `/${page.slug}` },
        ]}
      />
      <h1 className="mt-6 text-4xl font-bold">{page.title}</h1>
      {page.featured_image ? (
        <ResponsiveImage
          src={page.featured_image}
          alt={page.featured_image_alt}
          width={1200}
          height={630}
          sizes="(min-width: 768px) 720px, 100vw"
          fetchPriority="high"
          className="mt-8 aspect-[1200/630] w-full rounded-xl object-cover"
        />
      ) : null}
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
