import fs from "node:fs";
import path from "node:path";
import type { Config } from "#server/config.ts";
import { sendChangeNotification } from "./change-notifications.ts";
import { type ContentChange, EVERYTHING } from "./content-changes.ts";

/**
 * Changes made by a command beside running sites (`npm run import:wordpress`
 * while the site serves): the sites' page caches must learn of them as they
 * learn of their own. On PostgreSQL the command sends the change by NOTIFY,
 * which every instance on the database already listens to (decision 033). On
 * SQLite the site and the command share DATA_DIR: the command writes the change
 * to this file, and every server process of the folder checks the file's time
 * every second (`watchCommandChanges`).
 */
export const COMMAND_CHANGES_FILE = "content-changed.json";
const CHECK_EVERY_MS = 1_000;

/** Announces a command's change to the sites running on the same data. */
export async function announceCommandChange(config: Config, change: ContentChange) {
  if (config.database.kind === "postgres") {
    await sendChangeNotification(config.database.url, change);
    return;
  }
  const file = path.join(config.dataDir, COMMAND_CHANGES_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ at: new Date().toISOString(), ...change }));
  fs.renameSync(temporary, file);
}

/**
 * Delivers each change a command announces in `dataDir` from now on; answers
 * a function that stops watching. A change written before the call is not
 * delivered: the page cache of a process that starts after it is empty.
 */
export function watchCommandChanges(
  dataDir: string,
  deliver: (change: ContentChange) => void,
): () => void {
  const file = path.join(dataDir, COMMAND_CHANGES_FILE);
  const onChange = (current: fs.Stats, previous: fs.Stats) => {
    if (current.mtimeMs === previous.mtimeMs || current.mtimeMs === 0) return;
    deliver(readChange(file));
  };
  fs.watchFile(file, { interval: CHECK_EVERY_MS, persistent: false }, onChange);
  return () => fs.unwatchFile(file, onChange);
}

/** The change in the file; one that cannot be read stales every page. */
function readChange(file: string): ContentChange {
  try {
    const { stale, purge } = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<ContentChange>;
    if (Array.isArray(stale) && Array.isArray(purge)) {
      return { stale: stale.map(String), purge: purge.map(String) };
    }
  } catch {
    // Written half, or by hand: fall through.
  }
  return EVERYTHING;
}
