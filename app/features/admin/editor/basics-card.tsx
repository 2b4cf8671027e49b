import type { ReactNode } from "react";
import { TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { bindText, type FormFields } from "#app/lib/use-schema-form.ts";
import { EXCERPT_MAX } from "#common/limits.ts";

/**
 * Title and slug (with the URL it gives), and what the form adds below them
 * (a post's excerpt). `noun` names the thing ("Post Title", "The post URL").
 */
export function BasicsCard({
  fields,
  noun,
  urlPrefix,
  onTitle,
  onSlug,
  children,
}: {
  fields: FormFields<{ title: string; slug: string }>;
  noun: "Post" | "Page";
  /** Where the slug goes: "/blog/" for a post, "/" for a page. */
  urlPrefix: string;
  onTitle(title: string): void;
  onSlug(slug: string): void;
  children?: ReactNode;
}) {
  const { values, errors } = fields;
  return (
    <Card className="space-y-5">
      <TextField
        label={`${noun} Title`}
        name="title"
        value={values.title}
        onChange={(e) => onTitle(e.target.value)}
        error={errors.title}
        autoComplete="off"
      />
      <TextField
        label="Slug"
        name="slug"
        value={values.slug}
        onChange={(e) => onSlug(e.target.value)}
        error={errors.slug}
        autoComplete="off"
        spellCheck={false}
        hint={
          <>
            The {noun.toLowerCase()} URL will be{" "}
            <span className="font-mono break-all">
              {urlPrefix}
              {values.slug || "{slug}"}
            </span>
          </>
        }
      />
      {children}
    </Card>
  );
}

/** A post's excerpt, with its count against the limit. */
export function ExcerptField({ fields }: { fields: FormFields<{ excerpt: string }> }) {
  const excerptLength = fields.values.excerpt.length;
  return (
    <TextAreaField
      label="Excerpt"
      rows={3}
      {...bindText(fields, "excerpt")}
      hint={
        <>
          Max {EXCERPT_MAX} characters.{" "}
          <span
            className={
              excerptLength > EXCERPT_MAX ? "font-semibold text-red-700 dark:text-red-400" : ""
            }
          >
            {excerptLength}/{EXCERPT_MAX}
          </span>
        </>
      }
    />
  );
}
