import { ServiceIcon } from "#app/components/ui/icons.tsx";
import { Link } from "#app/components/ui/link.tsx";
import type { HomepageSettings } from "#common/settings.ts";
import type { Service } from "#common/types.ts";
import { ListSection } from "./list-section.tsx";

export function ServicesGrid({
  texts,
  services,
}: {
  texts: HomepageSettings;
  services: Service[];
}) {
  return (
    <ListSection
      id="services-title"
      title={texts.servicesTitle}
      subtitle={texts.servicesSubtitle}
      empty={services.length === 0 ? "No services available at the moment." : null}
      link={{ to: "/services", text: texts.servicesButtonText, target: "Services" }}
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li
            key={service.id}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800"
          >
            <ServiceIcon name={service.icon} />
            <h3 className="mt-4 text-xl font-semibold">
              <Link to={`/services/${service.slug}`} className="hover:underline">
                {service.title}
              </Link>
            </h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{service.description}</p>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}
