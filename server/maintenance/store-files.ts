// The files of an upload store as a folder, and a folder into a store: how a
// backup, a restore, an export and an import carry the files of the database
// and S3 stores (the local store's folder is read and replaced as it is).
import fs from "node:fs";
import path from "node:path";
import type { Config, UploadStoreConfig } from "#server/config.ts";
import { type DbHandle, openDb } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { createUploadStore } from "#server/storage/create-upload-store.ts";
import { isUploadKey, type UploadStore } from "#server/storage/upload-store.ts";
import { listFiles } from "./upload-files.ts";

export type OpenedStore = { store: UploadStore; close: () => Promise<void> };

/**
 * Opens the store `kind` names (UPLOAD_STORE by default) for a command. The
 * database store opens its own connection (on `handle` when given); with
 * `migrate` the database is first brought up to date (a restore's older
 * archive may lack the upload_files table).
 */
export async function openUploadStore(
  config: Config,
  options: {
    kind?: UploadStoreConfig;
    schema?: string;
    handle?: DbHandle;
    migrate?: boolean;
  } = {},
): Promise<OpenedStore> {
  const uploadStore = options.kind ?? config.uploadStore;
  if (uploadStore.kind !== "database") {
    const store = createUploadStore({ ...config, uploadStore });
    return { store, close: () => store.close() };
  }
  const handle =
    options.handle ?? (await openDb({ database: config.database, schema: options.schema }));
  try {
    if (options.migrate) await migrateToLatest(handle.db);
  } catch (error) {
    if (!options.handle) await handle.close();
    throw error;
  }
  const store = createUploadStore({ ...config, uploadStore }, handle.db);
  return {
    store,
    close: async () => {
      await store.close();
      if (!options.handle) await handle.close();
    },
  };
}

/** Writes every file of the store under `dir` (made); counts them. */
export async function storeToFolder(
  store: UploadStore,
  dir: string,
): Promise<{ files: number; bytes: number }> {
  fs.mkdirSync(dir, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const { key } of await store.list()) {
    const data = await store.get(key);
    // Deleted by the running site since the listing: not part of the copy.
    if (!data) continue;
    const target = path.join(dir, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data);
    files += 1;
    bytes += data.length;
  }
  return { files, bytes };
}

/** Regular files under `dir` as keys ("a/b.png"), sorted; none when it is missing. */
export function folderKeys(dir: string): string[] {
  return listFiles(dir).filter(isUploadKey);
}

/**
 * Puts the files under `dir` into the store (a key it holds already is left
 * as it is: names are content hashes). Answers the keys it wrote; on a
 * failure those are removed again.
 */
export async function folderToStore(dir: string, store: UploadStore): Promise<string[]> {
  const created: string[] = [];
  try {
    for (const key of folderKeys(dir)) {
      if (await store.put(key, fs.readFileSync(path.join(dir, key)))) created.push(key);
    }
  } catch (error) {
    await Promise.all(created.map((key) => store.delete(key).catch(() => {})));
    throw error;
  }
  return created;
}
