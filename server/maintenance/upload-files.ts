/**
 * The upload files an import or a restore brings in. An archive is whatever
 * its maker put in it, so only what the image pipeline itself writes is taken:
 *
 * - a name the pipeline gives (`<hash>.<ext>`, `<hash>-<width>.<ext>`,
 *   server/modules/uploads/stored-names.ts), directly in the folder;
 * - bytes that are that picture type (image-type.ts, from the first bytes),
 *   which libvips (sharp) reads as that format within the pixel limit.
 *
 * Everything else (evil.html, a script, a subfolder, an HTML page named
 * like a PNG) is left out and reported. Accepted files are copied as they
 * are, not re-encoded: their names are their content hashes, which the
 * rows, posts and settings refer to, and a JPEG would lose quality each time.
 * What a picture could still carry past its end is harmless as served: only
 * as its image type, with nosniff and a sandbox policy (server/app.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { loadSharp, MAX_INPUT_PIXELS } from "#server/modules/uploads/image-pipeline.ts";
import { sniffImageType } from "#server/modules/uploads/image-type.ts";
import { storedImageType } from "#server/modules/uploads/stored-names.ts";

/** A file left out, and why, relative to the archive's uploads folder. */
export type SkippedUploadFile = { file: string; reason: string };

export type CopiedUploadFiles = {
  /** Files this call created in the target folder (full paths). */
  created: string[];
  skipped: SkippedUploadFile[];
};

/** What sharp calls each stored format. */
const SHARP_FORMAT: Record<string, string> = {
  png: "png",
  jpg: "jpeg",
  webp: "webp",
  avif: "heif",
  gif: "gif",
};

const FORMAT_NAME: Record<string, string> = {
  png: "PNG",
  jpg: "JPEG",
  webp: "WebP",
  avif: "AVIF",
  gif: "GIF",
};

function readHead(file: string): Uint8Array {
  const head = Buffer.alloc(32);
  const fd = fs.openSync(file, "r");
  try {
    return head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Null when `name` in `dir` is a file the upload pipeline could have written;
 * otherwise why it is not.
 */
export async function checkUploadFile(dir: string, name: string): Promise<string | null> {
  if (name.includes("/")) return "not a file the upload pipeline writes (it is in a subfolder)";
  const type = storedImageType(name);
  if (!type) return "not a name the upload pipeline gives";
  const file = path.join(dir, name);
  const expected = FORMAT_NAME[type.ext]!;
  if (sniffImageType(readHead(file))?.ext !== type.ext) return `not a ${expected} image`;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(file, {
      failOn: "error",
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: type.ext === "gif",
    }).metadata();
    if (meta.format !== SHARP_FORMAT[type.ext]) return `not a ${expected} image`;
    const frameHeight = meta.pageHeight ?? meta.height;
    if (!meta.width || !frameHeight) return "a damaged image: no size";
    if (meta.width * frameHeight * (meta.pages ?? 1) > MAX_INPUT_PIXELS) {
      return `an image over ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;
    }
  } catch (error) {
    return `a damaged image: ${(error as Error).message}`;
  }
  return null;
}

/** Regular files under `dir`, relative to it ("a/b.png"), sorted; none when it is missing. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((name) => name.split(path.sep).join("/"))
    .sort();
}

/**
 * Copies the files of `from` that pass `checkUploadFile` into `to`, readable
 * by all (they are public pictures) and never executable; a name already in
 * `to` is left as it is (content-hashed: the same picture). Answers what it
 * created and what it left out. On a failure the files it created are removed.
 */
export async function copyUploadFiles(from: string, to: string): Promise<CopiedUploadFiles> {
  fs.mkdirSync(to, { recursive: true });
  const created: string[] = [];
  const skipped: SkippedUploadFile[] = [];
  try {
    for (const name of listFiles(from)) {
      const reason = await checkUploadFile(from, name);
      if (reason) {
        skipped.push({ file: name, reason });
        continue;
      }
      const target = path.join(to, name);
      if (fs.existsSync(target)) continue;
      fs.copyFileSync(path.join(from, name), target, fs.constants.COPYFILE_EXCL);
      created.push(target);
      fs.chmodSync(target, 0o644);
    }
  } catch (error) {
    for (const file of created) fs.rmSync(file, { force: true });
    throw error;
  }
  return { created, skipped };
}
