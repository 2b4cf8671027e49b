// `npm run build`: the React Router build, precompressed static files, the
// server bundle, and a stamp recording when the build started, so `npm start`
// can tell whether the build is current (scripts/ensure-build.ts) instead of
// rebuilding every time.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build as rolldown } from "rolldown";
import { BUILD_STAMP, ROOT } from "./build-sources.ts";
import { precompress } from "./precompress.ts";

const started = Date.now();
// The CLI by path: the package does not export its bin file.
const cli = path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs");
const result = spawnSync(process.execPath, [cli, "build"], { cwd: ROOT, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);

// The one script of the static public pages (decision 034): app/enhance/main.ts
// with the little it imports, built apart from React Router's client build so
// that no chunk it shares with the React pages (and React with it) rides along.
const enhance = await rolldown({
  input: path.join(ROOT, "app", "enhance", "main.ts"),
  platform: "browser",
  cwd: ROOT,
  logLevel: "warn",
  output: {
    dir: path.join(ROOT, "build", "client", "assets"),
    format: "esm",
    entryFileNames: "static-page-[hash].js",
    minify: true,
  },
});
const enhanceFile = enhance.output[0].fileName;
fs.writeFileSync(
  path.join(ROOT, "build", "enhance.json"),
  `${JSON.stringify({ enhanceScript: `/assets/${enhanceFile}` })}\n`,
);
console.log(`built the static pages' script: build/client/assets/${enhanceFile}`);

const count = precompress(path.join(ROOT, "build", "client"));
console.log(`precompressed ${count} files in build/client`);

// The server as plain JavaScript (build/node/main.js, what `npm start` runs):
// no TypeScript stripping at start, about 30 MB less memory and a quicker
// start. Packages stay in node_modules; tests and `npm run dev` use the sources.
await rolldown({
  input: path.join(ROOT, "server", "main.ts"),
  platform: "node",
  cwd: ROOT,
  external: [/^[^./#]/, /[\\/]build[\\/]server[\\/]index\.js$/],
  logLevel: "warn",
  output: { dir: path.join(ROOT, "build", "node"), format: "esm", sourcemap: true },
});
console.log("bundled the server in build/node");
fs.writeFileSync(BUILD_STAMP, `${JSON.stringify({ startedAt: started })}\n`);
