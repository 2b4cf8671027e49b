import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  type PageAssets,
  pageAssetsContext,
  type RequestInfo,
  requestInfoContext,
  type SiteServices,
  siteServicesContext,
} from "#common/site-context.ts";

/** The project folder: the nearest one up with a package.json (from source or from the bundle). */
function projectRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from, "..");
    dir = parent;
  }
  return dir;
}

export const BUILD_DIR = path.join(projectRoot(import.meta.dirname), "build");

export type PageHandler = (
  request: Request,
  site: SiteServices,
  info: RequestInfo,
) => Promise<Response>;

/**
 * Where `npm run build` notes the enhancement script's file name
 * (scripts/build.ts): it is built apart from React Router's client build.
 */
export const ENHANCE_MANIFEST = "enhance.json";

/** Loads the React Router server build and wraps it with our load context. */
export async function loadPageHandler(buildDir = BUILD_DIR): Promise<PageHandler> {
  const entry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(entry)) {
    throw new Error(`No server build at ${entry}: run "npm run build" first`);
  }
  const manifest = path.join(buildDir, ENHANCE_MANIFEST);
  if (!fs.existsSync(manifest)) {
    throw new Error(`No ${ENHANCE_MANIFEST} in ${buildDir}: run "npm run build" again`);
  }
  const assets = JSON.parse(fs.readFileSync(manifest, "utf8")) as PageAssets;
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  return withContext(createRequestHandler(build, "production"), assets);
}

/**
 * The same, for development: the build comes fresh from Vite on each request,
 * and Vite serves the enhancement script from its source.
 */
export function devPageHandler(loadBuild: () => Promise<ServerBuild>): PageHandler {
  return withContext(createRequestHandler(loadBuild, "development"), {
    enhanceScript: "/app/enhance/main.ts",
  });
}

function withContext(
  handler: ReturnType<typeof createRequestHandler>,
  assets: PageAssets,
): PageHandler {
  return (request, site, info) => {
    const context = new RouterContextProvider();
    context.set(siteServicesContext, site);
    context.set(requestInfoContext, info);
    context.set(pageAssetsContext, assets);
    return handler(request, context);
  };
}
