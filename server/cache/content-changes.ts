/**
 * "Public content may have changed": what the page cache and the settings
 * cache listen to. One process uses the in-memory bus below; several
 * instances sharing a PostgreSQL database can put a bus behind the same
 * interface that also relays the signal between them (for example
 * LISTEN/NOTIFY), without the publishers or listeners changing.
 */
export type ContentChanges = {
  /** Says that something visitors can see may have changed. */
  publish(): void;
  /** Calls `listener` after every publish; answers a function that stops it. */
  subscribe(listener: () => void): () => void;
};

export function createContentChanges(): ContentChanges {
  const listeners = new Set<() => void>();
  return {
    publish() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
