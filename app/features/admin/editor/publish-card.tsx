import type { ReactNode } from "react";
import { FieldError, TextField } from "#app/components/ui/form.tsx";
import { fromLocalInput } from "#app/features/admin/posts/post-helpers.ts";
import { Card, inputClass } from "#app/features/admin/ui.tsx";
import { bindText, type FormFields } from "#app/lib/use-schema-form.ts";

/**
 * Status and publish date (a future date schedules), and what the form adds
 * below them (a post's featured flag, a page's "hide from search engines").
 */
export function PublishCard<S extends string>({
  fields,
  statuses,
  noun,
  children,
}: {
  fields: FormFields<{ status: S; published_at: string }>;
  statuses: readonly { value: S; label: string }[];
  noun: "post" | "page";
  children?: ReactNode;
}) {
  const { values, errors, set } = fields;
  const date = fromLocalInput(values.published_at);
  const future = !!date && new Date(date) > new Date();
  const hint =
    values.status !== "draft" && future
      ? `A future date: the ${noun} will show as Scheduled and go live then.`
      : values.status === "scheduled"
        ? `Choose the date and time the ${noun} goes live.`
        : `Leave empty to publish now. A future date schedules the ${noun}.`;
  return (
    <Card className="space-y-4">
      <div>
        <label htmlFor="field-status" className="block text-sm font-medium">
          Status
        </label>
        <select
          id="field-status"
          name="status"
          value={values.status}
          onChange={(e) => set("status", e.target.value as S)}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? "field-status-error" : undefined}
          className={`mt-1 ${inputClass}`}
        >
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
        <FieldError id="field-status-error" message={errors.status} />
      </div>
      <TextField
        label="Publish Date"
        type="datetime-local"
        {...bindText(fields, "published_at")}
        hint={hint}
      />
      {children}
    </Card>
  );
}
