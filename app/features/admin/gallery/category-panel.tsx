import { useId, useState } from "react";
import { TextField } from "#app/components/ui/form.tsx";
import { Card, dangerButton } from "#app/features/admin/ui.tsx";
import { ApiError, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { bindText, useSchemaForm } from "#app/lib/use-schema-form.ts";
import { GalleryCategoryInputSchema } from "#common/schemas/content.ts";
import type { GalleryCategory } from "#common/types.ts";
import { createCategory, deleteCategory, IMAGE_TEXT } from "./gallery-api.ts";

/** Gallery categories: a list with delete and a one-field add form. */
export function CategoryPanel({
  categories,
  onChange,
  onMessage,
}: {
  categories: GalleryCategory[];
  onChange: (next: GalleryCategory[]) => void;
  onMessage: (kind: "success" | "error", text: string) => void;
}) {
  const id = useId();
  const form = useSchemaForm(GalleryCategoryInputSchema, { name: "" }, { idPrefix: id });
  const [failure, setFailure] = useState("");
  const mutation = useApiMutation();
  const busy = mutation.busy;

  const add = form.submit(async (data) => {
    await mutation.run(
      async () => {
        const created = await createCategory(data.name);
        onChange([...categories, created]);
        form.reset({ name: "" });
        setFailure("");
        onMessage("success", `Gallery category "${created.name}" added`);
      },
      {
        onError(e) {
          const field = e instanceof ApiError ? (e.errors.name ?? e.errors.slug) : undefined;
          setFailure(field || failureText("", e, { otherwise: IMAGE_TEXT.addCategoryFailed }));
        },
      },
    );
  });

  async function remove(category: GalleryCategory) {
    if (!window.confirm(IMAGE_TEXT.confirmDeleteCategory)) return;
    await mutation.run(
      async () => {
        await deleteCategory(category.id);
        onChange(categories.filter((c) => c.id !== category.id));
        onMessage("success", `Gallery category "${category.name}" deleted`);
      },
      {
        onError: (e) =>
          onMessage("error", failureText("Failed to delete the gallery category.", e)),
      },
    );
  }

  return (
    <Card className="mb-6">
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Gallery categories
        </h2>
        {categories.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            No gallery categories yet.
          </p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Gallery categories">
            {categories.map((c) => (
              <li
                key={c.id}
                className="inline-flex items-center gap-2 rounded-full border border-slate-300 py-1 pr-1 pl-3 text-sm dark:border-slate-600"
              >
                {c.name}
                <button
                  type="button"
                  className={`${dangerButton} rounded-full`}
                  disabled={busy}
                  aria-label={`Delete gallery category ${c.name}`}
                  onClick={() => void remove(c)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} className="mt-4 flex flex-wrap items-start gap-2">
          <TextField
            {...bindText(form, "name")}
            label="New category name"
            required
            maxLength={100}
            error={form.errors.name || failure || undefined}
            className="min-w-0 flex-1 basis-56"
            onChange={(e) => {
              form.set("name", e.target.value);
              setFailure("");
            }}
          />
          <button type="submit" className="btn-outline sm:mt-6" disabled={busy}>
            Add Category
          </button>
        </form>
      </section>
    </Card>
  );
}
