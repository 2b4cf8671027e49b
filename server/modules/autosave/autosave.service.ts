import type { DocumentType } from "#common/documents.ts";
import type { Actor } from "#common/permissions.ts";
import { type Autosave, AutosaveInputSchemas } from "#common/schemas/autosave.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import { requireEditableDocument } from "#server/modules/versions/editable.ts";
import { deleteAutosave, findAutosave, upsertAutosave } from "./autosave.repository.ts";

const NOUN: Record<DocumentType, string> = { post: "post", page: "page", service: "service" };

/**
 * Autosave (issue 23, decision 018): one copy of the editor's fields per
 * document and user, written over in place. The live document is never
 * touched; an explicit save drops the saver's copy (versions.ts, in the
 * save's transaction). Not audited: nothing anyone else sees changes.
 */
export function createAutosaveService(db: Db) {
  async function saveAutosave(
    actor: Actor | null,
    kind: DocumentType,
    id: number,
    input: unknown,
  ): Promise<Autosave> {
    const { editor } = await requireEditableDocument(db, actor, kind, id);
    const data = parseInput(AutosaveInputSchemas[kind], input);
    const key = { kind, documentId: id, userId: editor.id };
    await upsertAutosave(db, key, data.fields, data.version ?? null, nowIso());
    return (await findAutosave(db, key))!;
  }

  async function getAutosave(actor: Actor | null, kind: DocumentType, id: number) {
    const { editor } = await requireEditableDocument(db, actor, kind, id);
    const found = await findAutosave(db, { kind, documentId: id, userId: editor.id });
    if (!found) throw AppError.notFound(`You have no autosave of this ${NOUN[kind]}`);
    return found;
  }

  async function discardAutosave(actor: Actor | null, kind: DocumentType, id: number) {
    const { editor } = await requireEditableDocument(db, actor, kind, id);
    if (!(await deleteAutosave(db, { kind, documentId: id, userId: editor.id })))
      throw AppError.notFound(`You have no autosave of this ${NOUN[kind]}`);
  }

  return { saveAutosave, getAutosave, discardAutosave };
}

export type AutosaveService = ReturnType<typeof createAutosaveService>;
