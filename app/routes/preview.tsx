import { data, isRouteErrorResponse, redirect } from "react-router";
import { PageMessage } from "#app/components/ui/page-message.tsx";
import { PostArticle } from "#app/features/blog/post-article.tsx";
import { homepageTexts } from "#app/features/home/home-sections.tsx";
import { NotFoundPage } from "#app/features/layout/not-found-page.tsx";
import { CompanyPageArticle } from "#app/features/pages/page-article.tsx";
import { pageDescription } from "#app/features/pages/page-description.ts";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { PREVIEW_BANNER, PREVIEW_HEADERS } from "#common/preview.ts";
import { siteServicesContext } from "#common/site-context.ts";
import { stripHtml, truncate } from "#common/text.ts";
import type { Route } from "./+types/preview";

/**
 * A draft's (or scheduled document's) secret preview (issue 23, decision
 * 019): the post or company page in its public design under a "Preview"
 * banner, for anyone holding the link, signed in or not. An unknown, revoked
 * or expired link is the site's 404; once the document is public, 301 to its
 * address. Nothing here is kept or indexed (PREVIEW_HEADERS; the page cache
 * never looks at /preview/).
 */

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await context.get(siteServicesContext).previewLinks.openPreview(params.secret);
  if (!result) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (result.kind === "moved")
    throw redirect(result.path, { status: 301, headers: PREVIEW_HEADERS });
  return data(result, { headers: PREVIEW_HEADERS });
}

export function headers() {
  return PREVIEW_HEADERS;
}

export function meta({ matches, loaderData: loaded }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  if (!loaded) return pageMeta({ title: "Page Not Found", root, path: "/", noindex: true });
  // The canonical address is the document's public one: the secret stays out of the tags.
  if (loaded.kind === "post") {
    const { post } = loaded;
    return pageMeta({
      title: `Preview: ${post.meta_title || post.title}`,
      description: post.meta_description || post.excerpt || truncate(stripHtml(post.content), 160),
      root,
      path: `/blog/${post.slug}`,
      noindex: true,
    });
  }
  const { page } = loaded;
  return pageMeta({
    title: `Preview: ${page.meta_title || page.title}`,
    description: pageDescription(page),
    root,
    path: `/${page.slug}`,
    noindex: true,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageMessage alert>Failed to load this preview. Please try again later.</PageMessage>;
}

function PreviewBanner() {
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-3 text-center font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {PREVIEW_BANNER}
    </div>
  );
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <PreviewBanner />
      {loaderData.kind === "post" ? (
        <PostArticle
          post={loaderData.post}
          related={[]}
          texts={homepageTexts(root?.settings.homepage)}
          preview
        />
      ) : (
        <CompanyPageArticle page={loaderData.page} />
      )}
    </>
  );
}
