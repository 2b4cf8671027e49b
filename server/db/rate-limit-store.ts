import { sql } from "kysely";
import type { RateCounter, RateLimitStore } from "#server/lib/rate-limit.ts";
import type { Db } from "./client.ts";

/** How often expired counters are deleted (at most; on the next hit after it). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The rate-limit store in the database (table `rate_limits`, decision 035):
 * every process and every instance on the database counts in the same rows,
 * so a limit holds however the load balancer spreads a client's requests, and
 * a restart forgives nothing. Each call is one statement, atomic on both
 * databases: `hit` is an upsert that starts a new window when the last one
 * ended, and answers the count with this hit and when the window ends.
 * Expired rows are deleted every ten minutes by whichever process hits then.
 */
export function createDatabaseRateLimitStore(
  db: Db,
  { now = Date.now }: { now?: () => number } = {},
): RateLimitStore {
  let nextSweep = 0;

  function sweep(at: number) {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    void db
      .deleteFrom("rate_limits")
      .where("reset_at", "<=", at)
      .execute()
      .catch(() => {
        nextSweep = 0; // tried again on the next hit
      });
  }

  return {
    // `keep` (never evict early) needs nothing here: rows are only ever deleted once expired.
    async hit(key, windowMs): Promise<RateCounter> {
      const at = Math.trunc(now());
      const resetAt = at + Math.trunc(windowMs);
      sweep(at);
      const row = await db
        .insertInto("rate_limits")
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(["count", "reset_at"])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
    async refund(key) {
      const at = Math.trunc(now());
      await db
        .updateTable("rate_limits")
        .set({ count: sql<number>`count - 1` })
        .where("key", "=", key)
        .where("reset_at", ">", at)
        .where("count", ">", 0)
        .execute();
    },
    async peek(key) {
      const at = Math.trunc(now());
      const row = await db
        .selectFrom("rate_limits")
        .select(["count", "reset_at"])
        .where("key", "=", key)
        .where("reset_at", ">", at)
        .executeTakeFirst();
      return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}
