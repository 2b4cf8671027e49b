import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { userEvent } from "#server/modules/users/user-audit.ts";
import { purgeUnapprovedRegistrations } from "#server/modules/users/users.repository.ts";

const DAY = 86_400_000;
/** How often the purge runs after the one at start. */
export const PURGE_INTERVAL_MS = 6 * 3_600_000;

/**
 * Deletes self-registrations nobody approved within `days`
 * (REGISTRATION_PURGE_DAYS; 0: never): at start, then every six hours on a
 * timer that does not keep the process alive, until `stop`.
 */
export function createRegistrationPurge(
  db: Db,
  { days, logger, now = () => new Date() }: { days: number; logger: Logger; now?: () => Date },
) {
  let timer: ReturnType<typeof setInterval> | undefined;

  /** One purge now: how many registrations were deleted. */
  async function purge(): Promise<number> {
    if (days <= 0) return 0;
    const at = now();
    const cutoff = new Date(at.getTime() - days * DAY).toISOString();
    const deleted = await db.transaction().execute(async (trx) => {
      const users = await purgeUnapprovedRegistrations(trx, cutoff);
      // Each in the audit log, by "System", with why.
      const why = { unapproved_days: days };
      const events = users.map((user) => userEvent(user, "deleted", why));
      await insertAuditEvents(trx, null, events, at.toISOString());
      return users.length;
    });
    if (deleted > 0) logger.info({ deleted, days }, "deleted registrations nobody approved");
    return deleted;
  }

  const run = () =>
    purge().catch((error: unknown) => {
      logger.error({ err: error }, "registration purge failed");
      return 0;
    });

  /** Purges now and then every `intervalMs`; the answer is the first run's count. */
  function start(intervalMs = PURGE_INTERVAL_MS): Promise<number> {
    if (days <= 0 || timer) return Promise.resolve(0);
    timer = setInterval(run, intervalMs);
    timer.unref();
    return run();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = undefined;
  }

  return { purge, start, stop, running: () => timer !== undefined };
}

export type RegistrationPurge = ReturnType<typeof createRegistrationPurge>;
