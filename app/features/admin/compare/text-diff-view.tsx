import { useState } from "react";
import { type DiffField, type DiffPart, diffText, isChanged } from "./text-diff.ts";

const ADDED = "rounded bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100";
const REMOVED = "rounded bg-red-100 text-red-900 line-through dark:bg-red-900 dark:text-red-100";

function Parts({ parts, show }: { parts: DiffPart[]; show: "both" | "before" | "after" }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.change === "added") {
          if (show === "before") return null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <ins key={index} className={`${ADDED} no-underline`}>
              {part.text}
            </ins>
          );
        }
        if (part.change === "removed") {
          if (show === "after") return null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <del key={index} className={REMOVED}>
              {part.text}
            </del>
          );
        }
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
        return <span key={index}>{part.text}</span>;
      })}
    </>
  );
}

const TEXT_BOX =
  "whitespace-pre-wrap rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700";

/** One side of a field shown side by side: its label over its text. */
function Side({
  label,
  parts,
  show,
}: {
  label: string;
  parts: DiffPart[];
  show: "before" | "after";
}) {
  return (
    <div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <p className={TEXT_BOX}>
        <Parts parts={parts} show={show} />
      </p>
    </div>
  );
}

/** The two ways Compare shows a field: one text with its changes marked, or before beside after. */
const DIFF_MODES = [
  { value: "inline", label: "Inline" },
  { value: "side-by-side", label: "Side by side" },
] as const;
type DiffMode = (typeof DIFF_MODES)[number]["value"];

/**
 * A readable difference of a document's fields: inline (removed words struck
 * through, added words marked) or side by side. `beforeLabel`/`afterLabel`
 * name the two sides ("Revision of 10:42" / "Current version", "Theirs" / "Yours").
 */
export function TextDiffView({
  fields,
  beforeLabel,
  afterLabel,
}: {
  fields: DiffField[];
  beforeLabel: string;
  afterLabel: string;
}) {
  const [mode, setMode] = useState<DiffMode>("inline");
  const changed = fields.filter(isChanged);
  return (
    <div className="space-y-4" data-testid="text-diff">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {changed.length === 0
            ? "No differences."
            : `${changed.length} changed ${changed.length === 1 ? "field" : "fields"}.`}
        </p>
        <fieldset className="flex gap-3 text-sm">
          <legend className="sr-only">Compare view</legend>
          {DIFF_MODES.map(({ value, label }) => (
            <label key={value} className="flex items-center gap-1">
              <input
                type="radio"
                name="diff-mode"
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      {changed.map((field) => {
        const parts = diffText(field.before, field.after);
        return (
          <section key={field.label} aria-label={field.label}>
            <h3 className="mb-1 text-sm font-semibold">{field.label}</h3>
            {mode === "inline" ? (
              <p className={TEXT_BOX}>
                <Parts parts={parts} show="both" />
              </p>
            ) : (
              <div className="grid gap-2 md:grid-cols-2">
                <Side label={beforeLabel} parts={parts} show="before" />
                <Side label={afterLabel} parts={parts} show="after" />
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
