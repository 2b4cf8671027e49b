// Before `npm start`: builds only when there is no build or a source is newer
// than it, so a restart on a current build starts at once.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ROOT, staleReason } from "./build-sources.ts";

const reason = staleReason();
if (reason) {
  console.log(`Building the app (${reason})…`);
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build.ts")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
}
