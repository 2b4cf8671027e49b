import { test as base, expect } from "@playwright/test";
import { apiAs, putSession, type Role, tokenFor, unique } from "./helpers.ts";
import { type Site, startWorkerSite } from "./site.ts";

/** An account a test made for itself (the `login` fixture). */
export type OwnAccount = {
  id: number;
  email: string;
  password: string;
  token: string;
  user: { id: number; username: string; first_name: string; last_name: string; role: Role };
};

/**
 * Every worker tests against a site of its own (tests/e2e/site.ts): `site` is
 * its server, and every page, request and new context goes to it.
 *
 * Every test fails on a console error or an uncaught page error, which also
 * catches Content-Security-Policy violations and hydration mismatches.
 */
export const test = base.extend<
  {
    consoleErrors: string[];
    allowedConsoleErrors: RegExp[];
    /**
     * Creates an account of `role` for this test alone, signs the page in
     * with it, and deletes it after the test: a spec that changes its own
     * account (name, password, sessions) never touches another's.
     */
    login: (role: Role) => Promise<OwnAccount>;
  },
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
  login: async ({ page }, use) => {
    const made: number[] = [];
    let admin: string | undefined;
    await use(async (role) => {
      admin ??= (await tokenFor(page, "admin")).token;
      const username = unique(role).replace(/-/g, "_");
      const email = `${username}@example.com`;
      const password = "Own-Account-2468";
      const created = await apiAs(page, admin, "POST", "/users", {
        username,
        email,
        first_name: "Test",
        last_name: role[0]!.toUpperCase() + role.slice(1),
        role,
        password,
      });
      if (created.status !== 201)
        throw new Error(`could not create a ${role}: ${JSON.stringify(created.body)}`);
      made.push(created.body.data.id);
      const response = await page.request.post("/api/auth/login", { data: { email, password } });
      const json = await response.json();
      await putSession(page, json.token, json.data);
      return { id: created.body.data.id, email, password, token: json.token, user: json.data };
    });
    // Accounts that wrote posts keep them (deleteUser refuses): those stay, harmlessly.
    for (const id of made) await apiAs(page, admin!, "DELETE", `/users/${id}`).catch(() => {});
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
