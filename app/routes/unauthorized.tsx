import { Link } from "#app/components/ui/link.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import type { Route } from "./+types/unauthorized";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Access Denied",
    root: rootFromMatches(matches),
    path: "/unauthorized",
    noindex: true,
  });
}

export default function Unauthorized() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Access Denied</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Your account does not have permission to open that page.
      </p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/admin/dashboard" className="btn-primary">
          Back to Dashboard
        </Link>
        <Link to="/" className="btn-outline">
          Go to Homepage
        </Link>
      </div>
    </section>
  );
}
