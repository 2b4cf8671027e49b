import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertUploadKey, isUploadKey, type StoredFile, type UploadStore } from "./upload-store.ts";

/** Files under a folder of the disk: `DATA_DIR/uploads` (UPLOAD_STORE=local, the default). */
export type LocalUploadStore = UploadStore & { kind: "local"; dir: string };

export function createLocalUploadStore(dir: string): LocalUploadStore {
  const fileOf = (key: string) => path.join(dir, assertUploadKey(key));

  async function stat(key: string): Promise<StoredFile | null> {
    const stats = await fs.stat(fileOf(key)).catch(() => null);
    return stats?.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : null;
  }

  async function walk(folder: string, prefix: string, out: StoredFile[]) {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const key = prefix + entry.name;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${key}/`, out);
      else if (entry.isFile() && isUploadKey(key)) {
        const found = await stat(key);
        if (found) out.push(found);
      }
    }
  }

  return {
    kind: "local",
    description: dir,
    dir,
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.writeFile(file, bytes, { flag: "wx" });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        // "wx" made the file or nothing: a half-written file of ours goes too.
        await fs.rm(file, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      return fs.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        throw error;
      });
    },
    stat,
    async stream(key) {
      const found = await stat(key);
      if (!found) return null;
      const body = Readable.toWeb(createReadStream(fileOf(key))) as ReadableStream<Uint8Array>;
      return { ...found, body };
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list() {
      const out: StoredFile[] = [];
      await walk(dir, "", out);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async close() {},
  };
}
