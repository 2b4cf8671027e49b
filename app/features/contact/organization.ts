import { absoluteUrl } from "#app/components/ui/json-ld.tsx";
import {
  contactMap,
  hasOpeningHours,
  type OpeningHours,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from "#common/contact.ts";
import type { PublicSiteSettings } from "#common/settings.ts";

/**
 * schema.org's opening hours: one specification per period, with every
 * weekday that has that same period.
 */
export function openingHoursSpecification(hours: OpeningHours) {
  const periods = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of WEEKDAYS) {
    for (const range of hours[day] ?? []) {
      const key = `${range.opens}-${range.closes}`;
      const period = periods.get(key) ?? { ...range, days: [] };
      period.days.push(WEEKDAY_NAMES[day]);
      periods.set(key, period);
    }
  }
  return [...periods.values()].map((period) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: period.days,
    opens: period.opens,
    closes: period.closes,
  }));
}

/**
 * The company as structured data (home and contact pages): an Organization,
 * or a LocalBusiness (a kind of Organization) once it has opening hours, with
 * its contact details, social profiles, hours and position.
 */
export function organizationData(settings: PublicSiteSettings, origin: string) {
  const { general, social, contact } = settings;
  const hours = contact && hasOpeningHours(contact.openingHours);
  const map = contact?.map === "coordinates" ? contactMap(contact) : null;
  return {
    "@type": hours ? "LocalBusiness" : "Organization",
    name: general.siteTitle || "Company Profile",
    url: `${origin}/`,
    ...(general.logoUrl ? { logo: absoluteUrl(general.logoUrl, origin) } : {}),
    ...(general.contactEmail ? { email: general.contactEmail } : {}),
    ...(general.phoneNumber ? { telephone: general.phoneNumber } : {}),
    ...(general.address ? { address: general.address } : {}),
    sameAs: Object.values(social).filter(Boolean),
    ...(hours
      ? { openingHoursSpecification: openingHoursSpecification(contact.openingHours) }
      : {}),
    ...(map && contact.latitude !== null && contact.longitude !== null
      ? {
          geo: {
            "@type": "GeoCoordinates",
            latitude: contact.latitude,
            longitude: contact.longitude,
          },
        }
      : {}),
  };
}
