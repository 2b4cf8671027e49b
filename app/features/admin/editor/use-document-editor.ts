import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useDocumentSafety } from "#app/features/admin/autosave/use-document-safety.tsx";
import { api, apiData, failureText } from "#app/lib/api.ts";
import type { SchemaForm } from "#app/lib/use-schema-form.ts";
import { useLeaveGuard } from "./use-leave-guard.ts";

type Doc = { id: number; version: number; updated_at: string };

/**
 * What the post and page editors share around their form: the document's
 * safety (autosave, restore offer, presence, edit conflict: `safety.panel`
 * and `safety.indicator`) and its save: `send` PUTs the document (with the
 * version the safety holds) or POSTs a new one, then goes back to the list
 * with a notice; a failure shows the banner and the field errors, unless it
 * is an edit conflict, which the safety panel shows. Leaving with unsaved
 * changes asks first, except after a save.
 */
export function useDocumentEditor<D extends Doc, V extends Record<string, unknown>>({
  noun,
  endpoint,
  readPath,
  doc,
  form,
  valuesOf,
  enabled = true,
  fill = form.fill,
  resave,
}: {
  noun: "post" | "page";
  /** The API's collection ("/blog/posts"): POST creates, `{endpoint}/{id}` is PUT. */
  endpoint: string;
  /** Where the stored document is read (their version in a conflict). */
  readPath(id: number): string;
  /** The document; null creates one. */
  doc: D | null;
  form: SchemaForm<V, unknown>;
  /** The stored document as form values. */
  valuesOf(doc: D): V;
  /** Off for a reader who may not change the document. */
  enabled?: boolean;
  /** Puts restored or their fields in the form (default: `form.fill`). */
  fill?(fields: Partial<V>): void;
  /** Save again (Keep mine in a conflict). */
  resave(): void;
}) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const saved = useRef(false);
  useLeaveGuard(form.dirty, saved);
  const safety = useDocumentSafety({
    kind: noun,
    noun,
    doc,
    values: form.values,
    dirty: form.dirty,
    enabled,
    fill,
    adopt: form.reset,
    async loadTheirs() {
      const theirs = await apiData<D>(readPath(doc!.id));
      return { values: valuesOf(theirs), version: theirs.version };
    },
    resave,
  });
  const id = doc?.id ?? null;
  const Noun = noun === "post" ? "Post" : "Page";

  async function send(body: object) {
    setSaving(true);
    try {
      if (id !== null) {
        const version = safety.version;
        await api(`${endpoint}/${id}`, {
          method: "PUT",
          body: version ? { ...body, version } : body,
        });
      } else {
        await api(endpoint, { method: "POST", body });
      }
      saved.current = true;
      safety.saved();
      navigate(`/admin/${noun}s`, {
        state: { notice: `${Noun} ${id !== null ? "updated" : "created"} successfully!` },
      });
    } catch (error) {
      setSaving(false);
      if (safety.saveFailed(error)) return;
      setBanner(failureText(`Failed to save ${noun}:`, error));
      // A 400's and a 409's field messages (the slug taken) next to their fields.
      form.showErrors(error);
    }
  }

  return { safety, saving, banner, setBanner, send };
}
