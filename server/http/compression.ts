import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { Bytes, Encoding } from "#server/cache/page-cache.ts";

export const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/** Above this, compression runs on the thread pool instead of the event loop. */
const SYNC_LIMIT = 256 * 1024;
/** Larger generated responses are sent as they are. */
const MAX_BYTES = 16 * 1024 * 1024;

/** For stored bytes (compressed once, at the best level): br, else gzip, else none. */
export function negotiateEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  if (accept.includes("br") && /\bbr\b/.test(accept)) return "br";
  if (accept.includes("gzip")) return "gzip";
  return null;
}

/**
 * For bytes compressed per request: gzip, else br. At the fast settings a
 * response made per request can afford, gzip is both quicker and smaller than
 * brotli (quality 3-4) on our pages.
 */
function negotiateDynamic(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  if (accept.includes("gzip")) return "gzip";
  if (/\bbr\b/.test(accept)) return "br";
  return null;
}

// A brotli window sized to the body: the encoder's memory follows the window,
// and a 4 MB default window per response is what made memory grow under load.
function brotliOptions(size: number, quality: number): zlib.BrotliOptions {
  const window = Math.min(24, Math.max(18, Math.ceil(Math.log2(size + 1))));
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_LGWIN]: window,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * One-shot compression of a whole body: a fast setting for responses made per
 * request, a thorough one for bytes stored and sent many times (page cache).
 * Both run on the event loop up to SYNC_LIMIT: compressing on the thread pool
 * left each pool thread with its own malloc arena, and memory that never came
 * back. Measured on a 45 KB post page: brotli 6 took 0.5 ms for 6.5 KB,
 * brotli 10 12 ms and 11 45 ms for 6.0 and 5.9 KB; not worth it per store.
 * Per request, gzip level 3 (zlib's fast matcher) took 60-70 µs for 5.4 KB of
 * a 24 KB post page where level 6 took 100-150 µs for 5.0 KB.
 */
export async function compressBody(
  body: Uint8Array,
  encoding: Encoding,
  effort: "fast" | "stored",
): Promise<Bytes> {
  const quality = effort === "stored" ? 6 : 4;
  const level = effort === "stored" ? 9 : 3;
  if (body.byteLength <= SYNC_LIMIT) {
    return (
      encoding === "br"
        ? zlib.brotliCompressSync(body, brotliOptions(body.byteLength, quality))
        : zlib.gzipSync(body, { level })
    ) as Bytes;
  }
  return (await (encoding === "br"
    ? brotliAsync(body, brotliOptions(body.byteLength, quality))
    : gzipAsync(body, { level }))) as Bytes;
}

/**
 * br or gzip for generated text responses that the page cache did not answer
 * (API calls of signed-in staff, uncached pages). The body is already whole
 * when it gets here (pages render completely before the first byte), so it is
 * compressed in one call rather than through a stream per response: a
 * compressor stream per response held megabytes each under load. Static files
 * come precompressed from the build; cached pages carry their stored bytes.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === "HEAD") return;
    const encoding = negotiateDynamic(c.req.header("accept-encoding"));
    if (!encoding) return;
    const res = c.res;
    // Headers first: reading `body` turns Hono's light response into a stream.
    if (res.headers.has("content-encoding") || !res.body) return;
    if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
    const declared = Number(res.headers.get("content-length") ?? Number.NaN);
    if (declared < MIN_BYTES || declared > MAX_BYTES) return;

    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append("vary", "Accept-Encoding");
    let sent: Bytes = body;
    if (body.byteLength >= MIN_BYTES && body.byteLength <= MAX_BYTES) {
      sent = await compressBody(body, encoding, "fast");
      headers.set("content-encoding", encoding);
    }
    headers.set("content-length", String(sent.byteLength));
    c.res = undefined;
    c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
  };
}
