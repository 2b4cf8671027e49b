// Writes .br and .gz beside every compressible file of the client build, so
// the server sends them without compressing on each request (serveStatic's
// `precompressed`). Called by scripts/build.ts after `react-router build`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;

/** Compresses every file under `dir` worth compressing; answers how many. */
export function precompress(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) count += precompress(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const data = fs.readFileSync(file);
      if (data.length < 512) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      count++;
    }
  }
  return count;
}
