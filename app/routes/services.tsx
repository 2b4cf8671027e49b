import { data } from "react-router";
import { ServiceIcon } from "#app/components/ui/icons.tsx";
import { Link } from "#app/components/ui/link.tsx";
import { LinkTarget } from "#app/components/ui/link-target.tsx";
import { homepageTexts } from "#app/features/home/home-sections.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/services";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return {
      ok: true as const,
      services: await context.get(siteServicesContext).services.listServices(),
    };
  } catch (error) {
    console.error("services: failed to load", error);
    return data({ ok: false as const, services: [] }, { status: 500 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Services",
    description: "What we offer: the services we provide to our clients.",
    root: rootFromMatches(matches),
    path: "/services",
  });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const texts = homepageTexts(useRootData()?.settings.homepage);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold">{texts.servicesTitle}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{texts.servicesSubtitle}</p>
      {!loaderData.ok ? (
        <p role="alert" className="mt-10 text-slate-700 dark:text-slate-200">
          Failed to load services. Please try again later.
        </p>
      ) : loaderData.services.length === 0 ? (
        <div className="mt-10 rounded-xl border border-slate-200 p-10 text-center dark:border-slate-700">
          <h2 className="text-2xl font-semibold">No Services Available</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            We're currently updating our services. Please check back later.
          </p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.services.map((service) => (
            <li
              key={service.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800"
            >
              <ServiceIcon name={service.icon} fit />
              <h2 className="mt-4 text-xl font-semibold">{service.title}</h2>
              <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300">
                {service.description}
              </p>
              <Link to={`/services/${service.slug}`} className="link mt-4 font-medium">
                Learn More
                <LinkTarget target={service.title} joiner="about" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
