import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import { VARIANT_WIDTHS } from "../../../common/images.ts";
import type { ImageType } from "./image-type.ts";

let sharpModule: Promise<typeof import("sharp")> | undefined;

/**
 * sharp (libvips) is loaded with the first image rather than at start: it is
 * the largest native library we use, and most processes never touch an image.
 */
export async function loadSharp() {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

export type StoredVariant = {
  file: string;
  width: number;
  height: number;
  format: string;
  size: number;
};

export type StoredImage = {
  fileName: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  size: number;
  sha256: string;
  variants: StoredVariant[];
};

const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
  webp: (image) => image.webp({ quality: 82 }),
  avif: (image) => image.avif({ quality: 55 }),
};

async function write(dir: string, name: string, data: Buffer) {
  const file = path.join(dir, name);
  // Content-hashed names: an existing file already holds these bytes.
  await fs.writeFile(file, data, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
}

/**
 * Re-encodes an uploaded image (which drops EXIF such as the GPS position and
 * applies the orientation), names it by its content hash, and writes 480, 960
 * and 1600 px wide variants in WebP and in the original format. GIF (which may
 * be animated) and ICO are kept as they are.
 */
export async function storeImage(
  dir: string,
  bytes: Uint8Array,
  type: ImageType,
): Promise<StoredImage> {
  const sharp = await loadSharp();
  await fs.mkdir(dir, { recursive: true });
  const encode = ENCODERS[type.ext];
  if (!encode) {
    const data = Buffer.from(bytes);
    let width: number | null = null;
    let height: number | null = null;
    if (type.ext === "gif") {
      const meta = await sharp(data).metadata();
      width = meta.width ?? null;
      height = meta.pageHeight ?? meta.height ?? null;
    }
    const sha256 = crypto.createHash("sha256").update(data).digest("hex");
    const fileName = `${sha256.slice(0, 20)}.${type.ext}`;
    await write(dir, fileName, data);
    return {
      fileName,
      mimeType: type.mime,
      width,
      height,
      size: data.length,
      sha256,
      variants: [],
    };
  }

  const source = sharp(bytes, { failOn: "error" }).rotate();
  const { data, info } = await encode(source.clone()).toBuffer({ resolveWithObject: true });
  const sha256 = crypto.createHash("sha256").update(data).digest("hex");
  const base = sha256.slice(0, 20);
  const fileName = `${base}.${type.ext}`;
  await write(dir, fileName, data);

  const variants: StoredVariant[] = [];
  for (const width of VARIANT_WIDTHS) {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    for (const format of type.ext === "webp" ? ["webp"] : [type.ext, "webp"]) {
      const out = await ENCODERS[format]!(resized.clone()).toBuffer({ resolveWithObject: true });
      const file = `${base}-${width}.${format}`;
      await write(dir, file, out.data);
      variants.push({
        file,
        width: out.info.width,
        height: out.info.height,
        format,
        size: out.data.length,
      });
    }
  }
  return {
    fileName,
    mimeType: type.mime,
    width: info.width,
    height: info.height,
    size: data.length,
    sha256,
    variants,
  };
}
