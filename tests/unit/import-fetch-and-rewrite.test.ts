import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewriteImages } from "#server/modules/content-import/image-rewrite.ts";
import { fillSeoTemplate, toSlug } from "#server/modules/content-import/import-fields.ts";
import { fetchImage } from "#server/modules/content-import/safe-fetch.ts";

let server: http.Server;
let base: string;
let host: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/ok.jpg") return res.end(Buffer.alloc(100, 1));
    if (path === "/declared-big.jpg") {
      res.writeHead(200, { "content-length": "5000" });
      return res.end(Buffer.alloc(5000));
    }
    if (path === "/streamed-big.jpg") {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
      return res.end();
    }
    if (path === "/slow.jpg") return; // never answers
    if (path === "/to-private")
      return res.writeHead(302, { location: "http://10.0.0.7/a.jpg" }).end();
    if (path === "/to-file") return res.writeHead(301, { location: "file:///etc/passwd" }).end();
    if (path === "/to-ok") return res.writeHead(307, { location: "/ok.jpg" }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  base = `http://${host}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("fetching the old site's images", () => {
  const limits = () => ({ timeoutMs: 500, maxBytes: 2000, allowedHosts: [host] });

  it("downloads an image, following a redirect on the same allowed host", async () => {
    const result = await fetchImage(`${base}/to-ok`, limits());
    expect(result.ok && result.bytes.length).toBe(100);
  });

  it("refuses a host it was not allowed to reach, and a redirect to a private address or another scheme", async () => {
    expect(await fetchImage(`${base}/ok.jpg`, { ...limits(), allowedHosts: [] })).toEqual({
      ok: false,
      reason: "the host 127.0.0.1 is a private or local address",
    });
    expect(await fetchImage(`${base}/to-private`, limits())).toEqual({
      ok: false,
      reason: "the host 10.0.0.7 is a private or local address",
    });
    expect(await fetchImage(`${base}/to-file`, limits())).toEqual({
      ok: false,
      reason: "file addresses are not fetched",
    });
  });

  it("stops at the size limit, declared or counted, at the deadline, and on an error answer", async () => {
    const tooLarge = { ok: false, reason: "the image is larger than 2 KB" };
    expect(await fetchImage(`${base}/declared-big.jpg`, limits())).toEqual(tooLarge);
    expect(await fetchImage(`${base}/streamed-big.jpg`, limits())).toEqual(tooLarge);
    const started = Date.now();
    expect(await fetchImage(`${base}/slow.jpg`, limits())).toEqual({
      ok: false,
      reason: "timed out",
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await fetchImage(`${base}/nothing.jpg`, limits())).toEqual({
      ok: false,
      reason: "the old site answered 404",
    });
  });
});

describe("an imported body's images", () => {
  const site = "https://old.example.com/2020/01/post/";
  const ours: Record<string, string | null> = {
    "https://old.example.com/wp-content/uploads/a.jpg": "/uploads/aaa.jpg",
    "https://old.example.com/wp-content/uploads/gone.jpg": null,
  };
  const found = (original: string) => ours[original];
  const html =
    '<figure><a href="/wp-content/uploads/a.jpg"><img src="/wp-content/uploads/a-300x200.jpg" srcset="/wp-content/uploads/a-300x200.jpg 300w, /wp-content/uploads/a.jpg 1200w" sizes="(max-width: 300px) 100vw" alt="A"></a></figure>' +
    '<figure><img src="https://old.example.com/wp-content/uploads/gone.jpg" alt="Gone"></figure>' +
    '<p><img src="https://elsewhere.example.net/x.png" alt="X"></p>';

  it("points each fetched image and its link at our upload and drops the old sizes", () => {
    const out = rewriteImages(html, site, found, "keep");
    expect(out).toContain(
      '<figure><a href="/uploads/aaa.jpg"><img src="/uploads/aaa.jpg" alt="A"></a></figure>',
    );
    // Kept as it was: the one that failed, and the one never looked at.
    expect(out).toContain(
      '<img src="https://old.example.com/wp-content/uploads/gone.jpg" alt="Gone">',
    );
    expect(out).toContain('<img src="https://elsewhere.example.net/x.png" alt="X">');
  });

  it("takes out an image that could not be fetched, with its empty figure, when told", () => {
    const out = rewriteImages(html, site, found, "remove");
    expect(out).not.toContain("gone.jpg");
    expect(out).not.toMatch(/<figure>\s*<\/figure>/);
    expect(out).toContain('<img src="/uploads/aaa.jpg" alt="A">');
  });

  it("takes out the caption and the paragraph that held only a missing image, nothing else", () => {
    const gone = '<img src="https://old.example.com/wp-content/uploads/gone.jpg" alt="Gone">';
    const out = rewriteImages(
      `<figure class="wp-caption">${gone}<figcaption>The harbour at dawn</figcaption></figure>` +
        `<p>${gone}</p><p>Before ${gone} after.</p><p></p>`,
      site,
      found,
      "remove",
    );
    expect(out).toBe("<p>Before  after.</p><p></p>");
  });
});

describe("fields fitted to Beranda's rules", () => {
  it("fills Yoast's and Rank Math's variables and leaves out the unknown ones", () => {
    const values = { title: "Hello", siteName: "Old Site", excerpt: "Short." };
    expect(fillSeoTemplate("%%title%% %%sep%% %%sitename%%", values)).toBe("Hello – Old Site");
    expect(fillSeoTemplate("%title% %sep% %page% %sitename%", values)).toBe("Hello – Old Site");
    expect(fillSeoTemplate("%%excerpt%% %%cf_custom%%", values)).toBe("Short.");
  });

  it("makes slugs of a-z, 0-9 and hyphens, with a fallback when nothing is left", () => {
    expect(toSlug("Café au Lait", "post-1")).toBe("cafe-au-lait");
    expect(toSlug("Привет", "post-7")).toBe("post-7");
  });
});
