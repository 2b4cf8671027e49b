import { type Db, dialectOf } from "#server/db/client.ts";
import { nowIso, toCount } from "#server/db/normalize.ts";
import { isBackgroundRender } from "#server/lib/cache-tags.ts";
import { isLive } from "./visibility.ts";

/** How often views counted in memory are written to the database. */
export const VIEWS_FLUSH_INTERVAL_MS = 5000;

/** Adds counted views, in one transaction: `views = views + n` per post. */
export async function addPostViews(db: Db, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      await trx
        .updateTable("posts")
        .set((eb) => ({ views: eb("views", "+", n) }))
        .where("id", "=", id)
        .execute();
    }
  });
}

/** A live post's stored view count, or null when there is no such live post. */
export async function findLivePostViews(db: Db, id: number, now: string): Promise<number | null> {
  const row = await db
    .selectFrom("posts")
    .select("views")
    .where("id", "=", id)
    .where((eb) => isLive(eb, now, dialectOf(db)))
    .executeTakeFirst();
  return row ? toCount(row.views) : null;
}

/**
 * Views are counted in memory (a page served from a cache counts too) and
 * written in batches: one transaction, `views = views + n` per post. A count
 * stays pending until its write commits, and every read adds what is pending
 * (`withPendingViews`), so readers see one more view per view at once.
 */
export function createViewCounter(db: Db) {
  const pendingViews = new Map<number, number>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let flushChain: Promise<void> = Promise.resolve();
  let closed = false;

  function scheduleFlush() {
    if (flushTimer || closed || pendingViews.size === 0) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flushViews().then(scheduleFlush, () => {
        // Kept in memory; the next view or flushViews() tries again.
      });
    }, VIEWS_FLUSH_INTERVAL_MS);
    // Never what keeps a process (or a test run) alive.
    flushTimer.unref();
  }

  /** Counts one view of a post (a page read, or a cached copy of it served). */
  function recordView(postId: number) {
    // The cache rendering a stale page again is not a visitor.
    if (isBackgroundRender()) return;
    pendingViews.set(postId, (pendingViews.get(postId) ?? 0) + 1);
    scheduleFlush();
  }

  async function writePendingViews() {
    if (pendingViews.size === 0) return;
    const batch = new Map(pendingViews);
    await addPostViews(db, batch);
    for (const [id, n] of batch) {
      const left = (pendingViews.get(id) ?? 0) - n;
      if (left > 0) pendingViews.set(id, left);
      else pendingViews.delete(id);
    }
  }

  /**
   * A live post's view count as of now (stored plus counted in memory), for
   * pages served from the page cache, whose copy shows the count at render time.
   */
  async function getPostViews(id: number): Promise<number | null> {
    const stored = await findLivePostViews(db, id, nowIso());
    return stored === null ? null : stored + (pendingViews.get(id) ?? 0);
  }

  /** Writes the views counted so far (one flush at a time); call it at shutdown. */
  function flushViews(): Promise<void> {
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = undefined;
    }
    const run = flushChain.then(writePendingViews);
    flushChain = run.catch(() => {});
    return run;
  }

  /** Stops the periodic flush and writes what is pending. */
  async function close(): Promise<void> {
    closed = true;
    await flushViews();
  }

  /** The post as read, with the views counted since its row was last written. */
  function withPendingViews<T extends { id: number; views: number }>(post: T): T {
    const pending = pendingViews.get(post.id);
    if (pending) post.views += pending;
    return post;
  }

  return { recordView, getPostViews, flushViews, close, withPendingViews };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
