import { describe, expect, it } from "vitest";
import { createOriginResolver } from "#server/http/origin.ts";

describe("the site's address without PUBLIC_URL", () => {
  const originOf = createOriginResolver({
    publicUrl: undefined,
    demoMode: false,
    allowedHosts: ["localhost", "www.example.com", "shop.example.com:8443"],
    port: 3000,
  });

  it("keeps a Host's port only when the server listens on it or ALLOWED_HOSTS names it", () => {
    expect(originOf("http://localhost:3000/about")).toBe("http://localhost:3000");
    expect(originOf("http://localhost:4001/about")).toBe("http://localhost");
    expect(originOf("http://www.example.com/about")).toBe("http://www.example.com");
    expect(originOf("http://www.example.com:81/about")).toBe("http://www.example.com");
    expect(originOf("https://shop.example.com:8443/")).toBe("https://shop.example.com:8443");
  });

  it("prints any other host as localhost", () => {
    expect(originOf("http://evil.example/about")).toBe("http://localhost");
    expect(originOf("http://evil.example:3000/about")).toBe("http://localhost:3000");
    expect(originOf("http://evil.example:4001/about")).toBe("http://localhost");
  });
});
