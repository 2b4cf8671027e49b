import { data, redirect } from "react-router";
import { Breadcrumb } from "#app/components/ui/breadcrumb.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { Link } from "#app/components/ui/link.tsx";
import { PageMessage } from "#app/components/ui/page-message.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { siteServicesContext } from "#common/site-context.ts";
import { truncate } from "#common/text.ts";
import type { Route } from "./+types/service-detail";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const services = context.get(siteServicesContext).services;
    const service = await services.getService(params.slug);
    if (!service) {
      const moved = await services.findServiceRedirect(params.slug);
      if (moved) throw redirect(`/services/${moved}`, 301);
      return data({ state: "not-found" as const, service: null }, { status: 404 });
    }
    return { state: "ok" as const, service };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("service: failed to load", error);
    return data({ state: "error" as const, service: null }, { status: 500 });
  }
}

export function meta({ matches, loaderData: loaded, params }: Route.MetaArgs) {
  const service = loaded?.service;
  return pageMeta({
    title: service?.title ?? "Service Not Found",
    description: service
      ? service.description || truncate(service.details.replace(/\s+/g, " ").trim(), 160)
      : undefined,
    root: rootFromMatches(matches),
    path: `/services/${service?.slug ?? params.slug}`,
    noindex: !service,
  });
}

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const origin = useRootData()?.origin ?? "";
  if (loaderData.state === "not-found") {
    return (
      <PageMessage title="Service Not Found" link={{ to: "/", label: "Back to Homepage" }}>
        The service you are looking for does not exist.
      </PageMessage>
    );
  }
  if (!loaderData.service) {
    return (
      <PageMessage alert link={{ to: "/services", label: "Back to Services" }}>
        Could not load service details. The service may not exist or there was an error connecting
        to the server.
      </PageMessage>
    );
  }
  const { service } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <Breadcrumb
        origin={origin}
        items={[
          { name: "Home", path: "/" },
          { name: "Services", path: "/services" },
          { name: service.title, path: `/services/${service.slug}` },
        ]}
      />
      <div className="mt-6 flex items-center gap-4">
        <span className="inline-flex rounded-lg bg-slate-100 p-3 text-brand-strong dark:bg-slate-800 dark:text-brand-light">
          <Icon name={service.icon} width={32} height={32} />
        </span>
        <h1 className="text-4xl font-bold">{service.title}</h1>
      </div>
      <p className="mt-6 text-lg text-slate-700 dark:text-slate-200">{service.description}</p>
      <div className="mt-8 space-y-4 text-slate-700 dark:text-slate-200">
        {service.details
          .split(/\n\s*\n/)
          .filter((p) => p.trim())
          .map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="whitespace-pre-line leading-relaxed">
              {paragraph.trim()}
            </p>
          ))}
      </div>
      <div className="mt-12 flex flex-wrap gap-4">
        <Link to="/contact" className="btn-primary">
          Contact Us
        </Link>
        <Link to="/services" className="btn-outline">
          Back to Services
        </Link>
      </div>
    </div>
  );
}
