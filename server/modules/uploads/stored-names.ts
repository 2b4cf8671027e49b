import { VARIANT_WIDTHS } from "#common/images.ts";
import type { ImageType } from "./image-type.ts";

/**
 * The names the image pipeline (image-pipeline.ts) gives the files it writes,
 * and nothing else: an original is `<hash>.<ext>`, a variant
 * `<hash>-<width>.<ext>`, where `<hash>` is the first 20 hex digits of the
 * original's SHA-256. These are the only files the site serves from
 * /uploads and the only ones an import or a restore brings in.
 */
export const NAME_HASH_LENGTH = 20;

/** The formats the pipeline stores, by extension. */
export const STORED_FORMATS = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
} as const satisfies Record<string, string>;

export type StoredExtension = keyof typeof STORED_FORMATS;

const ORIGINAL = new RegExp(`^[0-9a-f]{${NAME_HASH_LENGTH}}\\.(png|jpg|webp|avif|gif)$`);
// A GIF keeps its frames and gets no variants.
const VARIANT = new RegExp(
  `^[0-9a-f]{${NAME_HASH_LENGTH}}-(?:${VARIANT_WIDTHS.join("|")})\\.(png|jpg|webp|avif)$`,
);

export function originalName(base: string, ext: string) {
  return `${base}.${ext}`;
}

export function variantName(base: string, width: number, ext: string) {
  return `${base}-${width}.${ext}`;
}

/** The type a stored file of this name holds, or null for a name the pipeline never gives. */
export function storedImageType(name: string): ImageType | null {
  const ext = (ORIGINAL.exec(name) ?? VARIANT.exec(name))?.[1] as StoredExtension | undefined;
  return ext ? { ext, mime: STORED_FORMATS[ext] } : null;
}
