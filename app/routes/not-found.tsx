import { NotFoundPage } from "#app/features/layout/not-found-page.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import type { Route } from "./+types/not-found";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export function loader() {
  // The status matters to crawlers and monitoring; the page still renders.
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    title: "Page Not Found",
    root: rootFromMatches(matches),
    path: location.pathname,
    noindex: true,
  });
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

export default function NotFound() {
  return <NotFoundPage />;
}
