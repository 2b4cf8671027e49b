import { isIP } from "node:net";

/** Which proxies in front of the site are believed (TRUST_PROXY). */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/**
 * The one header the proxy sets with the client's address
 * (TRUST_PROXY_HEADER); the other is whatever the client sent, never read.
 */
export const PROXY_HEADERS = ["x-forwarded-for", "x-real-ip"] as const;
export type ProxyHeader = (typeof PROXY_HEADERS)[number];

export const TRUST_PROXY_HEADER_HELP =
  "must be x-forwarded-for or x-real-ip (the header your proxy sets)";

/**
 * What is believed about the client's address: nothing (null, the default:
 * the socket's address is the client's), or a number of proxy hops (`1` for
 * one nginx or Caddy in front) or the proxies' own addresses, and the header
 * they set.
 */
export type TrustProxy = (TrustedProxies & { header: ProxyHeader }) | null;

/** The address a request came from when nothing better is known (in-process calls). */
export const UNKNOWN_CLIENT = "unknown";

export const TRUST_PROXY_HELP =
  "must be off, the number of proxies in front (1, 2, …) or their IP addresses, comma-separated";

/** Reads TRUST_PROXY; throws an Error with TRUST_PROXY_HELP for anything else. */
export function parseTrustProxy(value: string | undefined): TrustedProxies | null {
  const text = (value ?? "").trim().toLowerCase();
  if (["", "off", "false", "no", "0"].includes(text)) return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(TRUST_PROXY_HELP);
    return { hops };
  }
  const addresses = text.split(",").map((entry) => entry.trim());
  if (addresses.some((entry) => !isIP(entry))) throw new Error(TRUST_PROXY_HELP);
  return { addresses: addresses.map(canonical) };
}

/** Full, lowercase IPv6 groups of an address net.isIP accepted as version 6. */
function ipv6Groups(address: string): string[] {
  let text = address.replace(/%.*$/, "");
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/** One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 in full lowercase groups. */
function canonical(address: string): string {
  const text = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) return mapped[1]!;
  if (isIP(text) === 6) return ipv6Groups(text).join(":");
  return text;
}

/**
 * The key a client's limits are counted under: an IPv4 address as it is, an
 * IPv6 address by its /64 network (one household or server gets a whole /64,
 * so counting single IPv6 addresses would give it billions of fresh starts).
 */
export function clientKey(address: string): string {
  const text = canonical(address);
  if (isIP(text) !== 6) return isIP(text) === 4 ? text : UNKNOWN_CLIENT;
  return `${ipv6Groups(text).slice(0, 4).join(":")}::/64`;
}

function headerAddresses(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((entry) => entry.trim().replace(/^\[(.*)\]$/, "$1"))
    .filter(Boolean);
}

/**
 * The client's address, as a limit key (see clientKey): the socket's peer,
 * unless TRUST_PROXY says the peer is a proxy; then the one header the proxy
 * sets (TRUST_PROXY_HEADER): X-Forwarded-For, read from the right (each
 * trusted proxy appends the address it saw), or X-Real-IP, taken as the
 * proxy set it. The other header is ignored: the client wrote it. Without
 * the header, the peer. `UNKNOWN_CLIENT` when there is no socket (in-process
 * calls) and no trusted header.
 */
export function resolveClientAddress(
  trust: TrustProxy,
  socketAddress: string | undefined,
  headers: { get(name: string): string | null | undefined },
): string {
  const peer = socketAddress && isIP(canonical(socketAddress)) ? canonical(socketAddress) : "";
  const fallback = peer ? clientKey(peer) : UNKNOWN_CLIENT;
  if (!trust) return fallback;
  if ("addresses" in trust && !trust.addresses.includes(peer)) return fallback;
  const sent = headerAddresses(headers.get(trust.header));
  const chain = trust.header === "x-real-ip" ? sent.slice(-1) : sent;
  if (chain.length === 0) return fallback;
  let candidate: string | undefined;
  if ("hops" in trust) {
    // The peer is the nearest proxy; the hops-th address from the right of
    // [...X-Forwarded-For, peer] is what the outermost trusted proxy saw.
    const all = [...chain, peer || UNKNOWN_CLIENT];
    candidate = all[Math.max(0, all.length - 1 - trust.hops)];
  } else {
    candidate = [...chain].reverse().find((entry) => !trust.addresses.includes(canonical(entry)));
    candidate ??= chain[0];
  }
  return candidate && isIP(canonical(candidate)) ? clientKey(candidate) : fallback;
}
