import { BoundField } from "#app/components/ui/bound-field.tsx";
import { FieldError, TextField } from "#app/components/ui/form.tsx";
import { dangerButton, smallButton } from "#app/features/admin/ui.tsx";
import {
  CONTACT_LIMITS,
  contactMap,
  type MapMode,
  type OpeningRange,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from "#common/contact.ts";
import { SelectField } from "./controls.tsx";
import { Group, NumberSetting, type PanelProps, wide } from "./panel-parts.tsx";

const MAP_CHOICES: { value: MapMode; label: string }[] = [
  { value: "off", label: "No map (the address with a link to OpenStreetMap)" },
  { value: "coordinates", label: "OpenStreetMap at these coordinates" },
  { value: "embed", label: "A map from an embed URL" },
];

/** The map's coordinates: each from -limit to limit degrees. */
const COORDINATES = [
  { name: "latitude", label: "Latitude", limit: 90, example: "-6.175392" },
  { name: "longitude", label: "Longitude", limit: 180, example: "106.827153" },
] as const;

const WORKDAYS: Weekday[] = ["tuesday", "wednesday", "thursday", "friday"];

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The time box of one end of an opening period, named for screen readers by its day and period. */
function PeriodTime({
  id,
  end,
  day,
  period,
  value,
  error,
  onChange,
}: {
  /** The period's id (`settings-openingHours-{day}-{index}`). */
  id: string;
  end: "opens" | "closes";
  day: string;
  /** The period's number in its day, from 1. */
  period: number;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      id={`${id}-${end}`}
      name={end}
      type="time"
      label={
        <>
          {end === "opens" ? "Opens" : "Closes"}
          <span className="sr-only">
            {" "}
            on {day}, period {period}
          </span>
        </>
      }
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The Contact tab: the contact page's introduction, opening hours per weekday
 * (none: closed) and its map. Saved as the `contact` section; the server's
 * messages appear at the fields they name ("openingHours.monday.0.closes").
 */
export function ContactPanel(panel: PanelProps<"contact">) {
  const { values, patch, errors } = panel;
  const hours = values.openingHours;
  const setDay = (day: Weekday, ranges: OpeningRange[]) =>
    patch({ openingHours: { ...hours, [day]: ranges } });
  const map = contactMap(values);

  return (
    <div className="space-y-6">
      <BoundField
        form={panel}
        name="introduction"
        label="Contact page introduction"
        hint="Shown under the Contact Us heading. A blank line starts a new paragraph."
        rows={4}
        maxLength={CONTACT_LIMITS.introduction}
      />

      <Group title="Opening Hours">
        <p className={`${wide} text-sm text-slate-600 dark:text-slate-300`}>
          A day without opening periods shows as Closed. With no periods on any day, the contact
          page shows no opening hours. Times use the 24-hour clock; a period ends on the day it
          starts.
        </p>
        {WEEKDAYS.map((day) => {
          const ranges = hours[day] ?? [];
          const name = WEEKDAY_NAMES[day];
          const id = `settings-openingHours-${day}`;
          return (
            <fieldset key={day} className={`${wide} min-w-0`}>
              <legend className="text-sm font-semibold">{name}</legend>
              <FieldError id={`${id}-error`} message={errors[`openingHours.${day}`]} />
              {ranges.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Closed</p>
              ) : (
                <ul className="mt-1 space-y-2">
                  {ranges.map((range, index) => {
                    const path = `openingHours.${day}.${index}`;
                    const update = (patch: Partial<OpeningRange>) =>
                      setDay(
                        day,
                        ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)),
                      );
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a period is its place in the day
                      <li key={index} className="flex flex-wrap items-end gap-3">
                        {(["opens", "closes"] as const).map((end) => (
                          <PeriodTime
                            key={end}
                            id={`${id}-${index}`}
                            end={end}
                            day={name}
                            period={index + 1}
                            value={range[end]}
                            error={errors[`${path}.${end}`]}
                            onChange={(time) => update({ [end]: time })}
                          />
                        ))}
                        <button
                          type="button"
                          className={`${dangerButton} mb-1`}
                          aria-label={`Remove ${name} period ${index + 1}`}
                          onClick={() => {
                            setDay(
                              day,
                              ranges.filter((_, i) => i !== index),
                            );
                            focusSoon(`${id}-add`);
                          }}
                        >
                          Remove
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  id={`${id}-add`}
                  className={smallButton}
                  disabled={ranges.length >= CONTACT_LIMITS.rangesPerDay}
                  onClick={() => {
                    const last = ranges.at(-1);
                    const next = last
                      ? { opens: last.closes, closes: "23:00" }
                      : {
                          opens: "09:00",
                          closes: "17:00",
                        };
                    setDay(day, [...ranges, next]);
                    focusSoon(`${id}-${ranges.length}-opens`);
                  }}
                >
                  Add opening period<span className="sr-only"> on {name}</span>
                </button>
                {day === "monday" ? (
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() =>
                      patch({
                        openingHours: {
                          ...hours,
                          ...Object.fromEntries(
                            WORKDAYS.map((d) => [d, ranges.map((r) => ({ ...r }))]),
                          ),
                        },
                      })
                    }
                  >
                    Copy Monday to Tuesday–Friday
                  </button>
                ) : null}
              </div>
            </fieldset>
          );
        })}
      </Group>

      <Group title="Map">
        <div className={wide}>
          <SelectField
            id="settings-map"
            label="Map on the contact page"
            value={values.map}
            options={MAP_CHOICES}
            error={errors.map}
            onChange={(value) => patch({ map: value as MapMode })}
          />
        </div>
        {values.map === "coordinates" ? (
          <>
            {COORDINATES.map(({ name, label, limit, example }) => (
              <NumberSetting
                key={name}
                panel={panel}
                name={name}
                decimal
                empty={null}
                min={-limit}
                max={limit}
                label={label}
                example={example}
              />
            ))}
            <NumberSetting
              panel={panel}
              name="mapZoom"
              min={1}
              max={19}
              label="Zoom"
              hint="1 shows the world, 19 a single building; 16 shows the streets around."
            />
          </>
        ) : null}
        {values.map === "embed" ? (
          <BoundField
            form={panel}
            name="mapEmbedUrl"
            label="Map embed URL"
            hint="The https address a map service gives for embedding (its share or embed option). Only that site is allowed to show a frame on your pages."
            inputMode="url"
            spellCheck={false}
            className={wide}
          />
        ) : null}
        {map ? (
          <p className={`${wide} text-sm`}>
            <a className="link" href={map.link} target="_blank" rel="noopener noreferrer">
              Check the map on {map.provider}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </Group>
    </div>
  );
}
