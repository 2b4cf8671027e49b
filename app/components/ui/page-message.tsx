import type { ReactNode } from "react";
import { Link } from "#app/components/ui/link.tsx";

/**
 * A message in place of a whole page (a load failure, something not found):
 * centred, with an optional heading, a smaller note and a link onwards. A
 * failure is an alert.
 */
export function PageMessage({
  alert = false,
  title,
  children,
  note,
  link,
}: {
  alert?: boolean;
  title?: string;
  children: ReactNode;
  note?: ReactNode;
  link?: { to: string; label: string };
}) {
  return (
    <div role={alert ? "alert" : undefined} className="mx-auto max-w-xl px-4 py-24 text-center">
      {title ? <h1 className="text-3xl font-bold">{title}</h1> : null}
      <p
        className={
          title ? "mt-4 text-slate-700 dark:text-slate-200" : "text-slate-700 dark:text-slate-200"
        }
      >
        {children}
      </p>
      {note ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{note}</p> : null}
      {link ? (
        <Link to={link.to} className="btn-primary mt-8">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}
