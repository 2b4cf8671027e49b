import { useState } from "react";
import { BoundField } from "#app/components/ui/bound-field.tsx";
import { dangerButton, inputClass, smallButton } from "#app/features/admin/ui.tsx";
import { failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { GalleryImageInputSchema } from "#common/schemas/content.ts";
import type { GalleryCategory, GalleryImage } from "#common/types.ts";
import { CategoryOptions } from "./category-options.tsx";
import { IMAGE_TEXT, type ImageValues } from "./gallery-api.ts";

/** One image of the ordered gallery list: view, inline edit, move and delete. */
export function ImageItem({
  image,
  position,
  total,
  categories,
  busy,
  onMove,
  onSave,
  onDelete,
}: {
  image: GalleryImage;
  position: number;
  total: number;
  categories: GalleryCategory[];
  busy: boolean;
  onMove: (image: GalleryImage, direction: -1 | 1) => void;
  onSave: (image: GalleryImage, values: ImageValues) => Promise<void>;
  onDelete: (image: GalleryImage) => void;
}) {
  const [editing, setEditing] = useState(false);
  const prefix = `image-${image.id}`;
  const form = useSchemaForm(GalleryImageInputSchema, () => valuesOf(image), {
    idPrefix: prefix,
    toInput: (values) => ({ ...values, url: image.url }),
  });
  const { values, errors } = form;
  const [failure, setFailure] = useState("");
  const mutation = useApiMutation();
  const saving = mutation.busy;

  function startEdit() {
    form.reset(valuesOf(image));
    setFailure("");
    setEditing(true);
  }

  function stopEdit() {
    setEditing(false);
    requestAnimationFrame(() => document.getElementById(`${prefix}-edit`)?.focus());
  }

  const submit = form.submit(async (data) => {
    setFailure("");
    await mutation.run(
      async () => {
        await onSave(image, {
          title: data.title,
          description: data.description,
          alt: data.alt ?? "",
          category_id: data.category_id ?? null,
        });
        stopEdit();
      },
      {
        onError: (error) => {
          if (!form.showErrors(error))
            setFailure(failureText("", error, { otherwise: IMAGE_TEXT.saveFailed }));
        },
      },
    );
  });

  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row dark:border-slate-800 dark:bg-slate-900">
      <div className="shrink-0">
        <img
          src={image.thumbnail || image.url}
          alt={image.alt || image.title}
          loading="lazy"
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          className="h-28 w-full rounded-lg bg-slate-100 object-cover sm:w-40 dark:bg-slate-800"
        />
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
          Position {position} of {total}
        </p>
      </div>
      {editing ? (
        <form
          onSubmit={submit}
          className="grid min-w-0 flex-1 gap-3 md:grid-cols-2"
          aria-label={`Edit ${image.title}`}
        >
          <BoundField form={form} name="title" label="Title" required maxLength={200} />
          <BoundField
            form={form}
            name="alt"
            label="Alt text"
            maxLength={300}
            hint="Describes the image for people who cannot see it"
          />
          <BoundField
            form={form}
            name="description"
            label="Description"
            rows={2}
            maxLength={2000}
            className="md:col-span-2"
          />
          <div>
            <label htmlFor={`${prefix}-category`} className="block text-sm font-medium">
              Category
            </label>
            <select
              id={`${prefix}-category`}
              className={`${inputClass} mt-1`}
              value={values.category_id ?? ""}
              onChange={(e) =>
                form.set("category_id", e.target.value ? Number(e.target.value) : null)
              }
            >
              <CategoryOptions categories={categories} />
            </select>
            {errors.category_id ? (
              <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.category_id}</p>
            ) : null}
          </div>
          {failure || errors.url ? (
            <p role="alert" className="text-sm text-red-700 md:col-span-2 dark:text-red-400">
              {failure || errors.url}
            </p>
          ) : null}
          <div className="flex flex-wrap items-end gap-2 md:col-span-2">
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? "Saving..." : "Save Image"}
            </button>
            <button type="button" className="btn-outline" onClick={stopEdit} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">{image.title}</h3>
          {image.description ? (
            <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-200">
              {image.description}
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-300">Alt text</dt>
            <dd className="min-w-0 break-words">{image.alt || image.title}</dd>
            <dt className="text-slate-600 dark:text-slate-300">Category</dt>
            <dd>{image.category?.name ?? "None"}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              id={`${prefix}-up`}
              className={smallButton}
              disabled={busy || position === 1}
              aria-label={`Move ${image.title} up`}
              onClick={() => onMove(image, -1)}
            >
              ↑ Up
            </button>
            <button
              type="button"
              id={`${prefix}-down`}
              className={smallButton}
              disabled={busy || position === total}
              aria-label={`Move ${image.title} down`}
              onClick={() => onMove(image, 1)}
            >
              ↓ Down
            </button>
            <button
              type="button"
              id={`${prefix}-edit`}
              className={smallButton}
              aria-label={`Edit ${image.title}`}
              onClick={startEdit}
            >
              Edit
            </button>
            <button
              type="button"
              className={dangerButton}
              disabled={busy}
              aria-label={`Delete ${image.title}`}
              onClick={() => onDelete(image)}
            >
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function valuesOf(image: GalleryImage): ImageValues {
  return {
    title: image.title,
    description: image.description ?? "",
    alt: image.alt ?? "",
    category_id: image.category_id,
  };
}
