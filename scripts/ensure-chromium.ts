// Browser tests drive Debian's chromium package (Playwright cannot download
// its own browser here). Installs it with apt-get when it is missing.
import { ensureDebianPackages } from "#tests/setup/debian-packages.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

try {
  ensureDebianPackages(
    { chromium: CHROMIUM_PATH },
    {
      onInstall: (names) =>
        console.log(
          `Chromium is missing at ${CHROMIUM_PATH}: installing Debian's ${names} package...`,
        ),
    },
  );
} catch (error) {
  console.error(`${(error as Error).message} (or set CHROMIUM_PATH)`);
  process.exit(1);
}
