// After `react-router build`: writes .br and .gz beside every compressible
// file of the client build, so the server sends them without compressing on
// each request (serveStatic's `precompressed`).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..", "build", "client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
let count = 0;

function walk(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
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
}

if (fs.existsSync(root)) walk(root);
console.log(`precompressed ${count} files in build/client`);
