// `npm run dev`: rebuilds the app on change and restarts the server with it.
// (The production server is the only server; there is no separate dev server.)
import { spawn } from "node:child_process";

process.env.NODE_ENV ??= "development";
const children = [
  spawn("npx", ["react-router", "build", "--watch"], { stdio: "inherit", detached: true }),
  spawn(
    process.execPath,
    ["--watch-path=server", "--watch-path=common", "--watch-path=build/server", "server/main.ts"],
    { stdio: "inherit", detached: true },
  ),
];
const stop = () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
