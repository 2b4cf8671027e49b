import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * gzip or brotli (preferred when the client accepts it) for generated text
 * responses (pages, API). Hono's own compress() has no brotli, so this uses
 * node:zlib. Static files come precompressed from the build instead.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD") return;
    if (res.headers.has("content-encoding")) return;
    const type = res.headers.get("content-type") ?? "";
    if (!COMPRESSIBLE.test(type)) return;
    const length = Number(res.headers.get("content-length") ?? Number.NaN);
    if (!Number.isNaN(length) && length < MIN_BYTES) return;
    const accept = c.req.header("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    if (!encoding) return;

    const compressor =
      encoding === "br"
        ? zlib.createBrotliCompress({
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
    const source = Readable.fromWeb(res.body as unknown as NodeWebReadableStream);
    source.on("error", (error) => compressor.destroy(error));
    const body = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream;
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    headers.append("vary", "Accept-Encoding");
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
