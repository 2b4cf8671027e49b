import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A local S3 server (s3rver from npm) on a free port, its files in a temporary
 * folder, with the given buckets. `storeUrl(bucket)` is the UPLOAD_STORE for
 * one of them, with s3rver's fixed keys in the URL.
 */
export async function startS3Server(buckets: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storeUrl: (bucket: string, prefix = "") =>
      `s3://S3RVER:S3RVER@${bucket}/${prefix}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
