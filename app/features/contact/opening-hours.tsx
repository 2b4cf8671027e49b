import { type OpeningHours, WEEKDAY_NAMES, WEEKDAYS } from "#common/contact.ts";

/** Each weekday with its opening periods in the order of the day, or "Closed". */
export function OpeningHoursList({
  hours,
  labelledBy,
}: {
  hours: OpeningHours;
  labelledBy: string;
}) {
  return (
    <dl
      aria-labelledby={labelledBy}
      className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-200"
    >
      {WEEKDAYS.map((day) => {
        const ranges = [...(hours[day] ?? [])].sort((a, b) => a.opens.localeCompare(b.opens));
        return (
          <div key={day} className="contents">
            <dt className="font-medium">{WEEKDAY_NAMES[day]}</dt>
            <dd>
              {ranges.length === 0
                ? "Closed"
                : ranges.map((range) => `${range.opens}–${range.closes}`).join(", ")}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
