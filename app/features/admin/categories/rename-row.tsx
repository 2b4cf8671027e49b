import type { FormEvent, InputHTMLAttributes } from "react";
import { FieldError } from "#app/components/ui/form.tsx";
import { tdClass } from "#app/components/ui/list-parts.tsx";
import { inputClass, RowButton } from "#app/features/admin/ui.tsx";
import { bindText, type FormFields } from "#app/lib/use-schema-form.ts";
import type { Tag } from "#common/types.ts";

export type TaxonomyValues = { name: string; slug: string };

/** One small labelled input of the rename row, with its error. */
function RenameInput({
  id,
  label,
  error,
  ...input
}: { id?: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass} mt-1`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A category or tag row turned into its rename form (Escape or Cancel closes it). */
export function RenameRow({
  item,
  singular,
  fields,
  busy,
  onSubmit,
  onCancel,
}: {
  item: Tag;
  singular: string;
  /** The rename form's fields (ids `{idPrefix}-name`, `{idPrefix}-slug`). */
  fields: FormFields<TaxonomyValues>;
  busy: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onCancel(options: { refocus: boolean }): void;
}) {
  return (
    <tr>
      <td colSpan={3} className={tdClass}>
        <form
          onSubmit={onSubmit}
          aria-label={`Rename ${singular} ${item.name}`}
          className="grid gap-2 sm:grid-cols-2"
          onKeyDown={(e) => {
            if (e.key === "Escape") onCancel({ refocus: false });
          }}
        >
          <RenameInput
            {...bindText(fields, "name")}
            label="Name"
            required
            maxLength={100}
            // The user asked to rename this row: the name takes the focus.
            autoFocus
          />
          <RenameInput
            {...bindText(fields, "slug")}
            label="Slug"
            maxLength={200}
            autoCapitalize="none"
            spellCheck={false}
          />
          <div className="flex gap-2 sm:col-span-2">
            <RowButton type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </RowButton>
            <RowButton onClick={() => onCancel({ refocus: true })}>Cancel</RowButton>
          </div>
        </form>
      </td>
    </tr>
  );
}
