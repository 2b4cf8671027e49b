import { z } from "zod";
import {
  CONTACT_LIMITS,
  type ContactSettings,
  MAP_MODES,
  minutesOf,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from "#common/contact.ts";
import { isHttpsUrl } from "./fields.ts";

/*
 * The settings section `contact` (PUT /api/settings/contact and the admin's
 * Contact tab). Messages name their field by path
 * ("openingHours.monday.0.closes", "latitude").
 */

const time = (what: string) =>
  z
    .string({ error: `${what} must be a time such as 09:00` })
    .trim()
    .refine((value) => minutesOf(value) !== null, `${what} must be a time such as 09:00`);

const RangeSchema = z
  .strictObject(
    { opens: time("Opening time"), closes: time("Closing time") },
    { error: "An opening period must be {opens, closes}" },
  )
  .refine((range) => (minutesOf(range.closes) ?? 0) > (minutesOf(range.opens) ?? 0), {
    path: ["closes"],
    message: "Closing time must be later than the opening time",
  });

const daySchema = (day: Weekday) =>
  z
    .array(RangeSchema, { error: `${WEEKDAY_NAMES[day]} must be a list of opening periods` })
    .max(
      CONTACT_LIMITS.rangesPerDay,
      `${WEEKDAY_NAMES[day]} can have at most ${CONTACT_LIMITS.rangesPerDay} opening periods`,
    )
    .superRefine((ranges, ctx) => {
      const sorted = [...ranges].sort((a, b) => a.opens.localeCompare(b.opens));
      for (let i = 1; i < sorted.length; i += 1) {
        if (sorted[i]!.opens < sorted[i - 1]!.closes) {
          ctx.addIssue({
            code: "custom",
            path: [ranges.indexOf(sorted[i]!), "opens"],
            message: `${WEEKDAY_NAMES[day]}'s opening periods must not overlap`,
          });
        }
      }
    });

const OpeningHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema(day)])) as {
    [D in Weekday]: ReturnType<typeof daySchema>;
  },
  { error: "Opening hours must be an object with a list of periods for each weekday" },
);

const coordinate = (what: string, limit: number) =>
  z
    .number({ error: `${what} must be a number` })
    .min(-limit, `${what} must be between -${limit} and ${limit}`)
    .max(limit, `${what} must be between -${limit} and ${limit}`)
    .nullable();

const EMBED_RULE = "Map embed URL must be an https address";

export const ContactSettingsSchema = z.strictObject({
  introduction: z
    .string({ error: "Introduction must be text" })
    .trim()
    .max(
      CONTACT_LIMITS.introduction,
      `Introduction must be ${CONTACT_LIMITS.introduction} characters or less`,
    ),
  openingHours: OpeningHoursSchema,
  map: z.enum(MAP_MODES, { error: `Map must be one of ${MAP_MODES.join(", ")}` }),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  mapZoom: z
    .number({ error: "Map zoom must be a number" })
    .int("Map zoom must be a whole number")
    .min(1, "Map zoom must be between 1 and 19")
    .max(19, "Map zoom must be between 1 and 19"),
  mapEmbedUrl: z
    .string({ error: EMBED_RULE })
    .trim()
    .max(
      CONTACT_LIMITS.embedUrl,
      `Map embed URL must be ${CONTACT_LIMITS.embedUrl} characters or less`,
    )
    .refine((value) => value === "" || isHttpsUrl(value), EMBED_RULE),
});

/**
 * What the fields cannot say alone, checked on the whole section after a
 * save's fields are merged in: the chosen map needs its coordinates or URL.
 */
export function contactSettingsIssues(contact: ContactSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  if (contact.map === "coordinates") {
    if (contact.latitude === null)
      errors.latitude = "Latitude is required for a map from coordinates";
    if (contact.longitude === null) {
      errors.longitude = "Longitude is required for a map from coordinates";
    }
  }
  if (contact.map === "embed" && !contact.mapEmbedUrl) {
    errors.mapEmbedUrl = "Map embed URL is required for an embedded map";
  }
  return errors;
}
