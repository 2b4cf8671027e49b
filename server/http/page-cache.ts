import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { POST_VIEW_HEADER, STAFF_COOKIE } from "#common/site-context.ts";
import type { Bytes, Encoding, PageCache, PageEntry } from "#server/cache/page-cache.ts";
import { collectTags } from "#server/lib/cache-tags.ts";
import { COMPRESSIBLE, compressBody, negotiateEncoding } from "./compression.ts";
import type { AppEnv } from "./context.ts";
import type { PageCacheKey } from "./page-cache-key.ts";
import type { RequestStamp } from "./request-context.ts";
import { hashPolicy } from "./security.ts";

/** Never looked up: static files (cheap, immutable), the admin area and draft previews (secret, never kept). */
const BYPASS = /^\/(assets|uploads|admin|preview)(\/|$)|^\/api\/(auth|users|dashboard|media)(\/|$)/;
/** Response headers that are per request or set again when served. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "vary",
  "x-request-id",
  "transfer-encoding",
  "connection",
  POST_VIEW_HEADER,
]);
const SMALL = 1024;
const STAFF = new RegExp(`(?:^|;\\s*)${STAFF_COOKIE}=1(?:;|$)`);

/** Staff: a token, or a browser the admin client marked as signed in. */
const isStaff = (authorization: string | undefined, cookie: string | undefined) =>
  authorization !== undefined || (cookie !== undefined && STAFF.test(cookie));

export type PageCacheMiddlewareOptions = {
  /** null: the cache is off; the middleware then only removes internal headers. */
  cache: PageCache | null;
  /** Where a request URL's answer is kept (http/page-cache-key.ts). */
  keyOf: (url: string) => PageCacheKey;
  /** Called on a hit of a response whose render counted a post view. */
  onView: (postId: number) => void;
  /** What shared caches in front (a CDN) may do with public answers; none when not given. */
  cdn?: CdnPolicy;
};

/** Seconds for the `Cache-Control` of public answers (server/config.ts: CACHE_*). */
export type CdnPolicy = { sMaxAge: number; staleWhileRevalidate: number; staleIfError: number };

/** Requests the cache itself makes to render a stale entry again (never from a client). */
const backgroundRequests = new WeakSet<Request>();

/**
 * How the cache renders a stale entry again: a GET through the app, marked
 * as a background render (stored whatever the admission rules, no post view
 * counted, nobody waiting on it).
 */
export function backgroundRenderer(fetch: (request: Request) => Response | Promise<Response>) {
  return async (url: string) => {
    const request = new Request(url, { headers: { "accept-encoding": "br, gzip" } });
    backgroundRequests.add(request);
    const response = await fetch(request);
    await response.body?.cancel();
  };
}

/** The headers that let a CDN keep a public answer and purge it by tag. */
function cdnHeaders(policy: CdnPolicy, tags: ReadonlySet<string>): Record<string, string> {
  const list = [...tags].sort();
  return {
    "cache-control": `public, max-age=0, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}, stale-if-error=${policy.staleIfError}`,
    "surrogate-key": list.join(" "),
    "cache-tag": list.join(","),
  };
}

/**
 * Answers anonymous GET and HEAD requests for public pages, feeds and the
 * read API from the page cache. A miss renders as usual; a storable answer
 * (200, text, no cookie, not private) the cache admits is compressed in the
 * encoding this client takes, stored with an ETag, and later requests for the
 * same key get those bytes (or a 304; the other encoding is made when a
 * client first needs it). A variant asked for the first time (a one-off
 * search) is rendered and compressed like any uncached answer, not stored.
 * Requests with an Authorization header (staff) always render.
 */
export function pageCache(options: PageCacheMiddlewareOptions): MiddlewareHandler<AppEnv> {
  const { cache } = options;
  return async (c, next) => {
    const method = c.req.method;
    if (
      !cache ||
      (method !== "GET" && method !== "HEAD") ||
      isStaff(c.req.header("authorization"), c.req.header("cookie")) ||
      BYPASS.test(c.req.path)
    ) {
      await next();
      if (c.res.headers.has(POST_VIEW_HEADER)) c.res.headers.delete(POST_VIEW_HEADER);
      return;
    }

    const url = c.req.url;
    const { key, variant } = options.keyOf(url);
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const background = backgroundRequests.has(c.req.raw);
    if (!background) {
      const found = cache.lookup(key);
      const waited = found ? undefined : await cache.pending(key);
      const entry = found?.entry ?? waited;
      if (entry) {
        if (entry.viewPostId !== undefined) options.onView(entry.viewPostId);
        if (encoding && !entry.identity && !entry[encoding]) {
          cache.addEncoding(key, entry, encoding, await reencode(entry, encoding));
        }
        return respond(c, entry, found?.stale ? "STALE" : "HIT", found?.ageSeconds ?? 0);
      }
    }

    const ticket = cache.begin(key, { variant, url, background });
    let entry: PageEntry | null = null;
    let tags: ReadonlySet<string> | undefined;
    try {
      ({ tags } = await collectTags(() => next(), { background }));
      if (method === "GET" && isStorable(c.res)) {
        if (options.cdn) {
          for (const [name, value] of Object.entries(cdnHeaders(options.cdn, tags))) {
            c.res.headers.set(name, value);
          }
        }
        if (ticket.admitted) entry = await toEntry(c.res, encoding ?? "br");
      }
    } finally {
      await ticket.finish(entry, tags);
    }
    if (!entry) {
      if (c.res.headers.has(POST_VIEW_HEADER)) c.res.headers.delete(POST_VIEW_HEADER);
      return;
    }
    // Replace the rendered response (a plain return would be ignored: the
    // context already holds one). Unset first, or Hono merges the old headers in.
    c.res = undefined;
    c.res = respond(c, entry, "MISS", 0);
  };
}

function isStorable(res: Response) {
  if (res.status !== 200 || !res.body) return false;
  const headers = res.headers;
  if (headers.has("set-cookie") || headers.has("content-encoding")) return false;
  if (/no-store|private/i.test(headers.get("cache-control") ?? "")) return false;
  return COMPRESSIBLE.test(headers.get("content-type") ?? "");
}

/** A stored answer in `encoding`, compressed once for the client that asked first. */
async function toEntry(res: Response, encoding: Encoding): Promise<PageEntry> {
  const raw = new Uint8Array(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) headers[name] = value;
  });
  const policy = headers["content-security-policy"];
  if (policy && (headers["content-type"] ?? "").startsWith("text/html")) {
    headers["content-security-policy"] = hashPolicy(new TextDecoder().decode(raw), policy);
  }
  // Browsers and proxies may keep a copy but must check it (cheap: 304 by ETag);
  // with a CDN policy the answer already says how long shared caches keep it.
  headers["cache-control"] ??= "no-cache";
  const view = Number(res.headers.get(POST_VIEW_HEADER));
  const etag = `W/"${createHash("sha1").update(raw).digest("base64url").slice(0, 22)}"`;
  const base = { headers, etag, viewPostId: Number.isInteger(view) && view > 0 ? view : undefined };
  if (raw.byteLength < SMALL) return { ...base, identity: raw, size: raw.byteLength + 512 };
  const body = await compressBody(raw, encoding, "stored");
  return { ...base, [encoding]: body, size: body.byteLength + 512 };
}

/** The stored body as it was rendered (for a client that takes no compression). */
function plain(entry: PageEntry): Bytes {
  if (entry.identity) return entry.identity;
  if (entry.gzip) return zlib.gunzipSync(entry.gzip) as Bytes;
  return zlib.brotliDecompressSync(entry.br!) as Bytes;
}

/** The stored body in the encoding it does not have yet. */
function reencode(entry: PageEntry, encoding: Encoding): Promise<Bytes> {
  return compressBody(plain(entry), encoding, "stored");
}

function etagMatches(header: string, etag: string) {
  if (header.trim() === "*") return true;
  const weak = etag.slice(2);
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === etag || candidate === weak || candidate === `W/${weak}`;
  });
}

type CacheState = "HIT" | "MISS" | "STALE";

type Answer = { status: 200 | 304; headers: Record<string, string>; body: Bytes | null };

/** A stored entry as a response to one request: its encoding, or a 304. */
function answer(
  entry: PageEntry,
  request: { method: string; acceptEncoding?: string; ifNoneMatch?: string },
  state: CacheState,
  ageSeconds: number,
): Answer {
  const headers: Record<string, string> = {
    ...entry.headers,
    etag: entry.etag,
    vary: "Accept-Encoding",
    "x-cache": state,
  };
  // How long ago it was rendered (RFC 9111): a shared cache in front counts it.
  if (state !== "MISS") headers.age = String(ageSeconds);
  // On a 304 browsers refresh their kept copy's headers from ours: the same
  // headers as the page (its script-hash policy above all), no body.
  if (request.ifNoneMatch && etagMatches(request.ifNoneMatch, entry.etag)) {
    return { status: 304, headers, body: null };
  }
  const encoding = negotiateEncoding(request.acceptEncoding);
  let body: Bytes;
  if (entry.identity) body = entry.identity;
  else if (encoding && entry[encoding]) {
    body = entry[encoding];
    headers["content-encoding"] = encoding;
  } else {
    // Clients that take no compression are rare (some bots, tools): unpack for them.
    body = plain(entry);
  }
  headers["content-length"] = String(body.byteLength);
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}

function respond(c: Context<AppEnv>, entry: PageEntry, state: CacheState, ageSeconds: number) {
  const { status, headers, body } = answer(
    entry,
    {
      method: c.req.method,
      acceptEncoding: c.req.header("accept-encoding"),
      ifNoneMatch: c.req.header("if-none-match"),
    },
    state,
    ageSeconds,
  );
  if (status === 304) return c.body(null, 304, headers);
  return body ? c.body(body, 200, headers) : c.body(null, 200, headers);
}

type NodeEnv = { incoming?: { headers: Record<string, string | string[] | undefined> } };

/**
 * The page cache in front of the app: a stored answer goes out without
 * routing or middleware, as a plain response the Node adapter writes at once,
 * stamped like every other response (request id, security headers, access
 * log). Anything else (a miss, a render under way, staff) returns undefined
 * and goes to the app, whose `pageCache` middleware renders and stores.
 */
export function pageCacheFront(options: {
  cache: PageCache;
  keyOf: (url: string) => PageCacheKey;
  stamp: RequestStamp;
  onView: (postId: number) => void;
}) {
  const { cache, stamp } = options;
  return (request: Request, env?: unknown): Response | undefined => {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    // The Node adapter hands over the raw request: its headers are a plain
    // object, cheaper than building the Request's Headers.
    const raw = (env as NodeEnv | undefined)?.incoming?.headers;
    const header = raw
      ? (name: string) => {
          const value = raw[name];
          return Array.isArray(value) ? value.join(", ") : value;
        }
      : (name: string) => request.headers.get(name) ?? undefined;
    if (isStaff(header("authorization"), header("cookie"))) return undefined;
    const url = request.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const queryStart = url.indexOf("?", pathStart);
    const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
    if (BYPASS.test(path)) return undefined;
    const found = cache.lookup(options.keyOf(url).key);
    if (!found) return undefined;
    const entry = found.entry;
    const encoding = negotiateEncoding(header("accept-encoding"));
    // Not in this client's encoding yet: the app's middleware makes it (off the hot path).
    if (encoding && !entry.identity && !entry[encoding]) return undefined;

    const started = stamp.now();
    const requestId = stamp.requestId(header("x-request-id"));
    if (entry.viewPostId !== undefined) options.onView(entry.viewPostId);
    const { status, headers, body } = answer(
      entry,
      { method, acceptEncoding: header("accept-encoding"), ifNoneMatch: header("if-none-match") },
      found.stale ? "STALE" : "HIT",
      found.ageSeconds,
    );
    const response = new Response(body, {
      status,
      headers: { ...stamp.headers, ...headers, "x-request-id": requestId },
    });
    stamp.log({ reqId: requestId, method, path, status, started });
    return response;
  };
}
