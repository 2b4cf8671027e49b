import { Link } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { LinkTarget } from "#app/components/ui/link-target.tsx";
import type { HomepageSettings } from "#common/settings.ts";
import type { Service } from "#common/types.ts";

export function ServicesGrid({
  texts,
  services,
}: {
  texts: HomepageSettings;
  services: Service[];
}) {
  return (
    <section aria-labelledby="services-title" className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4">
        <div className="text-center">
          <h2 id="services-title" className="text-3xl font-bold">
            {texts.servicesTitle}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{texts.servicesSubtitle}</p>
        </div>
        {services.length === 0 ? (
          <p className="mt-10 text-center text-slate-600 dark:text-slate-300">
            No services available at the moment.
          </p>
        ) : (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li
                key={service.id}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800"
              >
                <span className="inline-flex rounded-lg bg-slate-100 p-3 text-brand-strong dark:bg-slate-900 dark:text-brand-light">
                  <Icon name={service.icon} />
                </span>
                <h3 className="mt-4 text-xl font-semibold">
                  <Link to={`/services/${service.slug}`} className="hover:underline">
                    {service.title}
                  </Link>
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{service.description}</p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <Link to="/services" className="btn-outline">
            {texts.servicesButtonText}
            <LinkTarget text={texts.servicesButtonText} target="Services" />
          </Link>
        </div>
      </div>
    </section>
  );
}
