import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import {
  clientKey,
  parseTrustProxy,
  resolveClientAddress,
  UNKNOWN_CLIENT,
} from "#server/lib/client-address.ts";

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

describe("TRUST_PROXY_HEADER", () => {
  it("is X-Forwarded-For unless set to X-Real-IP (any case)", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({
      hops: 1,
      header: "x-forwarded-for",
    });
    expect(loadConfig({ TRUST_PROXY: "1", TRUST_PROXY_HEADER: " X-Real-IP " }).trustProxy).toEqual({
      hops: 1,
      header: "x-real-ip",
    });
    expect(
      loadConfig({ TRUST_PROXY: "127.0.0.1", TRUST_PROXY_HEADER: "x-forwarded-for" }).trustProxy,
    ).toEqual({ addresses: ["127.0.0.1"], header: "x-forwarded-for" });
    expect(loadConfig({ TRUST_PROXY_HEADER: "x-real-ip" }).trustProxy).toBeNull();
  });

  it.each(["forwarded", "x-client-ip", "x-forwarded-for, x-real-ip"])(
    "refuses %j with one line",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: "1", TRUST_PROXY_HEADER: value })).toThrow(
        /^Invalid TRUST_PROXY_HEADER .*: must be x-forwarded-for or x-real-ip \(the header your proxy sets\)$/,
      );
    },
  );
});

describe("the client's address", () => {
  const forged = headers({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.8" });
  const xff = "x-forwarded-for" as const;

  it("is the socket's address unless a proxy is trusted", () => {
    expect(resolveClientAddress(null, "198.51.100.4", forged)).toBe("198.51.100.4");
    expect(resolveClientAddress(null, "::ffff:198.51.100.4", forged)).toBe("198.51.100.4");
    expect(resolveClientAddress(null, undefined, forged)).toBe(UNKNOWN_CLIENT);
  });

  it("with hops, reads X-Forwarded-For from the right, past what a client could forge", () => {
    const one = { hops: 1, header: xff };
    const chain = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(resolveClientAddress(one, "127.0.0.1", chain)).toBe("10.0.0.2");
    expect(resolveClientAddress({ hops: 2, header: xff }, "127.0.0.1", chain)).toBe("203.0.113.9");
    expect(resolveClientAddress(one, "127.0.0.1", headers({}))).toBe("127.0.0.1");
    // Garbage where the address should be: the proxy's own address.
    expect(resolveClientAddress(one, "127.0.0.1", headers({ "x-forwarded-for": "nonsense" }))).toBe(
      "127.0.0.1",
    );
  });

  it("reads X-Forwarded-For only: an X-Real-IP a client sent through the proxy is ignored", () => {
    const one = { hops: 1, header: xff };
    // Caddy and many nginx setups pass a client's own X-Real-IP on unchanged.
    expect(resolveClientAddress(one, "127.0.0.1", headers({ "x-real-ip": "203.0.113.8" }))).toBe(
      "127.0.0.1",
    );
    expect(resolveClientAddress(one, "127.0.0.1", forged)).toBe("203.0.113.9");
  });

  it("with TRUST_PROXY_HEADER=x-real-ip reads X-Real-IP only: a client's X-Forwarded-For is ignored", () => {
    // nginx with `proxy_set_header X-Real-IP $remote_addr` and nothing else:
    // X-Forwarded-For comes from the client as it sent it.
    const realIp = { hops: 1, header: "x-real-ip" } as const;
    expect(resolveClientAddress(realIp, "127.0.0.1", forged)).toBe("203.0.113.8");
    expect(
      resolveClientAddress(realIp, "127.0.0.1", headers({ "x-forwarded-for": "203.0.113.9" })),
    ).toBe("127.0.0.1");
    const listed = { ...parseTrustProxy("127.0.0.1")!, header: "x-real-ip" } as const;
    expect(resolveClientAddress(listed, "127.0.0.1", forged)).toBe("203.0.113.8");
    // From a proxy that is not listed, nothing is believed.
    expect(resolveClientAddress(listed, "198.51.100.4", forged)).toBe("198.51.100.4");
  });

  it("with addresses, believes only those proxies and skips them in the chain", () => {
    const trust = { ...parseTrustProxy("127.0.0.1,10.0.0.2")!, header: xff };
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
