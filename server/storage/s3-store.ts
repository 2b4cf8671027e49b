import type { S3Client } from "@aws-sdk/client-s3";
import type { UploadStoreConfig } from "#server/config.ts";
import { assertUploadKey, type StoredFile, type UploadStore } from "./upload-store.ts";

type S3Config = Extract<UploadStoreConfig, { kind: "s3" }>;

/** The type a bucket answers a file with when it is fetched from there directly. */
const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (UPLOAD_STORE=s3://bucket…): AWS S3, or
 * another server (MinIO, Garage, Cloudflare R2…) through `endpoint`. The SDK
 * is loaded on first use, so the other stores never load it. Credentials come
 * from the URL, else from the SDK's usual sources (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export function createS3UploadStore(config: S3Config): UploadStore {
  let loaded: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const s3 = () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region ?? process.env.AWS_REGION ?? "us-east-1",
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
      }),
    }));
    return loaded;
  };
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + assertUploadKey(key);

  async function stat(key: string): Promise<StoredFile | null> {
    const { sdk, client } = await s3();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function getObject(key: string) {
    const { sdk, client } = await s3();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    description: `s3://${config.bucket}/${config.prefix}`,
    async put(key, bytes) {
      // Names are content hashes: a file under the key holds these bytes already.
      if (await stat(key)) return false;
      const { sdk, client } = await s3();
      const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
        }),
      );
      return true;
    },
    async get(key) {
      const object = await getObject(key);
      return object?.Body ? object.Body.transformToByteArray() : null;
    },
    stat,
    async stream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return {
        key,
        size: object.ContentLength ?? 0,
        modifiedAt: object.LastModified ?? new Date(0),
        body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list() {
      const { sdk, client } = await s3();
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(config.prefix.length) ?? "";
          if (!key || key.endsWith("/")) continue;
          files.push({
            key,
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async close() {
      if (loaded) (await loaded).client.destroy();
      loaded = undefined;
    },
  };
}
