import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import net from "node:net";
import type { ContentChange } from "./cache/content-changes.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import type { SeedResult } from "./seed/index.ts";

/** What the primary and its workers tell each other over IPC. */
export type ClusterMessage =
  | { type: "beranda:change"; id: number; change: ContentChange }
  | { type: "beranda:changed"; id: number }
  | { type: "beranda:listening"; url: string };

/** Environment the primary gives each worker. */
export const WORKER_INDEX_ENV = "BERANDA_WORKER_INDEX";
/** The same for all workers of one primary: the instance they make up (change-notifications.ts). */
export const INSTANCE_ENV = "BERANDA_INSTANCE";
export const SETUP_TOKEN_ENV = "BERANDA_SETUP_TOKEN";
/** Marks the child that migrates and seeds before the workers start. */
export const PREPARE_ENV = "BERANDA_PREPARE";

/** What the preparing child tells the primary before it exits. */
export type PreparedMessage = {
  type: "beranda:prepared";
  seed: SeedResult;
  setupToken: string | null;
};

/**
 * Runs the preparing child (migrations, seed, the setup link's token) and
 * answers what it said, or null when it failed (it printed why).
 */
export function prepareInChild(env: Record<string, string>): Promise<PreparedMessage | null> {
  return new Promise((resolve) => {
    let said: PreparedMessage | null = null;
    const child = cluster.fork(env);
    child.on("message", (message: unknown) => {
      if ((message as { type?: string } | null)?.type === "beranda:prepared") {
        said = message as PreparedMessage;
      }
    });
    child.on("exit", (code) => resolve(code === 0 ? said : null));
  });
}

const isMessage = (message: unknown): message is ClusterMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { type?: unknown }).type === "string" &&
  (message as { type: string }).type.startsWith("beranda:");

/** Whether the port can be listened on (checked before the database is touched). */
export function checkPort(
  config: Pick<Config, "port" | "host">,
): Promise<NodeJS.ErrnoException | null> {
  if (config.port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error));
    probe.listen(config.port, config.host, () => probe.close(() => resolve(null)));
  });
}

/**
 * The primary of `WORKERS` server processes (node:cluster): it forks them
 * (they share the port), passes each change one worker announces on to all
 * the others and answers the sender once they have it, forks a worker again
 * when one dies, and on SIGTERM/SIGINT stops them all before it exits.
 * Answers once every worker listens, with the site's URL.
 */
export function runWorkers(options: {
  count: number;
  logger: Logger;
  env: Record<string, string>;
  onStopped: () => Promise<void> | void;
}): Promise<string> {
  const { count, logger } = options;
  const workers = new Map<number, Worker>();
  const instance = randomUUID();
  let stopping = false;
  let listening = 0;
  let ready!: (url: string) => void;
  const started = new Promise<string>((resolve) => {
    ready = resolve;
  });

  function relay(from: Worker, message: Extract<ClusterMessage, { type: "beranda:change" }>) {
    const others = [...workers.values()].filter((w) => w !== from && w.isConnected());
    let waiting = others.length;
    const done = () => {
      if (--waiting <= 0 && from.isConnected()) {
        from.send({ type: "beranda:changed", id: message.id } satisfies ClusterMessage);
      }
    };
    if (waiting === 0) {
      waiting = 1;
      done();
      return;
    }
    for (const worker of others) {
      worker.send({ ...message, id: 0 } satisfies ClusterMessage, () => done());
    }
  }

  function fork(index: number) {
    const worker = cluster.fork({
      ...options.env,
      [WORKER_INDEX_ENV]: String(index),
      [INSTANCE_ENV]: instance,
    });
    workers.set(index, worker);
    worker.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === "beranda:change") relay(worker, message);
      if (message.type === "beranda:listening" && ++listening === count) ready(message.url);
    });
    worker.on("exit", (code, signal) => {
      if (workers.get(index) === worker) workers.delete(index);
      if (stopping) return;
      logger.error({ worker: index, code, signal }, "a worker stopped; starting it again");
      fork(index);
    });
  }

  for (let i = 0; i < count; i++) fork(i);

  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down the workers");
    const exits = [...workers.values()].map(
      (worker) => new Promise<void>((resolve) => worker.once("exit", () => resolve())),
    );
    for (const worker of workers.values()) worker.process.kill("SIGTERM");
    await Promise.all(exits);
    await options.onStopped();
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return started;
}

/**
 * In a worker: sends its changes to the primary (resolving once the other
 * workers have them, or after a second should the primary not answer), and
 * hands the changes of the others to `deliver`.
 */
export function connectWorker(deliver: (change: ContentChange) => void) {
  let next = 1;
  const waiting = new Map<number, () => void>();
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === "beranda:change") deliver(message.change);
    if (message.type === "beranda:changed") {
      waiting.get(message.id)?.();
      waiting.delete(message.id);
    }
  });
  return {
    relay(change: ContentChange): Promise<void> {
      const id = next++;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve();
        }, 1000);
        timer.unref();
        waiting.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
        process.send?.({ type: "beranda:change", id, change } satisfies ClusterMessage);
      });
    },
    listening(url: string) {
      process.send?.({ type: "beranda:listening", url } satisfies ClusterMessage);
    },
  };
}
