/**
 * Responsive variants of uploaded images follow one naming rule, so pages can
 * build `srcset` from an upload's URL alone: `/uploads/<hash>.<ext>` has
 * `/uploads/<hash>-<width>.<ext>` and `/uploads/<hash>-<width>.webp`.
 */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

const UPLOAD_URL = /^\/uploads\/([0-9a-f]{16,64})\.(jpg|png|webp|avif)$/;

export function variantUrl(src: string, width: number, format?: "webp") {
  const m = UPLOAD_URL.exec(src);
  if (!m) return null;
  return `/uploads/${m[1]}-${width}.${format ?? m[2]}`;
}

/** srcset strings for an uploaded image, or null for any other URL. */
export function responsiveSources(src: string): { webp: string; original: string } | null {
  if (!UPLOAD_URL.test(src)) return null;
  const set = (format?: "webp") =>
    VARIANT_WIDTHS.map((w) => `${variantUrl(src, w, format)} ${w}w`).join(", ");
  return { webp: set("webp"), original: set() };
}
