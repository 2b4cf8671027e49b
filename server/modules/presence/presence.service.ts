import type { DocumentType } from "#common/documents.ts";
import type { Actor } from "#common/permissions.ts";
import type { Presence } from "#common/schemas/autosave.ts";
import type { Db } from "#server/db/client.ts";
import { findAutosave } from "#server/modules/autosave/autosave.repository.ts";
import { requireEditableDocument } from "#server/modules/versions/editable.ts";
import { createMemoryPresenceStore, type PresenceStore } from "./presence-store.ts";

/** Presence around the editors: who else has a post, page or service open. */
export function createPresenceService(db: Db, store: PresenceStore = createMemoryPresenceStore()) {
  async function beat(
    actor: (Actor & { name: string }) | null,
    kind: DocumentType,
    id: number,
  ): Promise<Presence> {
    const { editor } = await requireEditableDocument(db, actor, kind, id);
    const editors = await store.beat(`${kind}:${id}`, { id: editor.id, name: editor.name });
    const own = await findAutosave(db, { kind, documentId: id, userId: editor.id });
    return { editors, autosave_saved_at: own?.saved_at ?? null };
  }

  async function leave(actor: Actor | null, kind: DocumentType, id: number): Promise<void> {
    const { editor } = await requireEditableDocument(db, actor, kind, id);
    await store.leave(`${kind}:${id}`, editor.id);
  }

  /** Signing out: the user's presence ends everywhere at once (not 45 s later). */
  async function leaveAll(actor: Actor): Promise<void> {
    await store.leaveAll(actor.id);
  }

  return { beat, leave, leaveAll };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
