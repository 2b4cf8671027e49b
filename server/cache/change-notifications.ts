import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import { pgConnection } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { type ContentChange, EVERYTHING } from "./content-changes.ts";

/** PostgreSQL's limit on a notification's payload is 8000 bytes; beyond it, everything stales. */
const MAX_PAYLOAD = 7900;

export type ChangeNotifications = {
  /**
   * Tells every other instance on the database: resolves once this instance's
   * own listening connection has the notification back (PostgreSQL hands it
   * to every listening session at once), or after `echoWaitMs` at the most.
   */
  relay(change: ContentChange): Promise<void>;
  /** Stops listening and closes the connections. */
  close(): Promise<void>;
};

type Message = { from: string; id?: number; stale: readonly string[]; purge: readonly string[] };

/**
 * Content changes across instances that share one PostgreSQL database (decision
 * 033): each instance sends its changes with `pg_notify` and LISTENs on one
 * channel per database schema, so a post published through one instance
 * stales or purges the same tags in every other instance's page cache within
 * the time a notification takes (milliseconds).
 *
 * A notification is delivered to every session listening when it is sent; one
 * sent while the listening connection was lost is not. So the connection is
 * checked every `checkEveryMs` (a query that must answer), and after it was
 * lost and made again, every cached page is dropped: a change it missed may
 * have taken content out of public view, which must never be served again.
 */
export async function startChangeNotifications(options: {
  url: string;
  deliver: (change: ContentChange) => void;
  logger: Logger;
  checkEveryMs?: number;
  /** How long a relay waits for its notification to come back (default 2 s). */
  echoWaitMs?: number;
  /**
   * The instance a worker belongs to (the same for all workers of one
   * primary). Its sibling workers' changes reach it through the primary
   * (server/cluster.ts), so their notifications are not delivered again.
   */
  instance?: string;
}): Promise<ChangeNotifications> {
  const { default: driver } = await import("pg");
  const instance = options.instance ? `${options.instance}/${randomUUID()}` : randomUUID();
  const siblings = options.instance ? `${options.instance}/` : null;
  const checkEveryMs = options.checkEveryMs ?? 5_000;
  const echoWaitMs = options.echoWaitMs ?? 2_000;
  // Notifications this instance sent and has not seen come back yet, by id.
  const echoes = new Map<number, () => void>();
  let sent = 0;
  const sender = new driver.Pool({ ...pgConnection(options.url), max: 2 });
  const channel = await channelOf(sender);

  let listener: pg.Client | null = null;
  let closed = false;
  let lost = false;
  let timer: NodeJS.Timeout | undefined;

  const onNotification = (notification: pg.Notification) => {
    if (notification.channel !== channel || !notification.payload) return;
    let message: Message;
    try {
      message = JSON.parse(notification.payload) as Message;
    } catch {
      return;
    }
    if (message.from === instance) {
      if (message.id !== undefined) echoes.get(message.id)?.();
      return;
    }
    if (siblings && message.from.startsWith(siblings)) return;
    options.deliver({ stale: message.stale ?? [], purge: message.purge ?? [] });
  };

  async function connect(): Promise<void> {
    const client = new driver.Client({
      ...pgConnection(options.url),
      // Which site's listener it is, for an operator (and a test) looking at pg_stat_activity.
      application_name: `beranda changes ${channel}`,
    });
    client.on("notification", onNotification);
    client.on("error", (error) => {
      if (closed) return;
      options.logger.warn({ err: error }, "change notifications: connection lost");
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    listener = client;
    if (lost) {
      // Changes sent while this instance was not listening are unknown: all stale.
      lost = false;
      options.logger.info("change notifications: listening again; the page cache starts afresh");
      options.deliver({ stale: [], purge: EVERYTHING.stale });
    }
  }

  async function check() {
    if (closed) return;
    try {
      if (listener) await listener.query("select 1");
      else await connect();
    } catch (error) {
      if (!lost) options.logger.warn({ err: error }, "change notifications: connection lost");
      lost = true;
      const dead = listener;
      listener = null;
      await dead?.end().catch(() => {});
    } finally {
      if (!closed) timer = setTimeout(() => void check(), checkEveryMs);
    }
  }

  await connect();
  timer = setTimeout(() => void check(), checkEveryMs);

  return {
    async relay(change) {
      const id = ++sent;
      // The answer to the change waits until the notification is back here:
      // by then every other instance's session has it too, so a request that
      // follows the answer finds their page caches changed (issue 26).
      const echoed = new Promise<void>((resolve) => {
        const timer = setTimeout(done, echoWaitMs);
        function done() {
          clearTimeout(timer);
          echoes.delete(id);
          resolve();
        }
        echoes.set(id, done);
      });
      try {
        await sender.query("select pg_notify($1, $2)", [channel, payloadOf(instance, change, id)]);
        // Without a listening connection nothing comes back: do not wait for it.
        if (listener) await echoed;
      } catch (error) {
        options.logger.warn({ err: error }, "change notifications: not sent");
      } finally {
        echoes.get(id)?.();
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const done of [...echoes.values()]) done();
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}

/** One channel per site: several sites may share a database, a schema each. */
async function channelOf(client: pg.Pool | pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string }>("select current_schema() as schema");
  return channelFor(rows[0]?.schema ?? "public");
}

/** The channel of the site in a database schema. */
export function channelFor(schema: string): string {
  return `beranda_${createHash("sha256").update(schema).digest("hex").slice(0, 24)}`;
}

function payloadOf(from: string, change: ContentChange, id?: number): string {
  const payload = JSON.stringify({ from, id, stale: change.stale, purge: change.purge });
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD) return payload;
  // Too many tags for one notification: what it would name, and more, stales.
  return JSON.stringify({
    from,
    id,
    stale: EVERYTHING.stale,
    purge: change.purge.length ? EVERYTHING.stale : [],
  });
}

/**
 * Tells every instance on the database about a change made by a command
 * (`npm run import:wordpress` beside running sites): one notification, then
 * the connection closes.
 */
export async function sendChangeNotification(url: string, change: ContentChange): Promise<void> {
  const { default: driver } = await import("pg");
  const client = new driver.Client({ ...pgConnection(url), application_name: "beranda command" });
  await client.connect();
  try {
    await client.query("select pg_notify($1, $2)", [
      await channelOf(client),
      payloadOf(randomUUID(), change),
    ]);
  } finally {
    await client.end().catch(() => {});
  }
}
