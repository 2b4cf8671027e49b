import { HONEYPOT_FIELD } from "#common/rules.ts";

/**
 * A field for robots: off-screen, out of the tab order, hidden from screen
 * readers and never autofilled, so a person leaves it empty. The server
 * answers a request that fills it as a success and stores nothing.
 */
export function Honeypot({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (value: string) => void;
}) {
  const id = `${HONEYPOT_FIELD}-field`;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        {...(onChange
          ? { value: value ?? "", onChange: (e) => onChange(e.target.value) }
          : { defaultValue: "" })}
      />
    </div>
  );
}
