/**
 * Contact details beyond the general section: opening hours per weekday, the
 * contact page's introduction and its map. Types, defaults and the map's
 * addresses; no zod here (the contact page imports this module; the schema is
 * in `schemas/contact.ts`).
 */

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** One opening period of a day, "09:00" to "17:00" (24-hour clock, the same day). */
export type OpeningRange = { opens: string; closes: string };
/** A day without ranges is closed; a week without any is "no opening hours given". */
export type OpeningHours = Record<Weekday, OpeningRange[]>;

export const MAP_MODES = ["off", "coordinates", "embed"] as const;
export type MapMode = (typeof MAP_MODES)[number];

export type ContactSettings = {
  /** The contact page's introduction (paragraphs separated by blank lines). */
  introduction: string;
  openingHours: OpeningHours;
  /** off: the address with a link to OpenStreetMap; coordinates: an OpenStreetMap embed; embed: `mapEmbedUrl`. */
  map: MapMode;
  latitude: number | null;
  longitude: number | null;
  /** OpenStreetMap's zoom level for the coordinates (1 the world, 19 a building). */
  mapZoom: number;
  /** An https address made to be framed (another map service's embed link). */
  mapEmbedUrl: string;
};

export const CONTACT_LIMITS = { introduction: 2000, rangesPerDay: 3, embedUrl: 2000 } as const;

// The defaults, DEFAULT_CONTACT and DEFAULT_CONTACT_INTRODUCTION, are in `settings.ts` (which
// every page loads) with the other defaults; not re-exported here, as `settings.ts` imports
// this module's types.

export const OPENSTREETMAP = "https://www.openstreetmap.org";

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The map the contact page frames, or null when it shows none: an
 * OpenStreetMap embed around the coordinates (with a marker), or the embed URL.
 * `link` opens the map itself in a new tab.
 */
export function contactMap(
  contact: Pick<ContactSettings, "map" | "latitude" | "longitude" | "mapZoom" | "mapEmbedUrl">,
): { src: string; link: string; origin: string; provider: string } | null {
  if (contact.map === "coordinates") {
    const { latitude: lat, longitude: lon } = contact;
    if (lat === null || lon === null) return null;
    const zoom = Math.min(19, Math.max(1, Math.round(contact.mapZoom)));
    // About 600 by 450 pixels of map at this zoom around the point.
    const halfLon = (360 / 2 ** zoom) * 1.2;
    const halfLat = halfLon * 0.75 * Math.cos((lat * Math.PI) / 180);
    const bbox = [lon - halfLon, lat - halfLat, lon + halfLon, lat + halfLat].map(round).join(",");
    return {
      src: `${OPENSTREETMAP}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${round(lat)},${round(lon)}`,
      link: `${OPENSTREETMAP}/?mlat=${round(lat)}&mlon=${round(lon)}#map=${zoom}/${round(lat)}/${round(lon)}`,
      origin: OPENSTREETMAP,
      provider: "OpenStreetMap",
    };
  }
  if (contact.map === "embed" && contact.mapEmbedUrl) {
    try {
      const url = new URL(contact.mapEmbedUrl);
      if (url.protocol !== "https:") return null;
      return {
        src: url.href,
        link: url.href,
        origin: url.origin,
        provider: url.origin === OPENSTREETMAP ? "OpenStreetMap" : url.hostname,
      };
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether any day has opening hours (else the page and the structured data show none). */
export function hasOpeningHours(hours: OpeningHours): boolean {
  return WEEKDAYS.some((day) => (hours[day]?.length ?? 0) > 0);
}

/** "09:00" as minutes since midnight, or null when it is not a time of day. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
