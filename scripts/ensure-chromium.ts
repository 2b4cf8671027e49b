// Browser tests drive Debian's chromium package (Playwright cannot download
// its own browser here). Installs it with apt-get when it is missing.
import { execSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (fs.existsSync(CHROMIUM_PATH)) {
  process.exit(0);
}

console.log(`Chromium is missing at ${CHROMIUM_PATH}: installing Debian's chromium package...`);
const sudo = process.getuid?.() === 0 ? "" : "sudo ";
try {
  execSync(`${sudo}apt-get update -qq`, { stdio: "inherit" });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: "inherit",
  });
} catch {
  console.error(
    "Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.",
  );
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`chromium was installed but ${CHROMIUM_PATH} is still missing`);
  process.exit(1);
}
