// What the client and SSR builds are made from, and whether the build in
// build/ is older than any of it. Shared by scripts/build.ts (which writes the
// stamp) and scripts/ensure-build.ts (which reads it).
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BUILD_STAMP = path.join(ROOT, "build", ".build-stamp.json");

/** Folders and files whose change means the build must be made again. */
const SOURCES = [
  "app",
  "common",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
  "scripts/build.ts",
  "scripts/precompress.ts",
];

function newestChange(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own mtime changes when a file in it is added, removed or renamed.
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/** Why the build must be made, or null when it is current. */
export function staleReason(): string | null {
  let stamp: { startedAt?: unknown };
  try {
    stamp = JSON.parse(fs.readFileSync(BUILD_STAMP, "utf8"));
  } catch {
    return "no build yet";
  }
  if (typeof stamp.startedAt !== "number") return "no build yet";
  for (const file of ["server/index.js", "node/main.js", "enhance.json"]) {
    if (!fs.existsSync(path.join(ROOT, "build", file))) return `no build/${file}`;
  }
  for (const source of SOURCES) {
    // Changes made while the build ran count too: compare with its start.
    if (newestChange(path.join(ROOT, source)) > stamp.startedAt) return `${source} changed`;
  }
  return null;
}
