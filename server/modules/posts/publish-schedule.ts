import type { Db } from "../../db/client.ts";
import { toIso } from "../../db/normalize.ts";

/**
 * When the next scheduled post goes live (epoch ms), or null when none is
 * waiting: the page cache keeps nothing past that moment. A live status with
 * a future publish date is what "scheduled" means (see posts.repository.ts).
 */
export async function findNextPublishTime(db: Db, now: string): Promise<number | null> {
  const row = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.min("published_at").as("next"))
    .where("status", "in", ["published", "scheduled"])
    .where("published_at", ">", now)
    .executeTakeFirst();
  const next = toIso(row?.next);
  return next ? Date.parse(next) : null;
}
