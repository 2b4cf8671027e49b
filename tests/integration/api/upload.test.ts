import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  type Accounts,
  createAccount,
  createAccounts,
  expectError,
  expectFieldError,
  expectOk,
  get,
  imageForm,
  post,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const REFUSED = "Only PNG, JPEG, WebP, GIF, AVIF and ICO images are accepted";

function picture(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  });
}

/** Random pixels: a PNG that does not compress, well over 2000 bytes. */
async function noisyPng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 3) * 104729) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe("upload API", () => {
  let t: TestApp;
  let a: Accounts;
  const images: Record<string, { bytes: Buffer; name: string; type: string; mime: string }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    images.png = {
      bytes: await picture(40, 30).png().toBuffer(),
      name: "photo.png",
      type: "image/png",
      mime: "image/png",
    };
    images.jpeg = {
      bytes: await picture(41, 31).jpeg().toBuffer(),
      name: "photo.jpg",
      type: "image/jpeg",
      mime: "image/jpeg",
    };
    images.gif = {
      bytes: await picture(42, 32).gif().toBuffer(),
      name: "photo.gif",
      type: "image/gif",
      mime: "image/gif",
    };
    images.webp = {
      bytes: await picture(43, 33).webp().toBuffer(),
      name: "photo.webp",
      type: "image/webp",
      mime: "image/webp",
    };
  });
  afterAll(() => t?.close());

  it.each([
    ["png", 40, 30],
    ["jpeg", 41, 31],
    ["gif", 42, 32],
    ["webp", 43, 33],
  ])("accepts a real %s image and serves it back", async (kind, width, height) => {
    const image = images[kind]!;
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: imageForm(image.bytes, image.name, image.type),
    });
    expectOk(result, 201);
    const data = result.body.data;
    for (const field of ["id", "url", "imagePath", "mimeType", "size", "width", "height"]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(data.mimeType).toBe(image.mime);
    expect(data.width).toBe(width);
    expect(data.height).toBe(height);
    expect(data.size).toBeGreaterThan(0);
    expect(data.url).toMatch(/^\/uploads\//);
    expect(data.url).not.toContain("..");

    const served = await t.request(data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type") ?? "").toContain("image/");
    await served.arrayBuffer();
  });

  it("accepts an AVIF image", async () => {
    const bytes = await picture(16, 16).avif().toBuffer();
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: imageForm(bytes, "photo.avif", "image/avif"),
    });
    expectOk(result, 201);
    expect(result.body.data.mimeType).toBe("image/avif");
  });

  it("accepts an ICO icon, stored as a PNG (decision 003)", async () => {
    const png = await picture(16, 16).png().toBuffer();
    const header = Buffer.alloc(22);
    header.writeUInt16LE(0, 0); // reserved
    header.writeUInt16LE(1, 2); // type: icon
    header.writeUInt16LE(1, 4); // one image
    header.writeUInt8(16, 6); // width
    header.writeUInt8(16, 7); // height
    header.writeUInt8(0, 8); // palette
    header.writeUInt8(0, 9); // reserved
    header.writeUInt16LE(1, 10); // planes
    header.writeUInt16LE(32, 12); // bits per pixel
    header.writeUInt32LE(png.length, 14); // image size
    header.writeUInt32LE(22, 18); // image offset
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: imageForm(Buffer.concat([header, png]), "favicon.ico", "image/x-icon"),
    });
    expectOk(result, 201);
    expect(result.body.data).toMatchObject({ mimeType: "image/png", width: 16, height: 16 });
    expect(result.body.data.url).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);
  });

  it("detects the type from the bytes, not from the name or the declared type", async () => {
    const png = images.png!;
    const result = await post(t, "/upload", {
      token: a.editor.token,
      body: imageForm(png.bytes, "misnamed.jpg", "image/jpeg"),
    });
    expectOk(result, 201);
    expect(result.body.data.mimeType).toBe("image/png");
  });

  it("lets authors upload", async () => {
    const png = images.png!;
    const result = await post(t, "/upload", {
      token: a.author.token,
      body: imageForm(png.bytes, "author.png", "image/png"),
    });
    expectOk(result, 201);
  });

  it("records the upload in the database", async () => {
    const png = images.png!;
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: imageForm(png.bytes, "recorded.png", "image/png"),
    });
    expectOk(result, 201);
    const row = await t.db
      .selectFrom("uploads")
      .select(["mime_type", "width", "height"])
      .where("id", "=", result.body.data.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ mime_type: "image/png", width: 40, height: 30 });
  });

  it.each([
    [
      "an SVG",
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>',
      "icon.svg",
      "image/svg+xml",
    ],
    [
      "an SVG named .png",
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      "icon.png",
      "image/png",
    ],
    ["a text file renamed .png", "just some text, not an image at all", "notes.png", "image/png"],
    ["HTML dressed as a GIF", "<html><script>alert(1)</script></html>", "x.gif", "image/gif"],
    [
      "a PDF named .png",
      "%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF",
      "doc.png",
      "image/png",
    ],
    [
      "a ZIP named .jpg",
      "PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000garbage",
      "archive.jpg",
      "image/jpeg",
    ],
  ])("refuses %s with 415", async (_name, content, fileName, type) => {
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: imageForm(content, fileName, type),
    });
    expectError(result, 415, REFUSED);
  });

  it("refuses PNG-looking bytes that are not a PNG", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x00, 0x41, 0x42]);
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: imageForm(bytes, "broken.png", "image/png"),
    });
    expectError(result, 415, REFUSED);
  });

  it("answers 400 errors.image when no file is sent", async () => {
    const empty = new FormData();
    empty.append("title", "no file here");
    expectFieldError(
      await post(t, "/upload", { token: a.admin.token, body: empty }),
      "image",
      "An image file is required",
    );
    const png = images.png!;
    expectFieldError(
      await post(t, "/upload", {
        token: a.admin.token,
        body: imageForm(png.bytes, "photo.png", "image/png", "file"),
      }),
      "image",
      "An image file is required",
    );
    const text = new FormData();
    text.append("image", "not a file");
    expectFieldError(
      await post(t, "/upload", { token: a.admin.token, body: text }),
      "image",
      "An image file is required",
    );
  });

  it("answers 415 saying a file upload is expected when sent JSON or nothing", async () => {
    const json = await post(t, "/upload", { token: a.admin.token, body: {} });
    expectError(
      json,
      415,
      "The request body must be a file upload (Content-Type: multipart/form-data)",
    );
    const bare = await t.request("/api/upload", {
      method: "POST",
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(bare.status).toBe(415);
    // The caller's identity still comes first.
    expectError(await post(t, "/upload", { body: {} }), 401);
  });

  it("answers 400 errors.image for two images in one call, storing neither", async () => {
    const png = images.png!;
    const two = imageForm(png.bytes, "one.png", "image/png");
    two.append("image", new File([png.bytes as BlobPart], "two.png", { type: "image/png" }));
    const before = (await get(t, "/media", { token: a.admin.token })).body.data.length;
    expectFieldError(
      await post(t, "/upload", { token: a.admin.token, body: two }),
      "image",
      "Send one image at a time",
    );
    expect((await get(t, "/media", { token: a.admin.token })).body.data.length).toBe(before);
  });

  it("refuses a body that is not multipart", async () => {
    const result = await post(t, "/upload", {
      token: a.admin.token,
      body: { image: "data:image/png;base64,AAAA" },
    });
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.body.success).toBe(false);
  });

  it("refuses anonymous callers with 401", async () => {
    const png = images.png!;
    expectError(
      await post(t, "/upload", { body: imageForm(png.bytes, "anon.png", "image/png") }),
      401,
      "Authentication required",
    );
  });
});

describe("upload size limit", () => {
  let t: TestApp;
  let author: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_BYTES: "2000" } });
    author = await createAccount(t, "author");
  });
  afterAll(() => t?.close());

  it("refuses a file over UPLOAD_MAX_BYTES with 413", async () => {
    const bytes = await noisyPng(64, 64);
    expect(bytes.length).toBeGreaterThan(2000);
    const result = await post(t, "/upload", {
      token: author.token,
      body: imageForm(bytes, "big.png", "image/png"),
    });
    expectError(result, 413);
    expect(result.body.message).toMatch(/^File is too large/);
    const count = await t.db
      .selectFrom("uploads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("still accepts a small image", async () => {
    const bytes = await picture(4, 4).png().toBuffer();
    expect(bytes.length).toBeLessThan(1000);
    const result = await post(t, "/upload", {
      token: author.token,
      body: imageForm(bytes, "small.png", "image/png"),
    });
    expectOk(result, 201);
  });
});
