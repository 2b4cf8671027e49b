import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { createDatabaseUploadStore } from "./database-store.ts";
import { createLocalUploadStore } from "./local-store.ts";
import { createS3UploadStore } from "./s3-store.ts";
import type { UploadStore } from "./upload-store.ts";

/**
 * The store UPLOAD_STORE names (config.uploadStore); the database store keeps
 * its files through `db` (required for it, unused by the others).
 */
export function createUploadStore(
  config: Pick<Config, "uploadsDir" | "uploadStore">,
  db?: Db,
): UploadStore {
  switch (config.uploadStore.kind) {
    case "local":
      return createLocalUploadStore(config.uploadsDir);
    case "database":
      if (!db) throw new Error("the database upload store needs the database");
      return createDatabaseUploadStore(db);
    case "s3":
      return createS3UploadStore(config.uploadStore);
  }
}
