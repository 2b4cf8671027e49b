import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "#server/lib/app-error.ts";

/** The largest export the admin takes (a 100 MB WordPress export with room to spare). */
export const IMPORT_FILE_MAX_BYTES = 512 * 1024 * 1024;
/** Uploaded exports older than this are deleted when the next one comes. */
const KEEP_FILES_MS = 24 * 60 * 60 * 1000;

export const IMPORT_FILE_REQUIRED = "Choose an export file to import";
export const IMPORT_FILE_TOO_LARGE = `The file is too large (max ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB)`;

/**
 * An export sent as the request body, written to `filePath` as it arrives (a
 * 100 MB file never sits in memory), at most IMPORT_FILE_MAX_BYTES; the file
 * is private to the site's user. Earlier uploads past a day are deleted.
 */
export async function receiveImportFile(
  body: ReadableStream<Uint8Array> | null,
  filePath: string,
  dir: string,
): Promise<void> {
  removeOldFiles(dir);
  if (!body) throw AppError.validation({ file: IMPORT_FILE_REQUIRED });
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > IMPORT_FILE_MAX_BYTES) {
        done(
          new AppError("PAYLOAD_TOO_LARGE", IMPORT_FILE_TOO_LARGE, { file: IMPORT_FILE_TOO_LARGE }),
        );
        return;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as never),
      limit,
      fs.createWriteStream(filePath, { mode: 0o600 }),
    );
  } catch (error) {
    fs.rmSync(filePath, { force: true });
    throw error;
  }
  if (size === 0) {
    fs.rmSync(filePath, { force: true });
    throw AppError.validation({ file: IMPORT_FILE_REQUIRED });
  }
}

function removeOldFiles(dir: string) {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const before = Date.now() - KEEP_FILES_MS;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}
