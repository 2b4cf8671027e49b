import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * Security headers on every response. Scripts run only from our origin or
 * with the per-request nonce, so no inline script needs 'unsafe-inline'.
 */
export function securityHeaders(
  options: { development?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    if (!headers.has("content-security-policy")) {
      headers.set(
        "content-security-policy",
        options.development ? DEVELOPMENT_CSP : contentSecurityPolicy(nonce),
      );
    }
    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
    headers.set("x-frame-options", "DENY");
    headers.set("cross-origin-opener-policy", "same-origin");
    headers.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
  };
}

// Vite's dev server injects inline scripts (HMR, React refresh) without our nonce.
const DEVELOPMENT_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self' ws: wss:; frame-ancestors 'none'";

export function contentSecurityPolicy(nonce: string, extra: { scriptSrc?: string[] } = {}) {
  const analytics = "https://www.googletagmanager.com";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${analytics} ${(extra.scriptSrc ?? []).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com",
    "frame-src 'self' https://www.openstreetmap.org",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
