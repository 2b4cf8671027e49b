/**
 * Reads the one picture we keep from an ICO file: the largest entry. libvips
 * (sharp) cannot read ICO, and an ICO is a directory of byte ranges, so
 * anything can hide around or inside it (an HTML page, a script). We never
 * store the file itself: the chosen entry is decoded to pixels here (or, for
 * a PNG entry, handed to sharp as a PNG) and re-encoded as a PNG.
 */

export class IcoError extends Error {}

export type IcoPicture =
  | { kind: "png"; data: Buffer }
  | { kind: "rgba"; width: number; height: number; data: Buffer };

/** ICO entries are at most 256 px; BMP entries larger than this are refused. */
const MAX_BMP_SIDE = 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type Entry = { width: number; height: number; bitCount: number; size: number; offset: number };

function entries(ico: Buffer): Entry[] {
  if (ico.length < 6 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) {
    throw new IcoError("not an icon");
  }
  const count = ico.readUInt16LE(4);
  if (count === 0 || ico.length < 6 + count * 16) throw new IcoError("icon directory cut short");
  const list: Entry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    const entry = {
      width: ico[at]! || 256,
      height: ico[at + 1]! || 256,
      bitCount: ico.readUInt16LE(at + 6),
      size: ico.readUInt32LE(at + 8),
      offset: ico.readUInt32LE(at + 12),
    };
    if (entry.size === 0 || entry.offset + entry.size > ico.length) {
      throw new IcoError("icon entry outside the file");
    }
    list.push(entry);
  }
  return list;
}

/** The largest (then deepest) picture of an ICO file. */
export function readIco(ico: Buffer): IcoPicture {
  const best = entries(ico).sort(
    (a, b) => b.width * b.height - a.width * a.height || b.bitCount - a.bitCount,
  )[0]!;
  const data = ico.subarray(best.offset, best.offset + best.size);
  if (PNG_SIGNATURE.every((byte, i) => data[i] === byte)) {
    return { kind: "png", data: Buffer.from(data) };
  }
  return { kind: "rgba", ...readDib(data) };
}

/**
 * A BMP without its file header, as ICO stores it: a BITMAPINFOHEADER, a
 * palette for 1, 4 and 8 bits, the colour rows, then a 1-bit transparency
 * mask; both bottom-up, with the header's height counting both.
 */
function readDib(dib: Buffer): { width: number; height: number; data: Buffer } {
  if (dib.length < 40) throw new IcoError("bitmap header cut short");
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = Math.floor(dib.readInt32LE(8) / 2);
  const bitCount = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  const colorsUsed = dib.readUInt32LE(32);
  if (headerSize < 40 || headerSize > dib.length) throw new IcoError("bad bitmap header");
  if (width < 1 || height < 1 || width > MAX_BMP_SIDE || height > MAX_BMP_SIDE) {
    throw new IcoError("bad bitmap size");
  }
  if (compression !== 0 || ![1, 4, 8, 24, 32].includes(bitCount)) {
    throw new IcoError("unsupported bitmap format");
  }

  let at = headerSize;
  const palette: number[][] = [];
  if (bitCount <= 8) {
    const colors = colorsUsed || 1 << bitCount;
    if (colors > 1 << bitCount || at + colors * 4 > dib.length) {
      throw new IcoError("bad palette");
    }
    for (let i = 0; i < colors; i++, at += 4) {
      palette.push([dib[at + 2]!, dib[at + 1]!, dib[at]!]);
    }
  }
  const stride = Math.floor((bitCount * width + 31) / 32) * 4;
  const maskStride = Math.floor((width + 31) / 32) * 4;
  const colorStart = at;
  const maskStart = colorStart + stride * height;
  const hasMask = maskStart + maskStride * height <= dib.length;
  if (maskStart > dib.length) throw new IcoError("bitmap cut short");

  const out = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = colorStart + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let rgb: number[];
      let alpha = 255;
      if (bitCount === 32) {
        const p = row + x * 4;
        rgb = [dib[p + 2]!, dib[p + 1]!, dib[p]!];
        alpha = dib[p + 3]!;
        if (alpha) anyAlpha = true;
      } else if (bitCount === 24) {
        const p = row + x * 3;
        rgb = [dib[p + 2]!, dib[p + 1]!, dib[p]!];
      } else {
        const bit = x * bitCount;
        const byte = dib[row + (bit >> 3)]!;
        const index = (byte >> (8 - bitCount - (bit & 7))) & ((1 << bitCount) - 1);
        const color = palette[index];
        if (!color) throw new IcoError("palette index out of range");
        rgb = color;
      }
      out[o] = rgb[0]!;
      out[o + 1] = rgb[1]!;
      out[o + 2] = rgb[2]!;
      out[o + 3] = alpha;
    }
  }
  // The mask decides transparency, except for 32-bit pictures that carry an
  // alpha channel of their own (old ones leave it zero and use the mask).
  if (bitCount === 32 && !anyAlpha && !hasMask) {
    for (let o = 3; o < out.length; o += 4) out[o] = 255;
  } else if (hasMask && !(bitCount === 32 && anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = maskStart + (height - 1 - y) * maskStride;
      for (let x = 0; x < width; x++) {
        const transparent = (dib[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
        out[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { width, height, data: out };
}
