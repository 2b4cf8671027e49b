import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  expectError,
  expectOk,
  imageForm,
  post,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const TOO_LARGE =
  "Image is too large: at most 40 megapixels (for example 8000 x 5000 pixels; an animation counts every frame)";
const DAMAGED = "The image file is damaged or incomplete";
const HTML = "<html><body><script>alert(document.cookie)</script></body></html>";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, decodable black-and-white PNG made by hand: one bit a pixel of
 * zeros compresses to almost nothing, so a huge picture is a small file.
 */
function bilevelPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An ICO directory of one entry, with `before` and `after` bytes around the picture. */
function ico(picture: Buffer, size: number, bitCount: number, before = Buffer.alloc(0)) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(bitCount, 12);
  header.writeUInt32LE(picture.length, 14);
  header.writeUInt32LE(22 + before.length, 18);
  return Buffer.concat([header, before, picture]);
}

/** A 32-bit BMP entry (BGRA rows bottom-up, then the 1-bit mask) of `size` px. */
function bmpEntry(size: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const colors = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      colors.set([b, g, r, a], ((size - 1 - y) * size + x) * 4);
    }
  }
  const mask = Buffer.alloc(Math.floor((size + 31) / 32) * 4 * size);
  return Buffer.concat([info, colors, mask]);
}

describe("upload limits: pixels, stored size, re-encoding, queue, disk errors", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const upload = (bytes: Uint8Array | string, name: string, type = "image/png") =>
    post(t, "/upload", { token: a.author.token, body: imageForm(bytes, name, type) });

  async function uploadCount() {
    const row = await t.db
      .selectFrom("uploads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function stored(url: string) {
    const response = await t.request(url);
    expect(response.status, url).toBe(200);
    return {
      type: response.headers.get("content-type"),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  it("refuses a 16000 x 16000 PNG of a few KB from its header: 413 naming image", async () => {
    const bomb = bilevelPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const before = await uploadCount();
    const result = await upload(bomb, "bomb.png");
    expectError(result, 413, TOO_LARGE);
    expect(result.body.errors).toEqual({ image: TOO_LARGE });
    expect(await uploadCount()).toBe(before);
  });

  it("the limit is 40 megapixels: 6400 x 6400 is refused, 8000 x 5000 is not", async () => {
    expectError(await upload(bilevelPng(6400, 6400), "over.png"), 413, TOO_LARGE);
    const limit = await upload(bilevelPng(8000, 5000), "limit.png");
    expectOk(limit, 201);
    expect(limit.body.data).toMatchObject({ width: 4096, height: 2560 });
  });

  it("counts every frame of an animation", async () => {
    // Two different frames: the GIF encoder merges identical ones.
    const frame = (background: string) =>
      sharp({ create: { width: 4600, height: 4600, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#224466"), await frame("#664422")], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expectError(await upload(gif, "long.gif", "image/gif"), 413, TOO_LARGE);
  });

  it("stores the original at most 4096 px on its longer side, variants never larger", async () => {
    const wide = await sharp({
      create: { width: 5000, height: 1000, channels: 3, background: "#3366aa" },
    })
      .png()
      .toBuffer();
    const result = await upload(wide, "wide.png");
    expectOk(result, 201);
    expect(result.body.data).toMatchObject({ width: 4096, height: 819 });
    const meta = await sharp((await stored(result.body.data.url)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 819]);

    const tall = await sharp({
      create: { width: 1000, height: 6000, channels: 3, background: "#aa6633" },
    })
      .jpeg()
      .toBuffer();
    const tallResult = await post(t, "/upload", {
      token: a.author.token,
      body: imageForm(tall, "tall.jpg", "image/jpeg"),
    });
    expectOk(tallResult, 201);
    expect(tallResult.body.data).toMatchObject({ width: 683, height: 4096 });
    const base = tallResult.body.data.url.replace(/\.jpg$/, "");
    for (const [width, size] of [
      [480, [480, 2880]],
      [1600, [683, 4096]],
    ] as const) {
      const variant = await sharp((await stored(`${base}-${width}.webp`)).bytes).metadata();
      expect([variant.width, variant.height], `${width}`).toEqual(size);
    }
  });

  it("re-encodes a GIF: what follows the picture is gone, the frames stay", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], {
      join: { animated: true },
    })
      .gif({ delay: [200, 200] })
      .toBuffer();
    const result = await upload(Buffer.concat([gif, Buffer.from(HTML)]), "anim.gif", "image/gif");
    expectOk(result, 201);
    expect(result.body.data).toMatchObject({ mimeType: "image/gif", width: 30, height: 20 });
    const file = await stored(result.body.data.url);
    expect(file.type).toContain("image/gif");
    expect(file.bytes.includes("<script")).toBe(false);
    const meta = await sharp(file.bytes, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: "gif", pages: 2, pageHeight: 20 });
  });

  it("an ICO with an HTML page inside is stored as a clean PNG and served as image/png", async () => {
    const png = await sharp({
      create: { width: 32, height: 32, channels: 4, background: "#10b981" },
    })
      .png()
      .toBuffer();
    const icon = Buffer.concat([ico(png, 32, 32, Buffer.from(HTML)), Buffer.from(HTML)]);
    expect(icon.includes("<script")).toBe(true);
    const result = await upload(icon, "favicon.ico", "image/x-icon");
    expectOk(result, 201);
    expect(result.body.data).toMatchObject({ mimeType: "image/png", width: 32, height: 32 });
    expect(result.body.data.url).toMatch(/\.png$/);
    const file = await stored(result.body.data.url);
    expect(file.type).toBe("image/png");
    expect(file.bytes.includes("<script")).toBe(false);
    expect((await sharp(file.bytes).metadata()).format).toBe("png");
  });

  it("an ICO of bitmap pixels keeps its colours and transparency", async () => {
    const entry = bmpEntry(16, (x) => (x < 8 ? [255, 0, 0, 255] : [0, 0, 255, 0]));
    const result = await upload(ico(entry, 16, 32), "bitmap.ico", "image/x-icon");
    expectOk(result, 201);
    const { data, info } = await sharp((await stored(result.body.data.url)).bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([16, 16]);
    const at = (x: number, y: number) => [...data.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)];
    expect(at(2, 3)).toEqual([255, 0, 0, 255]);
    expect(at(12, 3)[3]).toBe(0);
  });

  it("an ICO whose entry points outside the file is damaged: 415 naming image", async () => {
    const header = Buffer.alloc(22);
    header.writeUInt16LE(1, 2);
    header.writeUInt16LE(1, 4);
    header.writeUInt32LE(5000, 14);
    header.writeUInt32LE(22, 18);
    const result = await upload(
      Buffer.concat([header, Buffer.from(HTML)]),
      "x.ico",
      "image/x-icon",
    );
    expectError(result, 415, DAMAGED);
    expect(result.body.errors).toEqual({ image: DAMAGED });
  });

  it("parallel uploads wait their turn; past the line they get 429 with Retry-After", async () => {
    // JPEG: quick to encode, yet slow enough that the others queue up behind the first.
    const side = 500;
    const noisy = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noisy.length; i++) noisy[i] = (i * 7919 + (i >> 5) * 104729) % 256;
    const images = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        sharp(noisy, { raw: { width: side, height: side, channels: 3 } })
          .modulate({ hue: i * 20 })
          .jpeg({ quality: 90 })
          .toBuffer(),
      ),
    );
    const results = await Promise.all(
      images.map((bytes, i) => upload(bytes, `p${i}.jpg`, "image/jpeg")),
    );
    const busy = results.filter((r) => r.status === 429);
    const done = results.filter((r) => r.status === 201);
    expect(busy.length + done.length, JSON.stringify(results.map((r) => r.status))).toBe(14);
    expect(busy.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThanOrEqual(9);
    for (const r of busy) {
      expectError(r, 429, "Too many uploads at once. Please try again in a moment.");
      expect(r.response.headers.get("retry-after")).toBe("5");
    }
    expect(t.services.uploads.queueStats()).toEqual({ running: 0, waiting: 0 });
  }, 120_000);

  it("a disk error is a logged 500, not a damaged image, and records nothing", async () => {
    const dir = t.config.uploadsDir;
    const moved = `${dir}.moved`;
    if (fs.existsSync(dir)) fs.renameSync(dir, moved);
    // A file where the directory should be: every write fails (ENOTDIR), even as root.
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(dir, "not a directory");
    try {
      const before = await uploadCount();
      const png = await sharp({
        create: { width: 20, height: 20, channels: 3, background: "#123456" },
      })
        .png()
        .toBuffer();
      const result = await upload(png, "disk.png");
      expectError(result, 500);
      expect(result.body.message).toMatch(/^Something went wrong on our side\. Reference: /);
      expect(result.body.errors).toBeUndefined();
      expect(await uploadCount()).toBe(before);
    } finally {
      fs.rmSync(dir, { force: true });
      if (fs.existsSync(moved)) fs.renameSync(moved, dir);
    }
  });
});
