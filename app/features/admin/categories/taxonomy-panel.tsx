import { useId, useState } from "react";
import type { z } from "zod";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { TextField } from "#app/components/ui/form.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { Card, RowButton } from "#app/features/admin/ui.tsx";
import { apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { bindText, useSchemaForm } from "#app/lib/use-schema-form.ts";
import { CategoryInputSchema, TagInputSchema } from "#common/schemas/content.ts";
import { capitalise, formatNumber } from "#common/text.ts";
import type { Tag } from "#common/types.ts";
import { RenameRow, type TaxonomyValues } from "./rename-row.tsx";

type Kind = {
  /** "category" or "tag": used in every text. */
  singular: string;
  title: string;
  endpoint: string;
  schema: z.ZodType<unknown>;
};

export const TAXONOMIES = {
  categories: {
    singular: "category",
    title: "Categories",
    endpoint: "/blog/categories",
    schema: CategoryInputSchema,
  },
  tags: { singular: "tag", title: "Tags", endpoint: "/blog/tags", schema: TagInputSchema },
} satisfies Record<string, Kind>;

const EMPTY: TaxonomyValues = { name: "", slug: "" };

/** What is sent (and checked with the server's schema): a blank slug is left to the server. */
function toBody(values: TaxonomyValues) {
  const body: Record<string, string> = { name: values.name };
  if (values.slug.trim()) body.slug = values.slug.trim();
  return body;
}

/** One panel of the Categories screen: list with post counts, add, rename, delete. */
export function TaxonomyPanel({ kind }: { kind: Kind }) {
  const { singular, title, endpoint, schema } = kind;
  const label = capitalise(singular);
  const baseId = useId();
  const { data, loading, error, reload, setData } = useApiQuery<Tag[]>(endpoint);
  const items = data ?? [];
  const loadError = !!error;
  const draft = useSchemaForm(schema, EMPTY, { idPrefix: baseId, toInput: toBody });
  const [editing, setEditing] = useState<number | null>(null);
  const edit = useSchemaForm(schema, EMPTY, { idPrefix: `${baseId}-edit`, toInput: toBody });
  const mutation = useApiMutation();
  const flash = useFlash();
  const focusRename = (id: number) =>
    requestAnimationFrame(() => document.getElementById(`${baseId}-rename-${id}`)?.focus());
  const sorted = (list: Tag[]) => list.sort((a, b) => a.name.localeCompare(b.name));

  const add = draft.submit(async () => {
    await mutation.run(
      async () => {
        const created = await apiData<Tag>(endpoint, {
          method: "POST",
          body: toBody(draft.values),
        });
        setData((list) => sorted([...(list ?? []), { postCount: 0, ...created }]));
        draft.reset(EMPTY);
        flash.showSuccess(`${label} "${created.name}" added`);
      },
      {
        key: "add",
        onError(error) {
          draft.showErrors(error);
          flash.showError(failureText(`Failed to add ${singular}.`, error));
        },
      },
    );
  }, flash.clear);

  function startEdit(item: Tag) {
    edit.reset({ name: item.name, slug: item.slug });
    setEditing(item.id);
  }

  const saveEdit = edit.submit(async () => {
    if (editing === null) return;
    await mutation.run(
      async () => {
        const saved = await apiData<Tag>(`${endpoint}/${editing}`, {
          method: "PUT",
          body: toBody(edit.values),
        });
        setData(
          (list) =>
            list &&
            sorted(list.map((item) => (item.id === saved.id ? { ...item, ...saved } : item))),
        );
        setEditing(null);
        flash.showSuccess(`${label} "${saved.name}" updated`);
        focusRename(saved.id);
      },
      {
        key: editing,
        onError(error) {
          edit.showErrors(error);
          flash.showError(failureText(`Failed to update ${singular}.`, error));
        },
      },
    );
  });

  async function remove(item: Tag) {
    if (!window.confirm(`Are you sure you want to delete this ${singular}?`)) return;
    await mutation.run(
      async () => {
        await apiData(`${endpoint}/${item.id}`, { method: "DELETE" });
        setData((list) => list?.filter((i) => i.id !== item.id) ?? list);
        if (editing === item.id) setEditing(null);
        flash.showSuccess(`${label} "${item.name}" deleted`);
      },
      {
        key: item.id,
        onError: (error) => flash.showError(failureText(`Failed to delete ${singular}.`, error)),
      },
    );
  }

  const headingId = `${baseId}-heading`;
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
          {!loading && !loadError ? (
            <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
              ({items.length})
            </span>
          ) : null}
        </h2>
        <form onSubmit={add} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <TextField
            {...bindText(draft, "name")}
            label={`${label} name`}
            required
            maxLength={100}
          />
          <TextField
            {...bindText(draft, "slug")}
            label="Slug (optional)"
            maxLength={200}
            hint="Leave blank to generate it from the name"
            autoCapitalize="none"
            spellCheck={false}
          />
          <button type="submit" className="btn-primary sm:mt-6" disabled={mutation.isBusy("add")}>
            {mutation.isBusy("add") ? "Adding..." : `Add ${label}`}
          </button>
        </form>
        <div className="mt-4">
          <FlashBanners flash={flash} />
        </div>
        <DataTable
          label={`Table of ${title.toLowerCase()}`}
          framed={false}
          rows={items}
          rowId={(item) => item.id}
          loading={loading}
          error={loadError ? `Failed to load ${title.toLowerCase()}. Please try again.` : ""}
          onRetry={reload}
          empty={`No ${title.toLowerCase()} yet. Add the first one above.`}
          spinner={`Loading ${title.toLowerCase()}...`}
          replaceRow={(item) =>
            editing === item.id ? (
              <RenameRow
                item={item}
                singular={singular}
                fields={edit}
                busy={mutation.isBusy(item.id)}
                onSubmit={saveEdit}
                onCancel={({ refocus }) => {
                  setEditing(null);
                  if (refocus) focusRename(item.id);
                }}
              />
            ) : null
          }
          columns={[
            {
              header: "Name",
              cell: (item) => (
                <>
                  <p className="font-medium break-words">{item.name}</p>
                  <p className="text-xs break-all text-slate-600 dark:text-slate-300">
                    {item.slug}
                  </p>
                </>
              ),
            },
            {
              header: "Posts",
              className: "text-right",
              cellClassName: "text-right tabular-nums",
              cell: (item) => (
                <>
                  <span className="sr-only">{item.name}: </span>
                  {formatNumber(item.postCount)}
                  <span className="sr-only"> posts</span>
                </>
              ),
            },
            {
              header: "Actions",
              className: "text-right",
              cell: (item) => (
                <div className="inline-flex flex-col items-stretch gap-2 sm:flex-row">
                  <RowButton
                    id={`${baseId}-rename-${item.id}`}
                    aria-label={`Rename ${singular} ${item.name}`}
                    onClick={() => startEdit(item)}
                  >
                    Rename
                  </RowButton>
                  <RowButton
                    danger
                    aria-label={`Delete ${singular} ${item.name}`}
                    disabled={mutation.isBusy(item.id)}
                    onClick={() => void remove(item)}
                  >
                    Delete
                  </RowButton>
                </div>
              ),
            },
          ]}
        />
      </section>
    </Card>
  );
}
