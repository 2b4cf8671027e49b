import type { Actor } from "../../../common/permissions.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { nowIso } from "../../db/normalize.ts";
import { AppError } from "../../http/errors.ts";
import { storeImage } from "./image-pipeline.ts";
import { ACCEPTED_IMAGES, sniffImageType } from "./image-type.ts";

export type UploadResult = {
  id: number;
  url: string;
  imagePath: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
};

export function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

export function createUploadsService(
  db: Db,
  config: Pick<Config, "uploadsDir" | "uploadMaxBytes">,
) {
  /** Stores an image under a content-hashed name; the type comes from its bytes. */
  async function uploadImage(
    actor: Actor | null,
    file: { bytes: Uint8Array; name: string; alt?: string },
  ): Promise<UploadResult> {
    requirePermission(actor, "uploads:create");
    if (file.bytes.length === 0) {
      throw AppError.validation({ image: "An image file is required" });
    }
    if (file.bytes.length > config.uploadMaxBytes) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `File is too large (max ${formatBytes(config.uploadMaxBytes)})`,
      );
    }
    const type = sniffImageType(file.bytes);
    if (!type) throw new AppError("UNSUPPORTED_MEDIA_TYPE", ACCEPTED_IMAGES);

    let stored: Awaited<ReturnType<typeof storeImage>>;
    try {
      stored = await storeImage(config.uploadsDir, file.bytes, type);
    } catch {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The image file is damaged or incomplete");
    }
    const existing = await db
      .selectFrom("uploads")
      .selectAll()
      .where("file_name", "=", stored.fileName)
      .executeTakeFirst();
    const row =
      existing ??
      (await db
        .insertInto("uploads")
        .values({
          file_name: stored.fileName,
          original_name: file.name.slice(0, 300),
          mime_type: stored.mimeType,
          size_bytes: stored.size,
          width: stored.width,
          height: stored.height,
          sha256: stored.sha256,
          alt: file.alt?.trim().slice(0, 300) ?? "",
          variants: JSON.stringify(stored.variants),
          uploaded_by: actor.id,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow());
    const url = `/uploads/${row.file_name}`;
    return {
      id: row.id,
      url,
      imagePath: url,
      mimeType: row.mime_type,
      size: row.size_bytes,
      width: row.width,
      height: row.height,
    };
  }

  return { uploadImage };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
