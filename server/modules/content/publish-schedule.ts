import type { Db } from "#server/db/client.ts";
import { toIso } from "#server/db/normalize.ts";

/** The tables whose rows go live at their publish time (status and published_at alike). */
const SCHEDULED_TABLES = ["posts", "pages"] as const;

/**
 * When the next scheduled post or page goes live (epoch ms), or null when none
 * is waiting: the page cache keeps nothing past that moment. A live status
 * with a future publish date is what "scheduled" means (see
 * posts/visibility.ts and pages/pages.repository.ts).
 */
export async function findNextPublishTime(db: Db, now: string): Promise<number | null> {
  let next: number | null = null;
  for (const table of SCHEDULED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.min("published_at").as("next"))
      .where("status", "in", ["published", "scheduled"])
      .where("published_at", ">", now)
      .executeTakeFirst();
    const iso = toIso(row?.next);
    const at = iso ? Date.parse(iso) : null;
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}
