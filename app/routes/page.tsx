import { data, isRouteErrorResponse, redirect } from "react-router";
import { PageMessage } from "#app/components/ui/page-message.tsx";
import { NotFoundPage } from "#app/features/layout/not-found-page.tsx";
import { CompanyPageArticle } from "#app/features/pages/page-article.tsx";
import { pageDescription } from "#app/features/pages/page-description.ts";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/page";

/**
 * A company page at `/{slug}` (About-like pages, Careers, Terms, Privacy),
 * edited in the admin under Pages. Only a published page whose time has come
 * is shown; a renamed one answers 301 from its old address; anything else is
 * the site's "Page Not Found" with a 404.
 */

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

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
    description: pageDescription(page),
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
    <PageMessage alert link={{ to: "/", label: "Go to Homepage" }}>
      Failed to load this page. Please try again later.
    </PageMessage>
  );
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "ok" || !loaderData.page) return <LoadFailed />;
  return <CompanyPageArticle page={loaderData.page} />;
}
