// The slugs a company page may not take (common/reserved-slugs.ts) against
// the route tables themselves: every first path segment of app/routes.ts and
// of the Hono routes of server/app.ts, and the files of public/. A new route
// whose first segment is missing from the list fails here, so no page can
// ever hide one of the site's own addresses (or be hidden by it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import {
  APP_ROUTE_SEGMENTS,
  isReservedSlug,
  RESERVED_SLUGS,
  SERVER_ROUTE_SEGMENTS,
} from "#common/reserved-slugs.ts";
import { SLUG_PATTERN } from "#common/schemas/fields.ts";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type DbHandle, openDb } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every full path of the route config (layouts add nothing; prefixes are in the children). */
function fullPaths(entries: readonly RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path !== undefined || entry.index ? [here || "/"] : [];
    return [...own, ...fullPaths(entry.children ?? [], here)];
  });
}

const firstSegment = (p: string) => p.replace(/^\//, "").split("/")[0] ?? "";
/** A segment that matches any text (`:slug`, `*`): not a name a page could collide with. */
const isDynamic = (segment: string) => segment === "" || segment === "*" || segment.startsWith(":");

describe("reserved page slugs", () => {
  let handle: DbHandle;
  let dataDir: string;
  let serverRoutes: { path: string; method: string }[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-routes-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    handle = await openDb({ database: config.database });
    const { app } = createApp({
      config,
      db: handle.db,
      writes: handle.writes,
      logger: createLogger("silent"),
      // A stand-in for the page handler: only its presence matters for the route table.
      pages: async () => new Response("page"),
      secret: "x".repeat(32),
    });
    serverRoutes = app.routes;
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists exactly the first segments of the app's routes", () => {
    const segments = new Set(
      fullPaths(routes as RouteEntry[])
        .map(firstSegment)
        .filter((segment) => !isDynamic(segment)),
    );
    expect([...segments].sort()).toEqual([...APP_ROUTE_SEGMENTS].sort());
  });

  it("pages are the app's one-segment fallback, before the not-found route", () => {
    const paths = fullPaths(routes as RouteEntry[]);
    expect(paths).toContain("/:slug");
    expect(paths.indexOf("/:slug")).toBeLessThan(paths.indexOf("/*"));
  });

  it("covers every first segment the server answers before the pages", () => {
    const literal = new Set<string>();
    for (const route of serverRoutes) {
      const segment = firstSegment(route.path);
      if (segment === "" || segment === "*") continue;
      const param = /^:\w+\{(.+)\}$/.exec(segment);
      if (param) {
        // A pattern (sitemap-pages.xml, sitemap-posts-N.xml) must never match a slug.
        const pattern = new RegExp(`^(?:${param[1]})$`);
        fc.assert(
          fc.property(fc.stringMatching(/^[a-z0-9-]{1,40}$/), (slug) => !pattern.test(slug)),
        );
        continue;
      }
      expect(segment.startsWith(":"), `${route.path} takes any first segment`).toBe(false);
      literal.add(segment);
    }
    for (const segment of literal) {
      expect(RESERVED_SLUGS.has(segment), `${segment} is not reserved`).toBe(true);
    }
    for (const segment of SERVER_ROUTE_SEGMENTS.filter((s) => !s.startsWith("favicon"))) {
      expect(literal.has(segment), `${segment} is no longer a server route`).toBe(true);
    }
  });

  it("covers the files of public/ (served from the build's root)", () => {
    const root = path.resolve(import.meta.dirname, "../../public");
    for (const name of fs.readdirSync(root)) {
      expect(RESERVED_SLUGS.has(name), `public/${name}`).toBe(true);
    }
  });

  it("leaves terms and privacy to pages and reads any case", () => {
    expect(isReservedSlug("terms")).toBe(false);
    expect(isReservedSlug("privacy")).toBe(false);
    expect(isReservedSlug("careers")).toBe(false);
    expect(isReservedSlug("About")).toBe(true);
    expect(isReservedSlug("admin")).toBe(true);
    // Every reserved name that could be a slug is one the slug rule would accept.
    for (const name of RESERVED_SLUGS) {
      if (!name.includes(".")) expect(SLUG_PATTERN.test(name), name).toBe(true);
    }
  });
});
