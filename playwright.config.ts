import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT, SMTP_PORT } from "./tests/e2e/mail.ts";

const port = E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
// admin-settings-*.spec.ts too (menus, contact details): they change what every page shows.
const GLOBAL_STATE = /admin-(settings|users|about)(-[a-z-]+)?\.spec\.ts$/;

// Debian's chromium; Playwright cannot download a browser on these machines.
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Two cores run two browsers and the server: axe passes over several pages need room.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  // The SMTP catcher the server's mail goes to (tests/e2e/mail.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: `test-results/${port}`,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: "chromium",
      testIgnore: GLOBAL_STATE,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch },
    },
    // Specs that change site-wide settings or remove accounts run after the
    // others, so no test sees another's temporary site title or missing admin.
    {
      name: "global-state",
      testMatch: GLOBAL_STATE,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch },
    },
  ],
  webServer: {
    // A fresh demo database for every run, on the production build.
    // The production build, as `npm start` runs it (build/node is made by npm run build).
    command: `rm -rf tmp/e2e-${port} && node --max-semi-space-size=8 --heap-growing-percent=50 build/node/main.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: `tmp/e2e-${port}`,
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      // One server process, as every test run has unless it sets WORKERS (the default is one per core).
      WORKERS: "1",
      // Every test's browser is one client (127.0.0.1): room for the whole run.
      CONTACT_RATE_LIMIT: "100/10m",
      REGISTER_RATE_LIMIT: "100/1h",
      // Every API answer the screens get is checked against its declared schema.
      CHECK_RESPONSES: "1",
      // Mail goes to the catcher the global setup starts (demo mode sends when SMTP_URL is set).
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "no-reply@example.test",
    },
  },
});
