import { FieldError, TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { dangerButton, smallButton } from "#app/features/admin/ui.tsx";
import { bindText } from "#app/lib/use-schema-form.ts";
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
import { bindNumber, Group, type PanelProps, wide } from "./panel-parts.tsx";

const MAP_CHOICES: { value: MapMode; label: string }[] = [
  { value: "off", label: "No map (the address with a link to OpenStreetMap)" },
  { value: "coordinates", label: "OpenStreetMap at these coordinates" },
  { value: "embed", label: "A map from an embed URL" },
];

const WORKDAYS: Weekday[] = ["tuesday", "wednesday", "thursday", "friday"];

/** A number box whose empty value is null (and whose other values the server checks). */
function _numberValue(text: string): number | null {
  if (text.trim() === "") return null;
  return Number(text);
}

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
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
      <TextAreaField
        {...bindText(panel, "introduction")}
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
                        <TextField
                          id={`${id}-${index}-opens`}
                          name="opens"
                          type="time"
                          label={
                            <>
                              Opens
                              <span className="sr-only">
                                {" "}
                                on {name}, period {index + 1}
                              </span>
                            </>
                          }
                          value={range.opens}
                          error={errors[`${path}.opens`]}
                          onChange={(event) => update({ opens: event.target.value })}
                        />
                        <TextField
                          id={`${id}-${index}-closes`}
                          name="closes"
                          type="time"
                          label={
                            <>
                              Closes
                              <span className="sr-only">
                                {" "}
                                on {name}, period {index + 1}
                              </span>
                            </>
                          }
                          value={range.closes}
                          error={errors[`${path}.closes`]}
                          onChange={(event) => update({ closes: event.target.value })}
                        />
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
            <TextField
              {...bindNumber(panel, "latitude", null)}
              inputMode="decimal"
              step="any"
              min={-90}
              max={90}
              label="Latitude"
              hint="Between -90 and 90, e.g. -6.175392"
            />
            <TextField
              {...bindNumber(panel, "longitude", null)}
              inputMode="decimal"
              step="any"
              min={-180}
              max={180}
              label="Longitude"
              hint="Between -180 and 180, e.g. 106.827153"
            />
            <TextField
              {...bindNumber(panel, "mapZoom")}
              inputMode="numeric"
              min={1}
              max={19}
              step={1}
              label="Zoom"
              hint="1 shows the world, 19 a single building; 16 shows the streets around."
            />
          </>
        ) : null}
        {values.map === "embed" ? (
          <TextField
            {...bindText(panel, "mapEmbedUrl")}
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
