import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadSecretKey, SecretKeyError } from "./auth/secret-key.ts";
import { prepareDatabase } from "./boot.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock.ts";
import { drainLimit } from "./http/body-limits.ts";
import { limitSlowClients, slowClientOptions } from "./http/slow-clients.ts";
import { finishUnreadBodies } from "./http/unread-bodies.ts";
import { createLogger } from "./logger.ts";
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

// One site per DATA_DIR: a second server on the same files (or a restore or an
// import running) is refused here, before it touches the database or the port.
let dataDirLock: ReturnType<typeof lockDataDir>;
try {
  dataDirLock = lockDataDir(config.dataDir);
} catch (error) {
  if (error instanceof DataDirLockedError) fail(error.message);
  fail(`cannot use DATA_DIR ${config.dataDir}: ${(error as Error).message}`);
}

// The port first: a port in use is reported before migrations and seeding
// touch the database. Until the site is ready it answers 503.
let handleRequest: ((request: Request, env: unknown) => Response | Promise<Response>) | null = null;
const starting = () =>
  Response.json(
    { success: false, message: "The site is starting. Please try again in a moment." },
    { status: 503, headers: { "retry-after": "2" } },
  );
const server = serve({
  fetch: (request, env) => (handleRequest ? handleRequest(request, env) : starting()),
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
  server.once("error", (error: NodeJS.ErrnoException) => {
    fail(
      error.code === "EADDRINUSE"
        ? `port ${config.port} is already in use (set PORT to another port)`
        : error.message,
    );
  });
});

// The secret behind one-time links: SECRET_KEY, or DATA_DIR/secret.key (made now on a first start).
let secret: string;
try {
  secret = loadSecretKey(config);
} catch (error) {
  fail(error instanceof SecretKeyError ? error.message : String(error));
}

const prepared = await prepareDatabase(config, logger).catch((error: Error) =>
  fail(
    `cannot open the ${config.database.kind === "postgres" ? "PostgreSQL" : "SQLite"} database: ${error.message}`,
  ),
);
const pages = await loadPageHandler().catch((error: Error) => fail(error.message));
const { fetch, services } = createApp({
  config,
  db: prepared.handle.db,
  writes: prepared.handle.writes,
  logger,
  pages,
  port: (server.address() as AddressInfo).port,
  secret,
});

// A site without an admin: a one-time link to create the first one (/setup).
const setupToken =
  !config.demoMode && (await services.setup.isSetupNeeded())
    ? services.setup.issueSetupToken()
    : null;

handleRequest = fetch;
// Registrations nobody approved within REGISTRATION_PURGE_DAYS: now and every few hours.
void services.registrations.start();
// Queued mails: sent now and every few seconds (nothing without SMTP_URL or in demo mode).
services.mailSender.start();
{
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  logger.info({ url, database: config.database.kind, demoMode: config.demoMode }, "listening");
  const lines = [`Beranda is running at ${url}`, `Admin: ${url}/admin`];
  if (prepared.seed.demoAdmin) {
    lines.push(
      `Demo admin: ${prepared.seed.demoAdmin.email} / ${prepared.seed.demoAdmin.password}`,
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
  if (prepared.seed.createdAdmin) lines.push(`Created admin account ${prepared.seed.createdAdmin}`);
  console.log(`\n  ${lines.join("\n  ")}\n`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => {
    logger.warn("in-flight requests did not finish within 10 s; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting, let in-flight requests finish, then close the database.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
  services.registrations.stop();
  await services.mailSender.stop();
  await services.posts.close(); // views counted in memory
  await prepared.handle.close();
  dataDirLock.release();
  logger.info("stopped");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
