import { useId, useState } from "react";
import { FieldError } from "#app/components/ui/form.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import type { FormFields } from "#app/lib/use-schema-form.ts";
// ".client": TipTap stays out of the server build (the editor only ever renders in the browser).
import { RichTextEditor } from "./rich-text-editor.client.tsx";

const MODES = [
  { html: false, label: "Rich Text Editor" },
  { html: true, label: "HTML Editor" },
];

/** A post's or a page's content: the rich-text editor, or its HTML for those who want it. */
export function ContentCard({ fields }: { fields: FormFields<{ content: string }> }) {
  const { values, errors, set } = fields;
  const [htmlMode, setHtmlMode] = useState(false);
  const labelId = useId();
  const onContent = (html: string) => set("content", html);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="block text-sm font-medium">
          Content
        </span>
        <fieldset className="inline-flex min-w-0 rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
          <legend className="sr-only">Editor mode</legend>
          {MODES.map((mode) => (
            <button
              key={mode.label}
              type="button"
              aria-pressed={htmlMode === mode.html}
              onClick={() => setHtmlMode(mode.html)}
              className={`rounded px-3 py-1 text-xs font-medium ${
                htmlMode === mode.html
                  ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900"
                  : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
              }`}
            >
              {mode.label}
            </button>
          ))}
        </fieldset>
      </div>
      {htmlMode ? (
        <>
          <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            You are editing HTML directly. Be careful with your markup.
          </p>
          <textarea
            id="field-content"
            name="content"
            aria-labelledby={labelId}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? "field-content-error" : undefined}
            rows={16}
            spellCheck={false}
            value={values.content}
            onChange={(e) => onContent(e.target.value)}
            className={`mt-2 block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
              errors.content ? "border-red-600" : "border-slate-300 dark:border-slate-600"
            }`}
          />
        </>
      ) : (
        <RichTextEditor
          id="field-content"
          labelledBy={labelId}
          describedBy={errors.content ? "field-content-error" : undefined}
          invalid={!!errors.content}
          value={values.content}
          onChange={onContent}
        />
      )}
      <FieldError id="field-content-error" message={errors.content} />
    </Card>
  );
}
