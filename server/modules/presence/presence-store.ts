/**
 * Who has a document open (soft presence, not a lock): a heartbeat every
 * ~15 s keeps an entry, which expires after `ttlMs` without one. Behind this
 * interface so that a later store can share it between instances (a table);
 * the one here lives in the process's memory (decision 018).
 */
export type PresenceUser = { id: number; name: string };

export interface PresenceStore {
  /** Marks the user as editing `key` now and answers the others editing it. */
  beat(key: string, user: PresenceUser): Promise<PresenceUser[]>;
  /** The user closed the document. */
  leave(key: string, userId: number): Promise<void>;
  /** The user signed out: they are editing nothing any more. */
  leaveAll(userId: number): Promise<void>;
}

export const PRESENCE_TTL_MS = 45_000;

export function createMemoryPresenceStore(
  options: { ttlMs?: number; now?: () => number } = {},
): PresenceStore {
  const ttl = options.ttlMs ?? PRESENCE_TTL_MS;
  const now = options.now ?? Date.now;
  const documents = new Map<string, Map<number, { user: PresenceUser; seen: number }>>();

  function live(key: string) {
    const entries = documents.get(key);
    if (!entries) return undefined;
    const cutoff = now() - ttl;
    for (const [id, entry] of entries) if (entry.seen <= cutoff) entries.delete(id);
    if (entries.size === 0) documents.delete(key);
    return entries.size === 0 ? undefined : entries;
  }

  return {
    async beat(key, user) {
      const entries = live(key) ?? new Map();
      entries.set(user.id, { user, seen: now() });
      documents.set(key, entries);
      return [...entries.values()]
        .filter((entry) => entry.user.id !== user.id)
        .map((entry) => entry.user)
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async leave(key, userId) {
      const entries = live(key);
      entries?.delete(userId);
      if (entries?.size === 0) documents.delete(key);
    },
    async leaveAll(userId) {
      for (const [key, entries] of documents) {
        entries.delete(userId);
        if (entries.size === 0) documents.delete(key);
      }
    },
  };
}
