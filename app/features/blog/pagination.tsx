import { Link } from "#app/components/ui/link.tsx";

/** Previous / Page X of Y / Next, as links so it works without JavaScript. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const button = "btn border border-slate-300 dark:border-slate-600";
  const disabled = `${button} pointer-events-none opacity-50`;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={button} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-700 dark:text-slate-200">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={button} rel="next">
          Next
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
