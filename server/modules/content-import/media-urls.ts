import { lookup } from "node:dns/promises";
import net from "node:net";

/**
 * The addresses of images an imported post shows, and which of them the
 * importer may fetch. WordPress writes resized copies as `name-300x200.jpg`
 * and Jetpack/WordPress.com as `name.jpg?w=300`: both stand for the
 * original, which is the one to download (Beranda makes its own sizes);
 * Ghost's `/content/images/size/w600/…` likewise.
 */

const SIZE_SUFFIX = /-\d{1,5}x\d{1,5}(?=\.(?:jpe?g|png|gif|webp|avif)$)/i;
const SCALED_SUFFIX = /-scaled(?=\.(?:jpe?g|png|gif|webp|avif)$)/i;
/** Ghost's resized copies: `/content/images/size/w600/2024/01/a.jpg` (also `w600h400`, `format/webp`). */
const GHOST_SIZE = /\/content\/images\/size\/w\d+(?:h\d+)?\/(?:format\/[a-z]+\/)?/i;
const RESIZE_PARAMS = ["w", "h", "resize", "fit", "crop", "quality", "strip", "ssl", "zoom"];

/** The original of a resized WordPress image address (others unchanged). */
export function originalImageUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  url.pathname = url.pathname
    .replace(SIZE_SUFFIX, "")
    .replace(SCALED_SUFFIX, "")
    .replace(GHOST_SIZE, "/content/images/");
  for (const name of RESIZE_PARAMS) url.searchParams.delete(name);
  url.hash = "";
  return url.toString().replace(/\?$/, "");
}

/** Every address in a `srcset` ("a.jpg 300w, b.jpg 2x"). */
export function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

/**
 * The image addresses an HTML body refers to, as originals, once each:
 * `src` and `srcset` of every `<img>` and `<source>`, and links straight to
 * an image file (a caption's "click to enlarge" link).
 */
export function imageUrlsIn(html: string, base: string): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    if (!value) return;
    const absolute = absoluteUrl(decodeEntities(value.trim()), base);
    if (absolute) found.add(originalImageUrl(absolute));
  };
  for (const tag of html.matchAll(/<(?:img|source)\b[^>]*>/gi)) {
    add(attribute(tag[0], "src"));
    const srcset = attribute(tag[0], "srcset");
    if (srcset) for (const url of srcsetUrls(decodeEntities(srcset))) add(url);
  }
  for (const tag of html.matchAll(/<a\b[^>]*>/gi)) {
    const href = attribute(tag[0], "href");
    if (href && /\.(?:jpe?g|png|gif|webp|avif)(?:\?[^"']*)?$/i.test(href)) add(href);
  }
  return [...found];
}

export function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

export function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, "&").replace(/&#0?38;/g, "&");
}

/** An address made absolute against the old site, http(s) only; null otherwise. */
export function absoluteUrl(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Loopback, private, link-local and other non-public ranges (IPv4 and IPv6). */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split(".").map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (net.isIPv6(ip)) {
    const lower = ip.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return (
      lower === "::" ||
      lower === "::1" ||
      lower.startsWith("fc") ||
      lower.startsWith("fd") ||
      lower.startsWith("fe8") ||
      lower.startsWith("fe9") ||
      lower.startsWith("fea") ||
      lower.startsWith("feb") ||
      lower.startsWith("ff")
    );
  }
  return true;
}

/**
 * Whether the importer may fetch `address`: http or https, and a host that
 * resolves only to public addresses, unless the operator allowed the host
 * (`allowedHosts`, e.g. the old site on an internal network, or a test
 * server on 127.0.0.1). The answer names the reason when it is no.
 */
export async function checkFetchable(
  address: string,
  allowedHosts: readonly string[] = [],
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((entry) => entry.address),
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: "not a valid address" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `${url.protocol.replace(":", "")} addresses are not fetched` };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (
    allowedHosts.some(
      (allowed) =>
        allowed.toLowerCase() === host || allowed.toLowerCase() === url.host.toLowerCase(),
    )
  ) {
    return { ok: true };
  }
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await resolve(host);
  } catch {
    return { ok: false, reason: `the host ${host} was not found` };
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return { ok: false, reason: `the host ${host} is a private or local address` };
  }
  return { ok: true };
}
