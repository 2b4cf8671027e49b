import { createHash, randomBytes } from "node:crypto";

/** Headers every response carries, whatever produced it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

// Vite's dev server injects inline scripts (HMR, React refresh) without our nonce.
export const DEVELOPMENT_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self' ws: wss:; frame-ancestors 'none'";

const TAG_MANAGER = "https://www.googletagmanager.com";
const ANALYTICS_CONNECT =
  "https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com";

export type PolicyOptions = {
  /** The site has an analytics ID: Google's tag manager and analytics hosts are allowed. */
  analytics?: boolean;
  /** The origin of the contact page's map (Site Settings → Contact): the one frame source. */
  mapOrigin?: string | null;
};

/**
 * The policy of our pages. Scripts run only from our origin (and Google's tag
 * manager when the site has an analytics ID), or inline when `scriptSources`
 * allows them: the per-request nonce for a fresh render, or the hashes of a
 * cached page's inline scripts. With no sources (API and other non-HTML
 * responses) no inline script runs. Frames: exactly the map's origin when the
 * site shows a map, none otherwise.
 */
export function contentSecurityPolicy(scriptSources: string[] = [], options: PolicyOptions = {}) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources, ...(options.analytics ? [TAG_MANAGER] : [])].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${options.analytics ? ` ${ANALYTICS_CONNECT}` : ""}`,
    `frame-src ${options.mapOrigin ? options.mapOrigin : "'none'"}`,
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy for responses without inline scripts, computed once. */
export const STATIC_CSP = contentSecurityPolicy();

/** HSTS for a site served over https (PUBLIC_URL): browsers then never try http. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh CSP nonce per page: 16 random bytes, base64. The bytes come from a
 * pool filled 128 nonces at a time (as Node's own randomUUID does) and are
 * never handed out twice: a randomBytes call per page cost 1% of a render.
 */
export function createNonce() {
  if (nonceOffset >= noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 128);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function noncePolicy(nonce: string, options: PolicyOptions = {}) {
  return contentSecurityPolicy([`'nonce-${nonce}'`], options);
}

// A script element's text cannot contain "</script", so this finds exactly
// what the browser runs as inline script (module or classic).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPE = /(?:^|\s)type\s*=\s*["']?([^"'\s>]*)/i;
const JAVASCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);
/** One attribute of a start tag: its name and its value (double-, single- or unquoted). */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const NONCE_SOURCE = /'nonce-([^']*)'/;

/** Whether a script element with these attributes runs inline code (not src, not a data block). */
function isInlineCode(attributes: string) {
  if (/(?:^|\s)src\s*=/i.test(attributes)) return false;
  const type = SCRIPT_TYPE.exec(attributes)?.[1]?.toLowerCase() ?? "";
  return JAVASCRIPT_TYPES.has(type);
}

/** The value of a start tag's first `nonce` attribute (the one a browser reads), or null. */
function nonceOf(attributes: string): string | null {
  for (const [, name = "", double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
    if (name.toLowerCase() === "nonce") return double ?? single ?? bare ?? "";
  }
  return null;
}

/**
 * The policy for a stored copy of a rendered page: a nonce served to many
 * visitors would stop being a secret, so the page's policy (`policy`, as it was
 * rendered) allows its own inline scripts by their SHA-256 hashes instead of
 * the nonce. Its own means the scripts this render emitted: those carrying the
 * render's nonce (React Router and our root put it on every script they write).
 * A script without it came from somewhere else (stored content, an injection
 * bug) and is never hashed, so it stays blocked on the stored page as it was
 * on the fresh one.
 */
export function hashPolicy(html: string, policy: string): string {
  const nonce = NONCE_SOURCE.exec(policy)?.[1];
  const hashes = new Set<string>();
  if (nonce) {
    for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
      if (!isInlineCode(attributes) || nonceOf(attributes) !== nonce) continue;
      hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
  }
  return policy.replace(/ ?'nonce-[^']*'/, hashes.size ? ` ${[...hashes].join(" ")}` : "");
}
