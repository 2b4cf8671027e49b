import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** The demo accounts seeded in demo mode (the e2e server runs in demo mode). */
export const ACCOUNTS = {
  admin: { email: "admin@example.com", password: "admin12345" },
  editor: { email: "editor@example.com", password: "editor12345" },
  author: { email: "author@example.com", password: "author12345" },
} as const;

export type Role = keyof typeof ACCOUNTS;

/** A bearer token for a demo account, straight from the API. */
export async function tokenFor(page: Page, role: Role): Promise<{ token: string; user: unknown }> {
  const response = await page.request.post("/api/auth/login", { data: ACCOUNTS[role] });
  const json = await response.json();
  if (!json.token) throw new Error(`login as ${role} failed: ${JSON.stringify(json)}`);
  return { token: json.token, user: json.data };
}

/**
 * Signs in without the login form: stores the token and user the way the app
 * does (localStorage `token` and `user`, the `beranda_staff` cookie) before any
 * page script runs.
 */
export async function loginAs(page: Page, role: Role) {
  const { token, user } = await tokenFor(page, role);
  await putSession(page, token, user);
  return token;
}

/** Puts a session (token and user) into the page's storage before any page script runs. */
export async function putSession(page: Page, token: string, user: unknown) {
  await page.addInitScript(
    ([t, u]) => {
      if (!sessionStorage.getItem("e2e-auth-set")) {
        localStorage.setItem("token", t as string);
        localStorage.setItem("user", JSON.stringify(u));
        // What the admin client sets once signed in: this browser's public pages are fresh renders.
        // biome-ignore lint/suspicious/noDocumentCookie: the same plain flag the app sets
        document.cookie = "beranda_staff=1; path=/; samesite=lax";
        sessionStorage.setItem("e2e-auth-set", "1");
      }
    },
    [token, user] as const,
  );
}

/** Calls the API with a token (for setting up or checking data). */
export async function apiAs(
  page: Page,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data !== undefined ? { data } : {}),
  });
  return { status: response.status(), body: await response.json() };
}

/** A short unique suffix so tests running side by side never collide. */
export function unique(prefix = "e2e") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * An axe scan of the page (`include`/`exclude` selectors, `withTags`, then
 * `analyze`). axe-core goes into each document once and runs there, and only
 * its violations come back: half the time a scan through @axe-core/playwright
 * took or less, which put axe into the page again for every scan and carried
 * every passing node back (docs/performance.md, "Accessibility scans with
 * axe-core itself"). Frames are not entered: no page here embeds a frame of
 * its own (the contact map, another site's, is excluded where it is shown).
 */
export function axeScan(page: Page) {
  const include: string[] = [];
  const exclude: string[] = [];
  const options: RunOptions = { resultTypes: ["violations"], iframes: false };
  const scan = {
    include(selector: string) {
      include.push(selector);
      return scan;
    },
    exclude(selector: string) {
      exclude.push(selector);
      return scan;
    },
    withTags(tags: string[]) {
      options.runOnly = { type: "tag", values: tags };
      return scan;
    },
    async analyze(): Promise<Pick<AxeResults, "violations">> {
      if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(
        async ({ include, exclude, options }) => {
          // Colours as they settle: a theme switched just before is still fading in.
          const fading = document.getAnimations().filter((a) => a instanceof CSSTransition);
          await Promise.allSettled(fading.map((a) => a.finished));
          const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
          const context = include.length ? { include, exclude } : { exclude };
          return (await axe.run(context, options)).violations;
        },
        { include, exclude, options },
      );
      return { violations };
    },
  };
  return scan;
}

/** The rules the specs hold pages to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The WCAG A/AA violations in `include` (the whole page without it) outside
 * `exclude`, one line each, `rule: where`, so a failed `toEqual([])` says
 * what and where.
 * `seriousOnly` keeps the serious and critical ones. The pointer is moved
 * out of the way first: a hover state is not what is measured (a primary
 * button dims under it).
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; exclude?: string; seriousOnly?: boolean } = {},
): Promise<string[]> {
  await page.mouse.move(0, 0);
  const scan = axeScan(page).withTags(WCAG_AA);
  if (options.include) scan.include(options.include);
  if (options.exclude) scan.exclude(options.exclude);
  const { violations } = await scan.analyze();
  return violations
    .filter((v) => !options.seriousOnly || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
