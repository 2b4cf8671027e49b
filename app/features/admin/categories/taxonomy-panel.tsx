import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { z } from "zod";
import { CategoryInputSchema, TagInputSchema } from "../../../../common/schemas/content.ts";
import { formatNumber } from "../../../../common/text.ts";
import { FieldError, fieldErrors, Spinner, TextField } from "../../../components/ui/form.tsx";
import { ApiError, apiData, failureReason } from "../../../lib/api.ts";
import { FlashBanners, useFlash } from "../flash.tsx";
import {
  Card,
  dangerButton,
  inputClass,
  smallButton,
  TableHead,
  tableClass,
  tdClass,
} from "../ui.tsx";

export type TaxonomyItem = { id: number; name: string; slug: string; postCount?: number };

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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Values = { name: string; slug: string };

/** Client check with the server's schema; a blank slug is left to the server. */
function validate(schema: Kind["schema"], values: Values) {
  const body: Record<string, string> = { name: values.name };
  if (values.slug.trim()) body.slug = values.slug.trim();
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { body, errors: null }
    : { body, errors: fieldErrors(parsed.error.issues) };
}

/** The failure text's end when the server gave no message. */
const TRY_AGAIN = "Please try again.";

function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.errors : {};
}

/** One panel of the Categories screen: list with post counts, add, rename, delete. */
export function TaxonomyPanel({ kind }: { kind: Kind }) {
  const { singular, title, endpoint, schema } = kind;
  const label = capitalise(singular);
  const baseId = useId();
  const [items, setItems] = useState<TaxonomyItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [draft, setDraft] = useState<Values>({ name: "", slug: "" });
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ id: number; values: Values } | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const [busyId, setBusyId] = useState<number | null>(null);
  const flash = useFlash();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoading(true);
      setLoadError(false);
      try {
        setItems(await apiData<TaxonomyItem[]>(endpoint, { signal }));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setLoadError(true);
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [endpoint],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, errors } = validate(schema, draft);
    setDraftErrors(errors ?? {});
    if (errors) {
      flash.clear();
      return;
    }
    setAdding(true);
    try {
      const created = await apiData<TaxonomyItem>(endpoint, { method: "POST", body });
      setItems((list) =>
        [...list, { postCount: 0, ...created }].sort((a, b) => a.name.localeCompare(b.name)),
      );
      setDraft({ name: "", slug: "" });
      flash.showSuccess(`${label} "${created.name}" added`);
    } catch (error) {
      setDraftErrors(apiFieldErrors(error));
      flash.showError(`Failed to add ${singular}. ${failureReason(error) || TRY_AGAIN}`);
    } finally {
      setAdding(false);
    }
  }

  function startEdit(item: TaxonomyItem) {
    setEditErrors({});
    setEditing({ id: item.id, values: { name: item.name, slug: item.slug } });
  }

  async function saveEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing) return;
    const { body, errors } = validate(schema, editing.values);
    setEditErrors(errors ?? {});
    if (errors) return;
    setBusyId(editing.id);
    try {
      const saved = await apiData<TaxonomyItem>(`${endpoint}/${editing.id}`, {
        method: "PUT",
        body,
      });
      setItems((list) =>
        list
          .map((item) => (item.id === saved.id ? { ...item, ...saved } : item))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
      setEditing(null);
      flash.showSuccess(`${label} "${saved.name}" updated`);
      requestAnimationFrame(() => document.getElementById(`${baseId}-rename-${saved.id}`)?.focus());
    } catch (error) {
      setEditErrors(apiFieldErrors(error));
      flash.showError(`Failed to update ${singular}. ${failureReason(error) || TRY_AGAIN}`);
    } finally {
      setBusyId(null);
    }
  }

  async function remove(item: TaxonomyItem) {
    if (!window.confirm(`Are you sure you want to delete this ${singular}?`)) return;
    setBusyId(item.id);
    try {
      await apiData(`${endpoint}/${item.id}`, { method: "DELETE" });
      setItems((list) => list.filter((i) => i.id !== item.id));
      if (editing?.id === item.id) setEditing(null);
      flash.showSuccess(`${label} "${item.name}" deleted`);
    } catch (error) {
      flash.showError(`Failed to delete ${singular}. ${failureReason(error) || TRY_AGAIN}`);
    } finally {
      setBusyId(null);
    }
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
            id={`${baseId}-name`}
            name="name"
            label={`${label} name`}
            required
            maxLength={100}
            value={draft.name}
            error={draftErrors.name}
            onChange={(e) => {
              setDraft((d) => ({ ...d, name: e.target.value }));
              setDraftErrors(({ name: _n, ...rest }) => rest);
            }}
          />
          <TextField
            id={`${baseId}-slug`}
            name="slug"
            label="Slug (optional)"
            maxLength={200}
            value={draft.slug}
            error={draftErrors.slug}
            hint="Leave blank to generate it from the name"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => {
              setDraft((d) => ({ ...d, slug: e.target.value }));
              setDraftErrors(({ slug: _s, ...rest }) => rest);
            }}
          />
          <button type="submit" className="btn-primary sm:mt-6" disabled={adding}>
            {adding ? "Adding..." : `Add ${label}`}
          </button>
        </form>
        <div className="mt-4">
          <FlashBanners flash={flash} />
        </div>
        {loading ? (
          <Spinner label={`Loading ${title.toLowerCase()}...`} />
        ) : loadError ? (
          <div
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p>Failed to load {title.toLowerCase()}. Please try again.</p>
            <button type="button" className={`${smallButton} mt-3`} onClick={() => void load()}>
              Try Again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
            No {title.toLowerCase()} yet. Add the first one above.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">{title}</caption>
              <TableHead
                columns={[
                  "Name",
                  { label: "Posts", className: "text-right" },
                  { label: "Actions", className: "text-right" },
                ]}
              />
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {items.map((item) =>
                  editing?.id === item.id ? (
                    <tr key={item.id}>
                      <td colSpan={3} className={tdClass}>
                        <form
                          onSubmit={saveEdit}
                          aria-label={`Rename ${singular} ${item.name}`}
                          className="grid gap-2 sm:grid-cols-2"
                          onKeyDown={(e) => {
                            if (e.key === "Escape") setEditing(null);
                          }}
                        >
                          <div>
                            <label
                              htmlFor={`${baseId}-edit-name`}
                              className="block text-xs font-medium"
                            >
                              Name
                            </label>
                            <input
                              id={`${baseId}-edit-name`}
                              className={`${inputClass} mt-1`}
                              required
                              maxLength={100}
                              // biome-ignore lint/a11y/noAutofocus: the user asked to rename this row
                              autoFocus
                              value={editing.values.name}
                              aria-invalid={editErrors.name ? true : undefined}
                              aria-describedby={
                                editErrors.name ? `${baseId}-edit-name-error` : undefined
                              }
                              onChange={(e) =>
                                setEditing({
                                  ...editing,
                                  values: { ...editing.values, name: e.target.value },
                                })
                              }
                            />
                            <FieldError
                              id={`${baseId}-edit-name-error`}
                              message={editErrors.name}
                            />
                          </div>
                          <div>
                            <label
                              htmlFor={`${baseId}-edit-slug`}
                              className="block text-xs font-medium"
                            >
                              Slug
                            </label>
                            <input
                              id={`${baseId}-edit-slug`}
                              className={`${inputClass} mt-1`}
                              maxLength={200}
                              autoCapitalize="none"
                              spellCheck={false}
                              value={editing.values.slug}
                              aria-invalid={editErrors.slug ? true : undefined}
                              aria-describedby={
                                editErrors.slug ? `${baseId}-edit-slug-error` : undefined
                              }
                              onChange={(e) =>
                                setEditing({
                                  ...editing,
                                  values: { ...editing.values, slug: e.target.value },
                                })
                              }
                            />
                            <FieldError
                              id={`${baseId}-edit-slug-error`}
                              message={editErrors.slug}
                            />
                          </div>
                          <div className="flex gap-2 sm:col-span-2">
                            <button
                              type="submit"
                              className={smallButton}
                              disabled={busyId === item.id}
                            >
                              {busyId === item.id ? "Saving..." : "Save"}
                            </button>
                            <button
                              type="button"
                              className={smallButton}
                              onClick={() => {
                                setEditing(null);
                                requestAnimationFrame(() =>
                                  document.getElementById(`${baseId}-rename-${item.id}`)?.focus(),
                                );
                              }}
                            >
                              Cancel
                            </button>
                          </div>
                        </form>
                      </td>
                    </tr>
                  ) : (
                    <tr key={item.id}>
                      <td className={tdClass}>
                        <p className="font-medium break-words">{item.name}</p>
                        <p className="text-xs break-all text-slate-600 dark:text-slate-300">
                          {item.slug}
                        </p>
                      </td>
                      <td className={`${tdClass} text-right tabular-nums`}>
                        <span className="sr-only">{item.name}: </span>
                        {formatNumber(item.postCount)}
                        <span className="sr-only"> posts</span>
                      </td>
                      <td className={`${tdClass} text-right`}>
                        <div className="inline-flex flex-col items-stretch gap-2 sm:flex-row">
                          <button
                            id={`${baseId}-rename-${item.id}`}
                            type="button"
                            className={smallButton}
                            aria-label={`Rename ${singular} ${item.name}`}
                            onClick={() => startEdit(item)}
                          >
                            Rename
                          </button>
                          <button
                            type="button"
                            className={dangerButton}
                            aria-label={`Delete ${singular} ${item.name}`}
                            disabled={busyId === item.id}
                            onClick={() => void remove(item)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
