import { FieldError, TextField } from "#app/components/ui/form.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { bindText, type FormFields } from "#app/lib/use-schema-form.ts";
import type { Category } from "#common/types.ts";
import type { PostFormValues } from "./post-form-values.ts";

/*
 * The parts of the editor only posts have; the cards posts and pages share
 * are publish-card.tsx, featured-image-card.tsx, seo-card.tsx,
 * basics-card.tsx and content-card.tsx.
 */

/** The featured flag (in the publish card): editors and admins only. */
export function FeaturedFlag({
  fields,
  mayFeature,
}: {
  fields: FormFields<PostFormValues>;
  mayFeature: boolean;
}) {
  const { values, errors, set } = fields;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id="field-featured"
          type="checkbox"
          name="isFeatured"
          checked={values.isFeatured}
          disabled={!mayFeature}
          onChange={(e) => set("isFeatured", e.target.checked)}
          aria-describedby={
            mayFeature ? "field-featured-hint" : "field-featured-hint field-featured-role"
          }
          className="mt-1 h-4 w-4"
        />
        <label htmlFor="field-featured" className="text-sm font-medium">
          Featured Post
        </label>
      </div>
      <p
        id="field-featured-hint"
        lang="id"
        className="mt-1 text-xs text-slate-600 dark:text-slate-400"
      >
        Postingan unggulan akan ditampilkan di bagian khusus pada halaman beranda.
      </p>
      {mayFeature ? null : (
        <p id="field-featured-role" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Only editors and admins can feature posts.
        </p>
      )}
      <FieldError id="field-featured-error" message={errors.isFeatured} />
    </div>
  );
}

/** Categories (checkboxes) and tags (comma-separated). */
export function TaxonomyCard({
  fields,
  categories,
  mayCreateTags,
}: {
  fields: FormFields<PostFormValues>;
  categories: Category[] | null;
  mayCreateTags: boolean;
}) {
  const { values, errors, set } = fields;
  return (
    <Card className="space-y-4">
      <fieldset
        id="field-categories"
        aria-describedby={errors.categories ? "field-categories-error" : undefined}
      >
        <legend className="text-sm font-medium">Categories</legend>
        {categories === null ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Loading categories...</p>
        ) : (
          <ul className="mt-2 space-y-1.5">
            {categories.map((category) => (
              <li key={category.id} className="flex items-center gap-2">
                <input
                  id={`category-${category.id}`}
                  type="checkbox"
                  checked={values.categories.includes(category.name)}
                  onChange={(e) =>
                    set(
                      "categories",
                      e.target.checked
                        ? [...values.categories, category.name]
                        : values.categories.filter((n) => n !== category.name),
                    )
                  }
                  className="h-4 w-4"
                />
                <label htmlFor={`category-${category.id}`} className="text-sm">
                  {category.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        <FieldError id="field-categories-error" message={errors.categories} />
      </fieldset>
      <TextField
        label="Tags"
        {...bindText(fields, "tags")}
        placeholder="design, marketing"
        hint={
          mayCreateTags
            ? "Separate tags with commas."
            : "Separate tags with commas. Use existing tags: only editors and admins can create new ones."
        }
        autoComplete="off"
      />
    </Card>
  );
}

/** The social image override (in the search and social card). */
export function SocialImageField({ fields }: { fields: FormFields<PostFormValues> }) {
  return (
    <TextField
      label="Social Image URL"
      {...bindText(fields, "og_image")}
      hint="Leave empty to use the featured image. 1200x630 pixels recommended."
    />
  );
}
