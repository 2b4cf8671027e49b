import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Actor } from "../../../common/permissions.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { nowIso } from "../../db/normalize.ts";
import { AppError } from "../../http/errors.ts";
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
    file: { bytes: Uint8Array; name: string },
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

    let width: number | null = null;
    let height: number | null = null;
    if (type.ext !== "ico") {
      try {
        const meta = await sharp(file.bytes).metadata();
        width = meta.width ?? null;
        height = meta.height ?? null;
      } catch {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The image file is damaged or incomplete");
      }
    }

    const sha256 = crypto.createHash("sha256").update(file.bytes).digest("hex");
    const fileName = `${sha256.slice(0, 20)}.${type.ext}`;
    const existing = await db
      .selectFrom("uploads")
      .selectAll()
      .where("file_name", "=", fileName)
      .executeTakeFirst();
    if (!existing) {
      await fs.mkdir(config.uploadsDir, { recursive: true });
      await fs.writeFile(path.join(config.uploadsDir, fileName), file.bytes);
    }
    const row =
      existing ??
      (await db
        .insertInto("uploads")
        .values({
          file_name: fileName,
          original_name: file.name.slice(0, 300),
          mime_type: type.mime,
          size_bytes: file.bytes.length,
          width,
          height,
          sha256,
          alt: "",
          variants: "[]",
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
