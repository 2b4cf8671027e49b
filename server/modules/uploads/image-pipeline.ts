import crypto from "node:crypto";
import os from "node:os";
import type { Sharp, SharpOptions } from "sharp";
import { VARIANT_WIDTHS } from "#common/images.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";
import { IcoError, readIco } from "./ico.ts";
import type { ImageType } from "./image-type.ts";
import { NAME_HASH_LENGTH, originalName, STORED_FORMATS, variantName } from "./stored-names.ts";

/**
 * Decoding is where an image costs CPU and memory, and a tiny file can
 * declare a huge picture (a 249 KB PNG of 16000 x 16000 pixels). Larger
 * pictures are refused from their header, before anything is decoded; an
 * animation counts every frame.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored original is at most this many pixels on its longer side. */
export const MAX_STORED_SIDE = 4096;

export const IMAGE_TOO_LARGE = `Image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (for example 8000 x 5000 pixels; an animation counts every frame)`;

/** The picture is larger than MAX_INPUT_PIXELS. */
export class ImageTooLargeError extends Error {}
/** The bytes are not a picture we can read (cut short, corrupt, unsupported inside). */
export class DamagedImageError extends Error {}

/**
 * How many threads libvips may use for one image. Uploads run one or two at
 * a time (uploads.service.ts), so together they keep to about half the CPU.
 */
export function imageThreads(slots: number) {
  return Math.max(1, Math.floor(os.availableParallelism() / 2 / Math.max(1, slots)));
}

/** Images processed at once by this process: one on small machines, else two. */
export const IMAGE_SLOTS = os.availableParallelism() >= 4 ? 2 : 1;

let sharpModule: Promise<typeof import("sharp")> | undefined;

/**
 * sharp (libvips) is loaded with the first image rather than at start: it is
 * the largest native library we use, and most processes never touch an image.
 */
export async function loadSharp() {
  sharpModule ??= import("sharp").then((module) => {
    module.default.concurrency(imageThreads(IMAGE_SLOTS));
    // libvips keeps up to 50 MB of recent operations for reuse; every upload
    // is a new picture, so the cache only grows the process (soak, issue 12).
    module.default.cache(false);
    return module;
  });
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

/** An image encoded in memory, ready to be written. */
export type ProcessedImage = {
  image: Omit<StoredImage, "variants">;
  data: Buffer;
  variants: (StoredVariant & { data: Buffer })[];
};

const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
  webp: (image) => image.webp({ quality: 82 }),
  avif: (image) => image.avif({ quality: 55 }),
};

const MIME: Record<string, string> = STORED_FORMATS;

const INPUT: SharpOptions = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS };

/** At most MAX_STORED_SIDE (or `width`) wide and MAX_STORED_SIDE high, never enlarged. */
const fitInside = (width = MAX_STORED_SIDE) => ({
  width,
  height: MAX_STORED_SIDE,
  fit: "inside" as const,
  withoutEnlargement: true,
});

/** Reads the header only: refuses what would decode past the pixel limit. */
async function requireDecodable(input: Buffer | Sharp, animated = false) {
  const sharp = await loadSharp();
  const meta = await (Buffer.isBuffer(input) ? sharp(input, { ...INPUT, animated }) : input)
    .metadata()
    .catch((error: unknown) => {
      throw asImageError(error);
    });
  const frames = animated ? (meta.pages ?? 1) : 1;
  const frameHeight = animated ? (meta.pageHeight ?? meta.height) : meta.height;
  if (!meta.width || !frameHeight) throw new DamagedImageError("no size in the header");
  if (meta.width * frameHeight * frames > MAX_INPUT_PIXELS) {
    throw new ImageTooLargeError(IMAGE_TOO_LARGE);
  }
  return meta;
}

/** sharp's own errors as ours: the pixel limit, else a damaged picture. */
function asImageError(error: unknown): Error {
  if (error instanceof ImageTooLargeError || error instanceof DamagedImageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageTooLargeError(IMAGE_TOO_LARGE);
  return new DamagedImageError(message);
}

function hashed(data: Buffer) {
  const sha256 = crypto.createHash("sha256").update(data).digest("hex");
  return { sha256, base: sha256.slice(0, NAME_HASH_LENGTH) };
}

/** The input as sharp should read it: an ICO's chosen picture becomes a PNG source. */
async function source(bytes: Uint8Array, type: ImageType): Promise<{ input: Sharp; ext: string }> {
  const sharp = await loadSharp();
  if (type.ext !== "ico") {
    await requireDecodable(Buffer.from(bytes));
    return { input: sharp(bytes, INPUT), ext: type.ext };
  }
  let picture: ReturnType<typeof readIco>;
  try {
    picture = readIco(Buffer.from(bytes));
  } catch (error) {
    if (error instanceof IcoError) throw new DamagedImageError(error.message);
    throw error;
  }
  if (picture.kind === "png") {
    await requireDecodable(picture.data);
    return { input: sharp(picture.data, INPUT), ext: "png" };
  }
  const { width, height, data } = picture;
  return { input: sharp(data, { raw: { width, height, channels: 4 } }), ext: "png" };
}

/**
 * Decodes and re-encodes an upload in memory: EXIF (such as the GPS
 * position) dropped, the orientation applied, at most MAX_STORED_SIDE px,
 * named by its content hash, with 480, 960 and 1600 px wide variants in WebP
 * and in its own format. A GIF is re-encoded with its frames and no
 * variants; an ICO becomes a PNG. Nothing of the uploaded bytes is kept
 * as it was, so nothing hidden in them (an HTML page after the picture) is
 * ever served.
 */
export async function processImage(bytes: Uint8Array, type: ImageType): Promise<ProcessedImage> {
  try {
    if (type.ext === "gif") return await processGif(bytes);
    const { input, ext } = await source(bytes, type);
    const encode = ENCODERS[ext];
    if (!encode) throw new DamagedImageError(`no encoder for ${ext}`);
    const picture = input.rotate().resize(fitInside());
    const { data, info } = await encode(picture.clone()).toBuffer({ resolveWithObject: true });
    const { sha256, base } = hashed(data);
    const variants: ProcessedImage["variants"] = [];
    for (const width of VARIANT_WIDTHS) {
      const resized = picture.clone().resize(fitInside(width));
      for (const format of ext === "webp" ? ["webp"] : [ext, "webp"]) {
        const out = await ENCODERS[format]!(resized.clone()).toBuffer({ resolveWithObject: true });
        variants.push({
          file: variantName(base, width, format),
          width: out.info.width,
          height: out.info.height,
          format,
          size: out.data.length,
          data: out.data,
        });
      }
    }
    return {
      image: {
        fileName: originalName(base, ext),
        mimeType: MIME[ext]!,
        width: info.width,
        height: info.height,
        size: data.length,
        sha256,
      },
      data,
      variants,
    };
  } catch (error) {
    throw asImageError(error);
  }
}

async function processGif(bytes: Uint8Array): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const input = Buffer.from(bytes);
  await requireDecodable(input, true);
  const { data, info } = await sharp(input, { ...INPUT, animated: true })
    .resize(fitInside())
    .gif()
    .toBuffer({ resolveWithObject: true });
  const { sha256, base } = hashed(data);
  return {
    image: {
      fileName: originalName(base, "gif"),
      mimeType: MIME.gif!,
      width: info.width,
      height: info.pageHeight ?? info.height,
      size: data.length,
      sha256,
    },
    data,
    variants: [],
  };
}

/**
 * Writes an encoded image and its variants to the upload store. Content-hashed
 * names: a file that exists already holds these bytes. A failure (disk full,
 * permissions, the store unreachable) removes what this call wrote and is
 * thrown as it is: a server error, not the image's fault.
 */
export async function writeImage(
  store: UploadStore,
  processed: ProcessedImage,
): Promise<StoredImage> {
  const written: string[] = [];
  const files = [
    { name: processed.image.fileName, data: processed.data },
    ...processed.variants.map((v) => ({ name: v.file, data: v.data })),
  ];
  try {
    for (const { name, data } of files) {
      if (await store.put(name, data)) written.push(name);
    }
  } catch (error) {
    await Promise.all(written.map((name) => store.delete(name).catch(() => {})));
    throw error;
  }
  return {
    ...processed.image,
    variants: processed.variants.map(({ data: _data, ...variant }) => variant),
  };
}

/** Processes and writes an image (the seed's pictures; uploads go through the service's queue). */
export async function storeImage(
  store: UploadStore,
  bytes: Uint8Array,
  type: ImageType,
): Promise<StoredImage> {
  return writeImage(store, await processImage(bytes, type));
}
