// `npm run uploads:move -- --to database|s3://…|local [--from …] [--keep]`:
// copies every uploaded file from one store to another, checks each arrived
// whole, then removes them from the old store (not with `keep`). The site on
// this DATA_DIR is stopped meanwhile (the command takes its lock); set
// UPLOAD_STORE to the new store before starting it again. See docs/operations.md.
import type { Config, UploadStoreConfig } from "#server/config.ts";
import { type DbHandle, openDb } from "#server/db/client.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { OperatorError, type SchemaOption } from "./operation.ts";
import { openUploadStore } from "./store-files.ts";

export class MoveUploadsError extends OperatorError {
  override name = "MoveUploadsError";
}

export type MoveUploadsOptions = SchemaOption & {
  /** The store the files are in; default UPLOAD_STORE's. */
  from?: UploadStoreConfig;
  to: UploadStoreConfig;
  /** Leave the files in the old store too (a copy). */
  keep?: boolean;
};

export type MoveUploadsResult = {
  /** Files copied into the new store. */
  copied: number;
  /** Files the new store held already (the same names: the same pictures). */
  present: number;
  bytes: number;
  /** Files removed from the old store (0 with `keep`). */
  removed: number;
  from: string;
  to: string;
};

function sameStore(a: UploadStoreConfig, b: UploadStoreConfig): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== "s3" || b.kind !== "s3") return true;
  return a.bucket === b.bucket && a.prefix === b.prefix && a.endpoint === b.endpoint;
}

export async function moveUploads(
  config: Config,
  options: MoveUploadsOptions,
): Promise<MoveUploadsResult> {
  const from = options.from ?? config.uploadStore;
  const to = options.to;
  if (sameStore(from, to)) {
    throw new MoveUploadsError(
      "the files are in that store already: name another with --to (or the one they are in with --from)",
    );
  }
  const lock = lockDataDir(config.dataDir); // throws DataDirLockedError
  let handle: DbHandle | undefined;
  try {
    if (from.kind === "database" || to.kind === "database") {
      handle = await openDb({ database: config.database, schema: options.schema });
      await migrateToLatest(handle.db);
    }
    const source = await openUploadStore(config, { kind: from, handle });
    try {
      const target = await openUploadStore(config, { kind: to, handle });
      try {
        const result: MoveUploadsResult = {
          copied: 0,
          present: 0,
          bytes: 0,
          removed: 0,
          from: source.store.description,
          to: target.store.description,
        };
        const files = await source.store.list();
        for (const file of files) {
          const bytes = await source.store.get(file.key);
          if (!bytes) continue;
          if (await target.store.put(file.key, bytes)) result.copied += 1;
          else result.present += 1;
          const arrived = await target.store.stat(file.key);
          if (arrived?.size !== bytes.length) {
            throw new MoveUploadsError(
              `${file.key} did not arrive whole in ${target.store.description} ` +
                `(${arrived?.size ?? "no"} bytes of ${bytes.length}); nothing was removed from ${source.store.description}`,
            );
          }
          result.bytes += bytes.length;
        }
        // Only once every file is in the new store.
        if (!options.keep) {
          for (const file of files) {
            await source.store.delete(file.key);
            result.removed += 1;
          }
        }
        return result;
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  } finally {
    await handle?.close();
    lock.release();
  }
}
