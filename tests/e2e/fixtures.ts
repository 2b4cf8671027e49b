import { test as base, expect } from "@playwright/test";
import { type Site, startWorkerSite } from "./site.ts";

/**
 * Every worker tests against a site of its own (tests/e2e/site.ts): `site` is
 * its server, and every page, request and new context goes to it.
 *
 * Every test fails on a console error or an uncaught page error, which also
 * catches Content-Security-Policy violations and hydration mismatches.
 */
export const test = base.extend<
  { consoleErrors: string[]; allowedConsoleErrors: RegExp[] },
  { site: Site }
>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => {
      const site = await startWorkerSite(workerInfo.parallelIndex);
      await use(site);
      await site.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !allowedConsoleErrors.some((re) => re.test(text))) {
          errors.push(`${text} (${message.location().url})`);
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
