import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { ImportFileError } from "./import-errors.ts";

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * The text of an export file, chunk by chunk: gunzipped when it starts with
 * gzip's magic bytes (`.xml.gz` from WordPress's export or a host's backup),
 * decoded as the XML declaration or byte-order mark says (UTF-8, the only
 * encoding WordPress writes today, or ISO-8859-1/Windows-1252 from old
 * sites); invalid UTF-8 stops the import with a clear error instead of
 * storing replacement characters.
 */
export async function* decodeText(input: Readable): AsyncGenerator<string> {
  const source = input[Symbol.asyncIterator]();
  const first = await source.next();
  if (first.done) throw new ImportFileError("The file is empty.");
  const head = Buffer.from(first.value as Buffer);
  const gzipped = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  const bytes = gzipped ? gunzip(head, source) : rest(head, source);

  let decoder: TextDecoder | undefined;
  try {
    for await (const chunk of bytes) {
      decoder ??= new TextDecoder(encodingOf(chunk), { fatal: true });
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const tail = decoder?.decode();
    if (tail) yield tail;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    if (error instanceof TypeError && /encoded data was not valid/i.test(error.message)) {
      throw new ImportFileError(
        `The file is not valid ${decoder?.encoding === "utf-8" ? "UTF-8" : (decoder?.encoding ?? "text")}: save the export again, or convert it to UTF-8.`,
      );
    }
    if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) {
      throw new ImportFileError(
        "The gzipped file is damaged or cut off: download the export again.",
      );
    }
    throw error;
  }
}

async function* rest(head: Buffer, source: AsyncIterator<unknown>): AsyncGenerator<Buffer> {
  yield head;
  for (;;) {
    const next = await source.next();
    if (next.done) return;
    yield Buffer.from(next.value as Buffer);
  }
}

async function* gunzip(head: Buffer, source: AsyncIterator<unknown>): AsyncGenerator<Buffer> {
  const unzip = createGunzip();
  const feeding = (async () => {
    try {
      for await (const chunk of rest(head, source)) {
        if (!unzip.write(chunk)) await new Promise((resolve) => unzip.once("drain", resolve));
      }
      unzip.end();
    } catch (error) {
      unzip.destroy(error as Error);
    }
  })();
  for await (const chunk of unzip) yield chunk as Buffer;
  await feeding;
}

/** The encoding a file's first bytes name (BOM or XML declaration); UTF-8 when silent. */
function encodingOf(first: Buffer): string {
  if (first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf) return "utf-8";
  if ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff)) {
    throw new ImportFileError("The file is UTF-16: save the export as UTF-8 and try again.");
  }
  const declaration = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(
    first.subarray(0, 200).toString("latin1"),
  );
  const name = declaration?.[1]?.toLowerCase() ?? "utf-8";
  if (name === "utf-8" || name === "utf8") return "utf-8";
  if (["iso-8859-1", "latin1", "windows-1252", "cp1252"].includes(name)) return "windows-1252";
  throw new ImportFileError(
    `The file's encoding (${declaration?.[1]}) is not supported: save it as UTF-8.`,
  );
}
