import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { inheritedEnv } from "#tests/setup/child-env.ts";
import { E2E_PORT, SMTP_PORT } from "./mail.ts";

/**
 * The browser tests' sites: the production build (`npm start`'s
 * build/node/main.js) in demo mode. The global setup starts it once on an
 * empty data directory, which seeds the demo site, and keeps that directory
 * as the template; every Playwright worker then runs a server of its own on a
 * copy, so workers never see each other's posts, settings or accounts
 * (docs/architecture.md, "Tests").
 */
export const TEMPLATE_DIR = path.resolve(`tmp/e2e-template-${E2E_PORT}`);

/** Every server's settings, as `npm start` would get them. */
function siteEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...inheritedEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO_MODE: "true",
    LOG_LEVEL: "warn",
    // One server process per site (the default is one per core).
    WORKERS: "1",
    // A change shows as soon as its background render ends (no floor between two renders).
    PAGE_CACHE_MIN_RENDER_SECONDS: "0",
    // Every test's browser is one client (127.0.0.1): room for the whole run.
    CONTACT_RATE_LIMIT: "100/10m",
    REGISTER_RATE_LIMIT: "100/1h",
    PASSWORD_RESET_RATE_LIMIT: "100/1h",
    // Every API answer the screens get is checked against its declared schema.
    CHECK_RESPONSES: "1",
    // Mail goes to the catcher the global setup starts (demo mode sends when SMTP_URL is set).
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: "no-reply@example.test",
  };
}

export type Site = { url: string; dataDir: string; stop: () => Promise<void> };

/** Starts the built server on `port` over `dataDir`; resolves once /healthz answers. */
export async function startSite(port: number, dataDir: string, logFile: string): Promise<Site> {
  await stopStaleServer(logFile);
  if (await answers(`http://127.0.0.1:${port}/healthz`)) {
    throw new Error(`port ${port} is taken by another process: set E2E_PORT to a free range`);
  }
  const log = fs.openSync(logFile, "w");
  const child: ChildProcess = spawn(
    process.execPath,
    ["--max-semi-space-size=8", "--heap-growing-percent=50", "build/node/main.js"],
    { env: siteEnv(port, dataDir), stdio: ["ignore", "ignore", log] },
  );
  if (child.pid) fs.writeFileSync(`${logFile}.pid`, String(child.pid));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.closeSync(log);
    fs.rmSync(`${logFile}.pid`, { force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the site on ${url} exited early: ${fs.readFileSync(logFile, "utf8")}`);
    }
    if (await answers(`${url}/healthz`)) return { url, dataDir, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the site on ${url} did not answer within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * A server an interrupted run left behind (Playwright killed before its
 * teardown) still holds the port and serves an old build: stopped by the pid
 * it recorded, so the new run never tests against it.
 */
async function stopStaleServer(logFile: string) {
  const pidFile = `${logFile}.pid`;
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8"));
  fs.rmSync(pidFile, { force: true });
  // Only our own server: a recycled pid may now be anything else.
  const command = fs.existsSync(`/proc/${pid}/cmdline`)
    ? fs.readFileSync(`/proc/${pid}/cmdline`, "utf8")
    : "";
  if (!command.includes("build/node/main.js")) return;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Seeds the demo site once (global setup): a first start on an empty directory. */
export async function prepareTemplate() {
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const site = await startSite(E2E_PORT, TEMPLATE_DIR, `${TEMPLATE_DIR}.log`);
  await site.stop();
}

/** A worker's own site: a copy of the template on a port of its own. */
export async function startWorkerSite(index: number): Promise<Site> {
  const port = E2E_PORT + 1 + index;
  const dataDir = path.resolve(`tmp/e2e-${E2E_PORT}-worker-${index}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(TEMPLATE_DIR, dataDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== "beranda.lock",
  });
  const site = await startSite(port, dataDir, `${dataDir}.log`);
  return {
    ...site,
    stop: async () => {
      await site.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
