import type { ReactNode } from "react";
import { TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { bindText, type FormFields } from "#app/lib/use-schema-form.ts";

/** The search overrides with their recommended lengths, and what the form adds (a social image). */
export function SeoCard({
  fields,
  noun,
  descriptionFallback,
  children,
}: {
  fields: FormFields<{ meta_title: string; meta_description: string }>;
  noun: "post" | "page";
  /** What an empty description falls back to ("the excerpt"). */
  descriptionFallback: string;
  children?: ReactNode;
}) {
  const { values } = fields;
  return (
    <Card className="space-y-4">
      <h2 className="text-sm font-semibold">Search and social</h2>
      <TextField
        label="Meta Title"
        {...bindText(fields, "meta_title")}
        hint={`Leave empty to use the ${noun} title. ${values.meta_title.length} characters (50-60 recommended).`}
      />
      <TextAreaField
        label="Meta Description"
        rows={3}
        {...bindText(fields, "meta_description")}
        hint={`Leave empty to use ${descriptionFallback}. ${values.meta_description.length} characters (150-160 recommended).`}
      />
      {children}
    </Card>
  );
}
