import { sql } from "kysely";
import { type Db, dialectOf } from "./client.ts";

const POLL_MS = 200;

/**
 * Runs `work` (migrate and seed) while holding a PostgreSQL advisory lock of
 * this database schema, so that instances started at the same moment on an
 * empty database migrate and seed it once: the first takes the lock, the
 * others wait (saying so once) and then find the work done. The lock is a
 * session lock on one connection set aside for it, so the migrator's own
 * connections and transactions are free; it is released when `work` ends or
 * fails, and by the server if the process dies. SQLite needs none: the
 * DATA_DIR lock already keeps a second process off the file.
 */
export async function withPrepareLock<T>(
  db: Db,
  work: () => Promise<T>,
  options: { onWait?: () => void; timeoutMs?: number } = {},
): Promise<T> {
  if (dialectOf(db) !== "postgres") return work();
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  return db.connection().execute(async (connection) => {
    const key = sql`hashtextextended('beranda prepare ' || current_schema(), 0)`;
    const started = Date.now();
    let waited = false;
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      if (!waited) options.onWait?.();
      waited = true;
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `another instance has held the database's start-up lock for over ${Math.round(timeoutMs / 1000)} s (migrating or seeding); try again when it has started`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
