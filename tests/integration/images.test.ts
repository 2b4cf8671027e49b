import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("uploaded images", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    const { body } = await t.json("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
    });
    token = body.token;
  });
  afterAll(() => t.close());

  it("re-encodes a photo without its GPS position and makes every variant", async () => {
    const photo = await sharp({
      create: { width: 2000, height: 1200, channels: 3, background: "#3366aa" },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: "TestCam", Model: "GPS Phone" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "6/1 12/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "106/1 49/1 0/1",
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString("latin1")).toContain("GPS Phone");

    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "holiday.jpg");
    const response = await t.request("/api/upload", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as {
      data: { url: string; width: number; height: number };
    };
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{20}\.jpg$/);
    expect(data).toMatchObject({ width: 2000, height: 1200 });

    const stored = await t.request(data.url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const storedMeta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(storedMeta.exif).toBeUndefined();

    const base = data.url.replace(/\.jpg$/, "");
    for (const width of [480, 960, 1600]) {
      for (const ext of ["jpg", "webp"]) {
        const variant = await t.request(`${base}-${width}.${ext}`);
        expect(variant.status, `${width}.${ext}`).toBe(200);
        const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
        expect(meta.width).toBe(width);
        expect(meta.format).toBe(ext === "jpg" ? "jpeg" : "webp");
        expect(meta.exif).toBeUndefined();
      }
    }
    const files = fs
      .readdirSync(t.config.uploadsDir)
      .filter((f) => f.startsWith(path.basename(base)));
    expect(files).toHaveLength(7);
  });

  it("pages give uploaded images srcset variants and a reserved size", async () => {
    const html = await (await t.request("/blog/five-signs-your-website-needs-a-redesign")).text();
    const img =
      /<img[^>]*srcSet="[^"]+"[^>]*>/.exec(html)?.[0] ??
      /<img[^>]*srcset="[^"]+"[^>]*>/.exec(html)?.[0];
    expect(img).toBeTruthy();
    expect(img).toMatch(/-480\.jpg 480w, \/uploads\/[0-9a-f]+-960\.jpg 960w/);
    expect(img).toMatch(/width="1200"/);
    expect(img).toMatch(/height="630"/);
    expect(img).toMatch(/alt="Five Signs Your Website Needs a Redesign"/);
    expect(html).toMatch(/<source type="image\/webp" srcSet="\/uploads\/[0-9a-f]+-480\.webp 480w/);
  });

  it("serves from /uploads only the pipeline's pictures, as images, sandboxed", async () => {
    const stored = fs
      .readdirSync(t.config.uploadsDir)
      .filter((name) => /^[0-9a-f]{20}(-\d+)?\.(png|jpg|webp|avif|gif)$/.test(name));
    expect(stored.length).toBeGreaterThan(0);
    const types = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
    for (const name of stored.filter((n) => /\.(png|jpg|webp)$/.test(n)).slice(0, 6)) {
      for (const method of ["GET", "HEAD"]) {
        const response = await t.request(`/uploads/${name}`, { method });
        expect(response.status, name).toBe(200);
        const ext = name.split(".").pop() as keyof typeof types;
        expect(response.headers.get("content-type"), name).toBe(types[ext]);
        expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }

    // Files the pipeline never writes (left by hand, or by an import of old).
    const hex = "0123456789abcdef0123";
    const planted: Record<string, string> = {
      "evil.html": "<script>alert(document.cookie)</script>",
      "evil.js": "alert(document.cookie)",
      "evil.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      [`${hex}.html`]: "<script>alert(1)</script>",
      [`${hex}.svg`]: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      [`${hex}-123.png`]: "not a variant width",
      [`${hex}-480.gif`]: "GIFs have no variants",
      [`${hex.toUpperCase()}.png`]: "upper-case hash",
    };
    for (const [name, text] of Object.entries(planted)) {
      fs.writeFileSync(path.join(t.config.uploadsDir, name), text);
    }
    fs.mkdirSync(path.join(t.config.uploadsDir, "nested"), { recursive: true });
    fs.copyFileSync(
      path.join(t.config.uploadsDir, stored[0]!),
      path.join(t.config.uploadsDir, "nested", stored[0]!),
    );
    for (const name of [...Object.keys(planted), `nested/${stored[0]}`]) {
      const response = await t.request(`/uploads/${name}`);
      expect(response.status, name).toBe(404);
      expect(response.headers.get("content-type"), name).not.toMatch(/html|javascript|svg/);
    }
  });
});
