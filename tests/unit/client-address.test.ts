import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import {
  clientKey,
  parseTrustProxy,
  resolveClientAddress,
  UNKNOWN_CLIENT,
} from "../../server/http/client-address.ts";

const headers = (values: Record<string, string>) => new Headers(values);

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["off", null],
    ["0", null],
    ["1", { hops: 1 }],
    ["2", { hops: 2 }],
    ["127.0.0.1, ::1", { addresses: ["127.0.0.1", "0:0:0:0:0:0:0:1"] }],
  ])("%j → %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(["yes please", "11", "10.0.0.0/8", "1,2"])("refuses %j with one line", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /^Invalid TRUST_PROXY .*: must be off, the number of proxies in front \(1, 2, …\) or their IP addresses, comma-separated$/,
    );
  });
});

describe("the client's address", () => {
  const forged = headers({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.8" });

  it("is the socket's address unless a proxy is trusted", () => {
    expect(resolveClientAddress(null, "198.51.100.4", forged)).toBe("198.51.100.4");
    expect(resolveClientAddress(null, "::ffff:198.51.100.4", forged)).toBe("198.51.100.4");
    expect(resolveClientAddress(null, undefined, forged)).toBe(UNKNOWN_CLIENT);
  });

  it("with hops, reads X-Forwarded-For from the right, past what a client could forge", () => {
    const chain = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(resolveClientAddress({ hops: 1 }, "127.0.0.1", chain)).toBe("10.0.0.2");
    expect(resolveClientAddress({ hops: 2 }, "127.0.0.1", chain)).toBe("203.0.113.9");
    expect(resolveClientAddress({ hops: 1 }, "127.0.0.1", headers({}))).toBe("127.0.0.1");
    expect(
      resolveClientAddress({ hops: 1 }, "127.0.0.1", headers({ "x-real-ip": "203.0.113.8" })),
    ).toBe("203.0.113.8");
    // Garbage where the address should be: the proxy's own address.
    expect(
      resolveClientAddress({ hops: 1 }, "127.0.0.1", headers({ "x-forwarded-for": "nonsense" })),
    ).toBe("127.0.0.1");
  });

  it("with addresses, believes only those proxies and skips them in the chain", () => {
    const trust = parseTrustProxy("127.0.0.1,10.0.0.2");
    const chain = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(resolveClientAddress(trust, "127.0.0.1", chain)).toBe("203.0.113.9");
    // Not from a trusted proxy: the header is the sender's own invention.
    expect(resolveClientAddress(trust, "198.51.100.4", chain)).toBe("198.51.100.4");
  });

  it("counts IPv6 clients by their /64 network", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("not an address")).toBe(UNKNOWN_CLIENT);
  });
});
