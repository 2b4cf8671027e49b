import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";

/**
 * A site started without demo mode and without an admin (its own server, not
 * the shared demo one): the console's one-time link creates the first admin.
 */
const port = Number(process.env.E2E_PORT ?? 4321) + 77;
const dataDir = path.resolve(`tmp/e2e-setup-${port}`);
let server: ChildProcess;
let setupLink = "";

test.beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ["build/node/main.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  setupLink = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no setup link in: ${output}`)), 30_000);
    server.stdout?.on("data", (chunk) => {
      output += chunk;
      const link = /(http:\/\/\S+\/setup\?token=\S+)/.exec(output)?.[1];
      if (link) {
        clearTimeout(timer);
        resolve(link);
      }
    });
  });
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the console's one-time link creates the first admin, who then signs in", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/setup`);
  await expect(page.getByRole("alert")).toContainText("This setup link is not valid");

  await page.goto(setupLink);
  await expect(page.getByRole("heading", { name: "Set Up Your Site" })).toBeVisible();
  // The token leaves the address bar as the page loads; the form keeps it.
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("First Name").fill("Site");
  await page.getByLabel("Last Name").fill("Owner");
  await page.getByLabel("Username").fill("owner");
  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("short");
  await page.getByRole("button", { name: "Create Admin Account" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("a-long-secret");
  await page.getByLabel("Confirm Password").fill("a-long-secret");
  await page.getByRole("button", { name: "Create Admin Account" }).click();
  await expect(page).toHaveURL(/\/login\?setup=done$/);
  await expect(page.getByRole("status")).toContainText("Your admin account is ready");
  await expect(page.getByRole("button", { name: "Sign in as Demo Admin" })).toHaveCount(0);

  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByLabel("Password").fill("a-long-secret");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto(setupLink);
  await expect(page.getByText("This site is already set up")).toBeVisible();
});
