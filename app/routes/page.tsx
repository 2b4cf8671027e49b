import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { siteServicesContext } from "../../common/site-context.ts";
import { stripHtml, truncate } from "../../common/text.ts";
import { Breadcrumb } from "../components/ui/breadcrumb.tsx";
import { absoluteUrl, JsonLd } from "../components/ui/json-ld.tsx";
import { ResponsiveImage } from "../components/ui/responsive-image.tsx";
import { NotFoundPage } from "../features/layout/not-found-page.tsx";
import { pageMeta, rootFromMatches } from "../lib/seo.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/page";

/**
 * A company page at `/{slug}` (About-like pages, Careers, Terms, Privacy),
 * edited in the admin under Pages. Only a published page whose time has come
 * is shown; a renamed one answers 301 from its old address; anything else is
 * the site's "Page Not Found" with a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = context.get(siteServicesContext).pages;
  try {
    const page = await pages.getPublicPageBySlug(params.slug);
    if (page) return { state: "ok" as const, page };
    const moved = await pages.findPageRedirect(params.slug);
    if (moved) throw redirect(`/${moved}`, 301);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("page: failed to load", error);
    return data({ state: "error" as const, page: null }, { status: 500 });
  }
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

function descriptionOf(page: { meta_description: string; content: string }) {
  return page.meta_description || truncate(stripHtml(page.content), 160);
}

export function meta({ matches, loaderData: loaded, location }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const page = loaded?.page;
  if (!page) {
    return pageMeta({
      title: loaded?.state === "error" ? undefined : "Page Not Found",
      root,
      path: location.pathname,
      noindex: true,
    });
  }
  return pageMeta({
    title: page.meta_title || page.title,
    description: descriptionOf(page),
    image: page.featured_image,
    root,
    path: `/${page.slug}`,
    // "Hide from search engines".
    noindex: page.noindex,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <LoadFailed />;
}

function LoadFailed() {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-slate-700 dark:text-slate-200">
        Failed to load this page. Please try again later.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Go to Homepage
      </Link>
    </div>
  );
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  if (loaderData.state !== "ok" || !loaderData.page) return <LoadFailed />;
  const { page } = loaderData;
  const origin = root?.origin ?? "";
  const url = `${origin}/${page.slug}`;
  const siteName = root?.settings.general.siteTitle || "Company Profile";
  const image = absoluteUrl(page.featured_image, origin);
  const webPage = {
    "@type": "WebPage",
    name: page.meta_title || page.title,
    headline: page.title,
    description: descriptionOf(page),
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
