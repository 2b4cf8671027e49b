import fs from "node:fs";
import path from "node:path";

/**
 * What the site keeps of its own (DATA_DIR, the SQLite database, backups,
 * exports) holds password hashes, sessions, contact messages and e-mail
 * addresses: made readable by their owner only, whatever the umask. Folders
 * and files that exist already keep their mode (an operator may have chosen
 * it); docs/operations.md says how to tighten an older site.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` 0700 when it does not exist (its missing parents as any folder). */
export function ensurePrivateDir(dir: string) {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  } catch (error) {
    // Made meanwhile by another process: kept as it is.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/**
 * Makes an empty `file` 0600 when it does not exist. For a SQLite database
 * this decides the mode of its -wal, -shm and -journal files too: SQLite
 * gives them the database file's.
 */
export function ensurePrivateFile(file: string) {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
}
