import type { ReactNode } from "react";
import { Link } from "#app/components/ui/link.tsx";
import { LinkTarget } from "#app/components/ui/link-target.tsx";

/**
 * A home page section that lists things (the services, the latest posts): its
 * heading and subtitle, the list or a line saying there is nothing yet, and a
 * link to the whole list.
 */
export function ListSection({
  id,
  title,
  subtitle,
  empty,
  link,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  subtitle: string;
  /** Said instead of the list when it is empty; null when there is a list. */
  empty: string | null;
  /** The link to the whole list and the page it leads to, in words. */
  link: { to: string; text: string; target: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4">
        <div className="text-center">
          <h2 id={id} className="text-3xl font-bold">
            {title}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{subtitle}</p>
        </div>
        {empty !== null ? (
          <p className="mt-10 text-center text-slate-600 dark:text-slate-300">{empty}</p>
        ) : (
          children
        )}
        <div className="mt-10 text-center">
          <Link to={link.to} className="btn-outline">
            {link.text}
            <LinkTarget text={link.text} target={link.target} />
          </Link>
        </div>
      </div>
    </section>
  );
}
