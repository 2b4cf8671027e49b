import cluster from "node:cluster";
import { createServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadSecretKey, SecretKeyError } from "./auth/secret-key.ts";
import { prepareDatabase } from "./boot.ts";
import { startChangeNotifications } from "./cache/change-notifications.ts";
import { watchCommandChanges } from "./cache/command-changes.ts";
import { type ContentChange, createContentChanges } from "./cache/content-changes.ts";
import { createHttpCachePurge } from "./cache/http-cache-purge.ts";
import {
  checkPort,
  connectWorker,
  INSTANCE_ENV,
  PREPARE_ENV,
  type PreparedMessage,
  prepareInChild,
  runWorkers,
  SETUP_TOKEN_ENV,
  WORKER_INDEX_ENV,
} from "./cluster.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock.ts";
import { drainLimit } from "./http/body-limits.ts";
import { closeServer } from "./http/close-server.ts";
import { limitSlowClients, slowClientOptions } from "./http/slow-clients.ts";
import { finishUnreadBodies } from "./http/unread-bodies.ts";
import { createLogger } from "./logger.ts";
import { SEND_INTERVAL_MS } from "./modules/mail/mail-sender.ts";
import { createSetupService } from "./modules/setup/setup.service.ts";
import type { SeedResult } from "./seed/index.ts";
import { loadPageHandler } from "./ssr.ts";

function fail(message: string): never {
  console.error(`beranda: ${message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const logger = createLogger(config.logLevel);

/**
 * With WORKERS > 1 this is the primary, a short-lived child that migrates
 * and seeds for it (so the primary never holds what that loads), or a worker.
 */
const isPreparing = cluster.isWorker && process.env[PREPARE_ENV] === "1";
/** This process as one of WORKERS (its index), or null: the only process, or the primary. */
const workerIndex =
  cluster.isWorker && !isPreparing ? Number(process.env[WORKER_INDEX_ENV] ?? 0) : null;
const isPrimary = !cluster.isWorker && config.workers > 1;

// One site per DATA_DIR: a second server on the same files (or a restore or an
// import running) is refused here, before it touches the database or the port.
// The primary holds the lock for its workers.
let dataDirLock: ReturnType<typeof lockDataDir> | null = null;
if (!cluster.isWorker) {
  try {
    dataDirLock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`cannot use DATA_DIR ${config.dataDir}: ${(error as Error).message}`);
  }
}

const cannotListen = (error: NodeJS.ErrnoException) =>
  error.code === "EADDRINUSE"
    ? `port ${config.port} is already in use (set PORT to another port)`
    : error.code === "ENOTFOUND" || error.code === "EADDRNOTAVAIL" || error.code === "EAI_AGAIN"
      ? `cannot listen on HOST ${config.host}: ${error.code === "EADDRNOTAVAIL" ? "no such address on this machine" : "no such host name"} (set HOST to an address of this machine, such as 127.0.0.1 or 0.0.0.0)`
      : error.message;

// The secret behind one-time links: SECRET_KEY, or DATA_DIR/secret.key (made now on a first start).
function secretKey(): string {
  try {
    return loadSecretKey(config);
  } catch (error) {
    fail(error instanceof SecretKeyError ? error.message : String(error));
  }
}

const openDatabase = (options: { migrate?: boolean } = {}) =>
  prepareDatabase(config, logger, options).catch((error: Error) =>
    fail(
      `cannot open the ${config.database.kind === "postgres" ? "PostgreSQL" : "SQLite"} database: ${error.message}`,
    ),
  );

function printBanner(url: string, seed: SeedResult, setupToken: string | null) {
  logger.info(
    { url, database: config.database.kind, demoMode: config.demoMode, workers: config.workers },
    "listening",
  );
  const lines = [`Beranda is running at ${url}`, `Admin: ${url}/admin`];
  if (seed.demoAdmin) {
    lines.push(
      `Demo admin: ${seed.demoAdmin.email} / ${seed.demoAdmin.password}`,
      "(demo mode: never expose this to the internet; start without DEMO_MODE for a real site)",
    );
  }
  if (setupToken) {
    const base = config.publicUrl ?? url;
    lines.push(
      "This site has no admin yet. Create one (this link works once, until the next restart):",
      `${base}/setup?token=${setupToken}`,
    );
  }
  if (seed.createdAdmin) lines.push(`Created admin account ${seed.createdAdmin}`);
  if (config.mail && !config.publicUrl) {
    // Mails are read away from the site: their links cannot take the address a visitor used.
    const warning = `Warning: SMTP_URL is set but PUBLIC_URL is not, so links in mails (password resets, invitations) lead to ${url}; set PUBLIC_URL to the site's public address`;
    logger.warn(warning);
    lines.push(warning);
  }
  console.log(`\n  ${lines.join("\n  ")}\n`);
}

const displayUrl = (port: number) => {
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
};

if (isPreparing) {
  // For the primary: migrate and seed once, say what the banner needs, exit.
  const prepared = await openDatabase();
  const setupToken =
    !config.demoMode && (await createSetupService(prepared.handle.db).isSetupNeeded())
      ? createSetupService(prepared.handle.db).issueSetupToken()
      : null;
  await prepared.handle.close();
  const message: PreparedMessage = { type: "beranda:prepared", seed: prepared.seed, setupToken };
  process.send?.(message, () => process.exit(0));
} else if (isPrimary) {
  // WORKERS processes share the port (server/cluster.ts). The primary checks
  // the port, has a child migrate and seed once, then forks them; it serves
  // nothing itself and stays small.
  const portError = await checkPort(config);
  if (portError) fail(cannotListen(portError));
  secretKey();
  const prepared = await prepareInChild({ [PREPARE_ENV]: "1" });
  if (!prepared) process.exit(1); // the child said why
  const { setupToken } = prepared;
  const url = await runWorkers({
    count: config.workers,
    logger,
    env: setupToken ? { [SETUP_TOKEN_ENV]: setupToken } : {},
    onStopped: () => {
      dataDirLock?.release();
      logger.info("stopped");
    },
  });
  printBanner(url, prepared.seed, setupToken);
} else {
  await serveSite();
}

async function serveSite() {
  // The port first: a port in use is reported before migrations and seeding
  // touch the database. Until the site is ready it answers 503.
  let handleRequest: ((request: Request, env: unknown) => Response | Promise<Response>) | null =
    null;
  const starting = () =>
    Response.json(
      { success: false, message: "The site is starting. Please try again in a moment." },
      { status: 503, headers: { "retry-after": "2" } },
    );
  // While stopping, every answer closes its connection: a proxy keeping
  // connections open (nginx's upstream keepalive) would otherwise go on
  // sending requests over them, and the server would never finish draining.
  // The proxy then connects again and meets the closed port, and tries the
  // next instance.
  let stopping = false;
  const server = serve({
    fetch: (request, env) => (handleRequest ? handleRequest(request, env) : starting()),
    createServer: ((options: ServerOptions, adapter: RequestListener) =>
      createServer(options, (request, response) => {
        if (stopping) response.setHeader("connection", "close");
        adapter(request, response);
      })) as typeof createServer,
    port: config.port,
    hostname: config.host,
    serverOptions: slowClientOptions(config),
    // A body left unread is dropped by finishUnreadBodies, within the limits of
    // its call, rather than given 500 ms and then cut off with the connection.
    autoCleanupIncoming: false,
  }) as Server;
  limitSlowClients(server, config);
  finishUnreadBodies(server, drainLimit(config));
  await new Promise<void>((resolve) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) => fail(cannotListen(error)));
  });

  const secret = secretKey();
  // A worker's primary migrated and seeded already.
  const prepared = await openDatabase({ migrate: workerIndex === null });
  const pages = await loadPageHandler().catch((error: Error) => fail(error.message));
  // A worker's changes reach its sibling workers through the primary (IPC:
  // the primary hands new connections to a worker over the same channel, so a
  // request that follows the answer to a change finds it applied), and on
  // PostgreSQL every other instance on the database by NOTIFY. Shared HTTP
  // caches in front (CACHE_PURGE_URLS) are purged by every process once it has
  // applied the change to its own page cache: a cache in front that fetched
  // the page again from a process the change had not reached yet is purged
  // again by it.
  const purgeHttpCaches = config.cachePurge
    ? createHttpCachePurge({ ...config.cachePurge, logger })
    : null;
  const applyElsewhere = (change: ContentChange) => {
    changes.deliver(change);
    void purgeHttpCaches?.(change);
  };
  const link = workerIndex === null ? null : connectWorker(applyElsewhere);
  const notifications =
    config.database.kind === "postgres"
      ? await startChangeNotifications({
          url: config.database.url,
          deliver: applyElsewhere,
          logger,
          instance: workerIndex === null ? undefined : process.env[INSTANCE_ENV],
        }).catch((error: Error) =>
          fail(`cannot listen for changes on the PostgreSQL database: ${error.message}`),
        )
      : null;
  // On SQLite, changes a command makes beside the site (an import) come by a file in DATA_DIR.
  const stopWatchingCommands =
    config.database.kind === "sqlite" ? watchCommandChanges(config.dataDir, applyElsewhere) : null;
  const relays = [notifications?.relay, link?.relay, purgeHttpCaches].filter((r) => !!r);
  const changes = createContentChanges(
    relays.length
      ? {
          relay: async (change) => {
            await Promise.all(relays.map((relay) => relay(change)));
          },
        }
      : {},
  );
  const { fetch, services } = createApp({
    config,
    db: prepared.handle.db,
    writes: prepared.handle.writes,
    logger,
    pages,
    port: (server.address() as AddressInfo).port,
    secret,
    changes,
  });

  // A site without an admin: a one-time link to create the first one (/setup);
  // a worker uses the one its primary printed.
  const sharedToken = process.env[SETUP_TOKEN_ENV];
  const setupToken =
    workerIndex !== null
      ? sharedToken
        ? services.setup.issueSetupToken(sharedToken)
        : null
      : !config.demoMode && (await services.setup.isSetupNeeded())
        ? services.setup.issueSetupToken()
        : null;

  handleRequest = fetch;
  // Background jobs run in one process only (the first worker).
  const runsJobs = workerIndex === null || workerIndex === 0;
  if (runsJobs) {
    // Registrations nobody approved within REGISTRATION_PURGE_DAYS: now and every few hours.
    void services.registrations.start();
  }
  // Queued mails (nothing without SMTP_URL): every process sends what it queues
  // at once; the first worker also looks for due mails every few seconds.
  services.mailSender.start(runsJobs ? SEND_INTERVAL_MS : null);
  const url = displayUrl((server.address() as AddressInfo).port);
  if (link) link.listening(url);
  else printBanner(url, prepared.seed, setupToken);

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, worker: workerIndex ?? undefined }, "shutting down");
    const drainMs = config.shutdownDrainMs;
    const force = setTimeout(() => {
      logger.warn(`the server did not finish within ${drainMs / 1000 + 10} s; exiting`);
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    // Stop accepting, let in-flight requests finish (idle connections left to
    // the proxy in front for SHUTDOWN_DRAIN_SECONDS), then close the database.
    await closeServer(server, drainMs);
    if (runsJobs) services.registrations.stop();
    await services.mailSender.stop();
    await services.posts.close(); // views counted in memory
    await services.uploadStore.close();
    stopWatchingCommands?.();
    await notifications?.close();
    await prepared.handle.close();
    dataDirLock?.release();
    logger.info("stopped");
    process.exit(0);
  }

  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
