import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ensurePrivateDir, ensurePrivateFile } from "./private-files.ts";

export const LOCK_FILE_NAME = "beranda.lock";

/** Another process (a running site, a restore or an import) holds DATA_DIR. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `${dataDir} is in use by another Beranda process (a running site, a restore or an import). ` +
        "Stop it first, or give this one its own DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = { release: () => void };

/**
 * Claims DATA_DIR for this process until `release()` or exit. The claim is an
 * exclusive SQLite lock on `DATA_DIR/beranda.lock`, so the operating system
 * drops it when the process ends however it ends (even SIGKILL): no stale pid
 * file to clean up after a crash. Taken by the server, restore and import;
 * the tools meant to share a running site's files (backup, export,
 * admin:create) do not take it. Keep the answer reachable while the claim
 * should last: once it is garbage-collected, its database closes and the
 * lock goes with it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE_NAME);
  ensurePrivateFile(file);
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA journal_mode = MEMORY"); // no journal file next to the lock
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    db.close();
    if ((error as { errcode?: number }).errcode === 5) throw new DataDirLockedError(dataDir);
    throw error;
  }
  return {
    release() {
      if (!db.isOpen) return;
      db.exec("ROLLBACK");
      db.close();
    },
  };
}
