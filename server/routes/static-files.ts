import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/context.ts";
import { storedImageType } from "#server/modules/uploads/stored-names.ts";
import type { LocalUploadStore } from "#server/storage/local-store.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";

/** Files under `dir` (traversal-safe), with Cache-Control (and `headers`) on a hit. */
function staticFiles(
  dir: string,
  cacheControl: string,
  options: { precompressed?: boolean; headers?: (path: string) => Record<string, string> } = {},
): MiddlewareHandler<AppEnv> {
  const hits = new WeakSet<object>();
  const serve = serveStatic({
    // serveStatic takes a root relative to the working directory.
    root: path.relative(process.cwd(), dir) || ".",
    precompressed: options.precompressed ?? true,
    onFound: (_path, c) => {
      hits.add(c);
    },
  });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response && hits.has(c)) {
      response.headers.set("cache-control", cacheControl);
      for (const [name, value] of Object.entries(options.headers?.(c.req.path) ?? {})) {
        response.headers.set(name, value);
      }
    }
    return response;
  };
}

/**
 * Uploaded files are served only under the names the image pipeline gives
 * (stored-names.ts), as the image type the name says, and sandboxed: opened
 * on its own, nothing in such a file can run or reach the site.
 */
const UPLOAD_POLICY = "default-src 'none'; sandbox";

function uploadHeaders(requestPath: string): Record<string, string> {
  const type = storedImageType(requestPath.slice("/uploads/".length));
  return {
    "content-type": type?.mime ?? "application/octet-stream",
    "content-security-policy": UPLOAD_POLICY,
    "x-content-type-options": "nosniff",
  };
}

const isStoredUploadPath = (requestPath: string) =>
  requestPath.startsWith("/uploads/") &&
  storedImageType(requestPath.slice("/uploads/".length)) !== null;

/**
 * Files of the database or S3 store, answered as the disk's are (type, size,
 * Last-Modified, Cache-Control and the sandbox) plus an ETag: the name is
 * the content's hash, so it is the ETag, and a revalidation is answered 304.
 */
function storedFiles(store: UploadStore, cacheControl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const key = c.req.path.slice("/uploads/".length);
    const head = c.req.method === "HEAD";
    const stream = head ? null : await store.stream(key);
    const found = head ? await store.stat(key) : stream;
    if (!found) return next();
    const etag = `"${key.replace(/\.[^.]*$/, "")}"`;
    const headers: Record<string, string> = {
      ...uploadHeaders(c.req.path),
      "cache-control": cacheControl,
      etag,
      "last-modified": found.modifiedAt.toUTCString(),
    };
    const match = c.req.header("if-none-match");
    if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      await stream?.body.cancel();
      return c.body(null, 304, headers);
    }
    headers["content-length"] = String(found.size);
    return stream ? c.body(stream.body, 200, headers) : c.body(null, 200, headers);
  };
}

/** Uploads, the build's assets and its other public files (favicon and the like). */
export function mountStaticFiles(
  app: Hono<AppEnv>,
  { uploads: store, buildDir }: { uploads: UploadStore; buildDir: string },
) {
  // Uploaded files and built assets have content-hashed names: they never change.
  const immutable = "public, max-age=31536000, immutable";
  const clientDir = path.join(buildDir, "client");
  // Anything else under /uploads (another name, a subfolder) is not served.
  const uploads =
    store.kind === "local"
      ? staticFiles(path.dirname((store as LocalUploadStore).dir), immutable, {
          precompressed: false,
          headers: uploadHeaders,
        })
      : storedFiles(store, immutable);
  app.use("/uploads/*", (c, next) => (isStoredUploadPath(c.req.path) ? uploads(c, next) : next()));
  app.on(["GET", "HEAD"], "/uploads/*", (c) => c.text("Not found", 404));
  app.use("/assets/*", staticFiles(clientDir, immutable));
  app.on(["GET", "HEAD"], "/assets/*", (c) => c.text("Not found", 404));
  // Other files of the build (favicon and the like) all have an extension; page
  // addresses have none, so they skip the file-system lookup.
  const publicFiles = staticFiles(clientDir, "public, max-age=3600");
  app.use("*", (c, next) => (/\.[^/]*$/.test(c.req.path) ? publicFiles(c, next) : next()));
}
