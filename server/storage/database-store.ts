import type { Db } from "#server/db/client.ts";
import { assertUploadKey, bytesStream, type StoredFile, type UploadStore } from "./upload-store.ts";

/**
 * Files in the database's `upload_files` table (UPLOAD_STORE=database): every
 * instance on one PostgreSQL database sees the same files with no other
 * service; on SQLite they sit in the database file. A file is read whole (an
 * upload is at most UPLOAD_MAX_BYTES, its variants smaller).
 */
export function createDatabaseUploadStore(db: Db): UploadStore {
  const toFile = (row: { key: string; size: number; created_at: unknown }): StoredFile => ({
    key: row.key,
    size: Number(row.size),
    modifiedAt: new Date(row.created_at as string | Date),
  });

  async function stat(key: string) {
    const row = await db
      .selectFrom("upload_files")
      .select(["key", "size", "created_at"])
      .where("key", "=", assertUploadKey(key))
      .executeTakeFirst();
    return row ? toFile(row) : null;
  }

  async function read(key: string) {
    return db
      .selectFrom("upload_files")
      .select(["key", "size", "created_at", "bytes"])
      .where("key", "=", assertUploadKey(key))
      .executeTakeFirst();
  }

  return {
    kind: "database",
    description: "the database (table upload_files)",
    async put(key, bytes) {
      const result = await db
        .insertInto("upload_files")
        .values({
          key: assertUploadKey(key),
          bytes,
          size: bytes.length,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async get(key) {
      const row = await read(key);
      return row ? new Uint8Array(row.bytes) : null;
    },
    stat,
    async stream(key) {
      const row = await read(key);
      if (!row) return null;
      return { ...toFile(row), body: bytesStream(new Uint8Array(row.bytes)) };
    },
    async delete(key) {
      await db.deleteFrom("upload_files").where("key", "=", assertUploadKey(key)).execute();
    },
    async list() {
      const rows = await db
        .selectFrom("upload_files")
        .select(["key", "size", "created_at"])
        .orderBy("key")
        .execute();
      return rows.map(toFile);
    },
    async close() {},
  };
}
