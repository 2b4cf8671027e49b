import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT } from "./tests/e2e/mail.ts";
import { CHROMIUM_PATH } from "./tests/setup/chromium-path.ts";

const port = E2E_PORT;

// Debian's Chromium, its headless shell unless CHROMIUM_PATH names another build
// (scripts/ensure-chromium.ts installs it; decision 037); Playwright cannot
// download a browser on these machines.
export const chromiumLaunch = {
  executablePath: CHROMIUM_PATH,
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
  // Two cores run two browsers, their servers and the other suite: axe passes over
  // several pages need room, and this machine's speed varies fourfold from day to
  // day (docs/performance.md, "A slow day"). Limits stop hung tests; they measure nothing.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  // The SMTP catcher the server's mail goes to (tests/e2e/mail.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: `test-results/${port}`,
  use: {
    // A trace records every action's DOM and screenshot: a third of the suite's
    // CPU. Off unless asked for (E2E_TRACE=1 npx playwright test …) when a failure
    // needs one; docs/performance.md.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: chromiumLaunch,
  },
  // One project: every worker has a site of its own (tests/e2e/site.ts, started
  // by the `site` fixture), so specs that change settings or accounts run
  // beside the others and alone.
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch },
    },
  ],
});
