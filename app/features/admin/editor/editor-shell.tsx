import { type FormEvent, type ReactNode, useState } from "react";
import type { DocumentSafety } from "#app/features/admin/autosave/use-document-safety.tsx";
import { EditorHeader } from "./editor-header.tsx";

/**
 * The frame of the post and page editors: the header (Preview / Edit Mode,
 * Cancel, the failed save's banner), a notice and the safety panel, then the
 * preview or the form: its main column, its side column and the save button
 * with the autosave's state. With `readOnly` (the post editor) the form's
 * controls sit in a fieldset that it disables.
 */
export function EditorShell({
  noun,
  isEdit,
  editor: { safety, saving, banner, setBanner },
  notice,
  preview,
  onSubmit,
  readOnly,
  main,
  side,
}: {
  noun: "post" | "page";
  isEdit: boolean;
  /** The document's safety and save state (`useDocumentEditor`). */
  editor: {
    safety: DocumentSafety;
    saving: boolean;
    banner: string | null;
    setBanner(banner: string | null): void;
  };
  /** Above the safety panel. */
  notice?: ReactNode;
  /** The document as it will read. */
  preview: ReactNode;
  onSubmit(event: FormEvent): void;
  readOnly?: boolean;
  main: ReactNode;
  side: ReactNode;
}) {
  const [previewing, setPreviewing] = useState(false);
  const Noun = noun === "post" ? "Post" : "Page";
  const title = `${isEdit ? "Edit" : "Create"} ${Noun}`;
  const body = (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">{main}</div>
        <div className="min-w-0 space-y-5">{side}</div>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={saving || readOnly}>
          {saving ? "Saving..." : `${isEdit ? "Update" : "Create"} ${Noun}`}
        </button>
        {safety.indicator}
      </div>
    </>
  );
  return (
    <div>
      <EditorHeader
        noun={noun}
        title={title}
        preview={previewing}
        onPreview={() => setPreviewing((v) => !v)}
        banner={banner}
        onDismiss={() => setBanner(null)}
      />
      {notice}
      {safety.panel}
      <div id={`${noun}-editor-body`}>
        {previewing ? (
          preview
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={title}>
            {readOnly === undefined ? (
              body
            ) : (
              <fieldset disabled={readOnly} className="min-w-0">
                {body}
              </fieldset>
            )}
          </form>
        )}
      </div>
    </div>
  );
}
