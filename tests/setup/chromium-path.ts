/**
 * The Chromium the browser tests drive: Debian's headless shell unless
 * CHROMIUM_PATH names another build (decision 037). Read by the Playwright
 * config and by scripts/ensure-chromium.ts, which installs it when missing.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || HEADLESS_SHELL;
