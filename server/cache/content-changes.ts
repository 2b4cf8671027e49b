import { SITE_TAG } from "#server/lib/cache-tags.ts";

/**
 * What a change did to public content, as cache tags (server/lib/cache-tags.ts):
 * `stale` ones may be shown once more while they are rendered again; `purge`
 * ones are never served again (content left public view).
 */
export type ContentChange = { stale: readonly string[]; purge: readonly string[] };

/** A change that reaches everything (stale, not purged). */
export const EVERYTHING: ContentChange = { stale: [SITE_TAG], purge: [] };

/** Whether a change stales or purges `tag`, by name or as the whole site. */
export function reachesTag(change: ContentChange, tag: string): boolean {
  const reaches = (t: string) => t === tag || t === SITE_TAG;
  return change.stale.some(reaches) || change.purge.some(reaches);
}

/**
 * "Public content may have changed": what the page cache and the settings
 * cache listen to. One process uses the in-memory bus below; with workers
 * (server/cluster.ts) each worker's bus also hands its changes to `relay`,
 * which the primary passes on to every other worker (`deliver` there). On
 * PostgreSQL the relay is NOTIFY instead, which reaches every process of
 * every instance on the database (change-notifications.ts, decision 033).
 */
export type ContentChanges = {
  /** Says that something visitors can see changed (EVERYTHING when not said what). */
  publish(change?: ContentChange): void;
  /** Calls `listener` after every publish; answers a function that stops it. */
  subscribe(listener: (change: ContentChange) => void): () => void;
  /** Resolves once the changes published so far reached the other workers (at once without any). */
  flushed?(): Promise<void>;
};

export type ContentChangesBus = ContentChanges & {
  /** A change published elsewhere (another worker): told to the listeners here, not relayed. */
  deliver(change: ContentChange): void;
};

export function createContentChanges(
  options: {
    /** Passes a change on to the other workers; resolves once they have it. */
    relay?: (change: ContentChange) => Promise<void>;
  } = {},
): ContentChangesBus {
  const listeners = new Set<(change: ContentChange) => void>();
  const relaying = new Set<Promise<void>>();
  type Gathered = { stale: Set<string>; purge: Set<string> };
  /** What this turn of the event loop published so far: relayed as one change after it. */
  let gathering: Gathered | null = null;
  const deliver = (change: ContentChange) => {
    for (const listener of listeners) listener(change);
  };
  const startGathering = (relay: (change: ContentChange) => Promise<void>): Gathered => {
    const gathered: Gathered = { stale: new Set(), purge: new Set() };
    const sent: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        gathering = null;
        return relay({ stale: [...gathered.stale], purge: [...gathered.purge] });
      })
      .finally(() => relaying.delete(sent));
    relaying.add(sent);
    return gathered;
  };
  return {
    publish(change = EVERYTHING) {
      deliver(change);
      if (!options.relay) return;
      // A save and what it purges (settings that took something out of view) are
      // published one after the other in one turn: elsewhere they arrive as one
      // change, so no other process serves a stale copy in between.
      gathering ??= startGathering(options.relay);
      for (const tag of change.stale) gathering.stale.add(tag);
      for (const tag of change.purge) gathering.purge.add(tag);
    },
    deliver,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async flushed() {
      if (relaying.size) await Promise.allSettled([...relaying]);
    },
  };
}
