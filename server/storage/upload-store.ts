/**
 * Where uploaded files and their variants are kept (decision 036). A file is
 * named by its key: the name the image pipeline gives it (`<hash>.jpg`,
 * `<hash>-960.webp`), or a path of such names (`2026/11/<hash>-960.webp`).
 * Three stores implement it: the local disk (`DATA_DIR/uploads`, the
 * default), the database (the `upload_files` table) and an S3-compatible
 * bucket; UPLOAD_STORE picks one (create-upload-store.ts).
 */
export type UploadStoreKind = "local" | "database" | "s3";

export type StoredFile = {
  key: string;
  size: number;
  /** When the file was written (Last-Modified). */
  modifiedAt: Date;
};

export type StoredFileStream = StoredFile & { body: ReadableStream<Uint8Array> };

export interface UploadStore {
  readonly kind: UploadStoreKind;
  /** For people: where the files are ("/srv/beranda/data/uploads", "the database", "s3://bucket/"). */
  readonly description: string;
  /**
   * Writes `bytes` under `key` unless the key holds a file already (names are
   * content hashes: an existing file holds these bytes). True when written.
   * A failed write leaves nothing under the key.
   */
  put(key: string, bytes: Uint8Array): Promise<boolean>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Its size and date without its bytes, or null. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file as a stream (served under /uploads), or null. */
  stream(key: string): Promise<StoredFileStream | null>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Every file, in key order. */
  list(): Promise<StoredFile[]>;
  /** Ends the store's connections (the S3 client); the database store closes nothing. */
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** A key is a relative path of plain names: no "..", no leading dot or slash, at most 500 characters. */
export function isUploadKey(key: string): boolean {
  return key.length <= 500 && KEY.test(key) && !key.split("/").some((part) => part === "..");
}

export function assertUploadKey(key: string): string {
  if (!isUploadKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
  return key;
}

/** A readable stream of one buffer (the stores that hold the whole file). */
export function bytesStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.length) controller.enqueue(bytes);
      controller.close();
    },
  });
}
