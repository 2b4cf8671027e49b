import { execSync } from "node:child_process";
import fs from "node:fs";

/**
 * Installs Debian packages the tests start (nginx, Varnish, and the browser
 * through `scripts/ensure-chromium.ts`) when a file they bring is missing: a
 * fresh machine passes `npm test` without steps of its own. Throws with the
 * command to run when it cannot install them.
 */
export function ensureDebianPackages(
  packages: Record<string, string>,
  options: { onInstall?: (names: string) => void } = {},
) {
  const missing = Object.entries(packages).filter(([, file]) => !fs.existsSync(file));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name).join(" ");
  options.onInstall?.(names);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: "ignore" });
    execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, {
      stdio: "ignore",
    });
  } catch {
    throw new Error(`could not install ${names}: run apt-get install ${names}`);
  }
  for (const [name, file] of missing) {
    if (!fs.existsSync(file)) throw new Error(`${name} was installed but ${file} is missing`);
  }
}
