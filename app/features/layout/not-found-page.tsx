import { Link } from "#app/components/ui/link.tsx";

/** The spec's not-found page ("Page Not Found", link home), for any address nothing answers. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-strong dark:text-brand-light">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist or has been moved.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Go to Homepage
      </Link>
    </section>
  );
}
