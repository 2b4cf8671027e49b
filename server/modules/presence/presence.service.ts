import type { Actor } from "#common/permissions.ts";
import type { AutosaveKind, Presence } from "#common/schemas/autosave.ts";
import type { Db } from "#server/db/client.ts";
import { findAutosave } from "#server/modules/autosave/autosave.repository.ts";
import { requireEditableDocument } from "#server/modules/versions/editable.ts";
import { createMemoryPresenceStore, type PresenceStore } from "./presence-store.ts";

/** Presence around the editors: who else has a post, page or service open. */
export function createPresenceService(db: Db, store: PresenceStore = createMemoryPresenceStore()) {
  async function beat(
    actor: (Actor & { name: string }) | null,
    kind: AutosaveKind,
    id: number,
  ): Promise<Presence> {
    await requireEditableDocument(db, actor, kind, id);
    const editors = await store.beat(`${kind}:${id}`, { id: actor!.id, name: actor!.name });
    const own = await findAutosave(db, { kind, documentId: id, userId: actor!.id });
    return { editors, autosave_saved_at: own?.saved_at ?? null };
  }

  async function leave(actor: Actor | null, kind: AutosaveKind, id: number): Promise<void> {
    await requireEditableDocument(db, actor, kind, id);
    await store.leave(`${kind}:${id}`, actor!.id);
  }

  return { beat, leave };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
