/** Image types we accept, recognised by their first bytes, never by name. */
export type ImageType = { mime: string; ext: string };

export const ACCEPTED_IMAGES = "Only PNG, JPEG, WebP, GIF, AVIF and ICO images are accepted";

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  const ascii = (start: number, end: number) => String.fromCharCode(...b.subarray(start, end));
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 4) === "PNG" && b[4] === 0x0d && b[5] === 0x0a) {
    return { mime: "image/png", ext: "png" };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    return { mime: "image/jpeg", ext: "jpg" };
  }
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) {
    return { mime: "image/gif", ext: "gif" };
  }
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") {
    return { mime: "image/webp", ext: "webp" };
  }
  if (b.length >= 12 && ascii(4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(8, 12))) {
    return { mime: "image/avif", ext: "avif" };
  }
  // ICO: reserved 0, type 1, at least one image.
  if (
    b.length >= 6 &&
    b[0] === 0 &&
    b[1] === 0 &&
    b[2] === 1 &&
    b[3] === 0 &&
    (b[4]! > 0 || b[5]! > 0)
  ) {
    return { mime: "image/x-icon", ext: "ico" };
  }
  return null;
}
