// Browser tests drive Debian's Chromium (Playwright cannot download its own
// browser here): its headless shell by default, the build of the same source
// made for automation, which needs half the CPU of the full browser
// (docs/decisions/037-headless-shell-for-browser-tests.md). CHROMIUM_PATH
// names another build (`/usr/bin/chromium` for the full browser, as Lighthouse
// uses). Installs the Debian package that brings it when it is missing.
import { CHROMIUM_PATH } from "#tests/setup/chromium-path.ts";
import { ensureDebianPackages } from "#tests/setup/debian-packages.ts";

/** The Debian package a browser path comes from (both are built from `chromium`). */
function chromiumPackage(file: string) {
  return /headless-shell/.test(file) ? "chromium-headless-shell" : "chromium";
}

try {
  ensureDebianPackages(
    { [chromiumPackage(CHROMIUM_PATH)]: CHROMIUM_PATH },
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
