import { EXCERPT_MAX } from "../../../../common/limits.ts";
import { TextAreaField, TextField } from "../../../components/ui/form.tsx";
import { Card } from "../ui.tsx";
import { bindText, type EditorFields } from "./field-binding.ts";

/** Title, slug (with the URL it gives) and excerpt (with its count). */
export function BasicsCard({
  fields,
  onTitle,
  onSlug,
}: {
  fields: EditorFields;
  onTitle(title: string): void;
  onSlug(slug: string): void;
}) {
  const { values, errors } = fields;
  const excerptLength = values.excerpt.length;
  return (
    <Card className="space-y-5">
      <TextField
        label="Post Title"
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
            The post URL will be{" "}
            <span className="font-mono break-all">/blog/{values.slug || "{slug}"}</span>
          </>
        }
      />
      <TextAreaField
        label="Excerpt"
        rows={3}
        {...bindText(fields, "excerpt", "excerpt")}
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
    </Card>
  );
}
