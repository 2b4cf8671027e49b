import { Link } from "#app/components/ui/link.tsx";
import { breadcrumbList, JsonLd } from "./json-ld.tsx";

type Crumb = { name: string; path: string };

/** The visible trail and its BreadcrumbList structured data, from one list. */
export function Breadcrumb({ items, origin }: { items: Crumb[]; origin: string }) {
  const last = items.length - 1;
  return (
    <>
      <JsonLd data={breadcrumbList(origin, items)} />
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-300">
        <ol className="flex flex-wrap gap-2">
          {items.map((item, index) =>
            index === last ? (
              <li
                key={item.path}
                aria-current="page"
                className="text-slate-900 dark:text-slate-100"
              >
                {item.name}
              </li>
            ) : (
              <li key={item.path}>
                <Link to={item.path} className="hover:underline">
                  {item.name}
                </Link>{" "}
                <span aria-hidden>/</span>
              </li>
            ),
          )}
        </ol>
      </nav>
    </>
  );
}
