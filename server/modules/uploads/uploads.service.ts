import type { Actor } from "#common/permissions.ts";
import type { UploadResult } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { createTaskQueue } from "#server/lib/task-queue.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import {
  addUploadOwner,
  findUploadByFileName,
  insertUpload,
} from "#server/modules/media/media.repository.ts";
import { mediaEvent } from "#server/modules/media/media-audit.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";
import {
  DamagedImageError,
  IMAGE_SLOTS,
  IMAGE_TOO_LARGE,
  ImageTooLargeError,
  processImage,
  writeImage,
} from "./image-pipeline.ts";
import { ACCEPTED_IMAGES, sniffImageType } from "./image-type.ts";

export type { UploadResult };

export function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

const DAMAGED = "The image file is damaged or incomplete";
export const UPLOADS_BUSY = "Too many uploads at once. Please try again in a moment.";
/** Seconds a caller refused for a full upload queue should wait (Retry-After). */
const BUSY_RETRY_SECONDS = 5;

export type UploadsOptions = {
  /** Images decoded and encoded at once (CPU bound). */
  slots?: number;
  /** Uploads that may wait for a slot before new ones get 429. */
  waiting?: number;
};

export function createUploadsService(
  db: Db,
  config: Pick<Config, "uploadMaxBytes">,
  store: UploadStore,
  options: UploadsOptions = {},
) {
  const queue = createTaskQueue(options.slots ?? IMAGE_SLOTS, {
    waiting: options.waiting ?? 8,
    refuse: () => AppError.tooManyRequests(UPLOADS_BUSY, BUSY_RETRY_SECONDS),
  });

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
      const message = `File is too large (max ${formatBytes(config.uploadMaxBytes)})`;
      throw new AppError("PAYLOAD_TOO_LARGE", message, { image: message });
    }
    const type = sniffImageType(file.bytes);
    if (!type) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", ACCEPTED_IMAGES, { image: ACCEPTED_IMAGES });
    }

    const processed = await queue
      .run(() => processImage(file.bytes, type))
      .catch((error) => {
        if (error instanceof ImageTooLargeError) {
          throw new AppError("PAYLOAD_TOO_LARGE", IMAGE_TOO_LARGE, { image: IMAGE_TOO_LARGE });
        }
        if (error instanceof DamagedImageError) {
          throw new AppError("UNSUPPORTED_MEDIA_TYPE", DAMAGED, { image: DAMAGED });
        }
        throw error;
      });
    // A write failure (disk full, permissions, the store unreachable) is ours, not the image's: it
    // goes to the error handler, which logs it and answers 500.
    const stored = await writeImage(store, processed);
    // Who uploaded which file goes to the audit log, also when the same image
    // was stored before (the earlier row is answered, and is now in this
    // uploader's media library too).
    const upload = await db.transaction().execute(async (trx) => {
      const at = nowIso();
      const row =
        (await findUploadByFileName(trx, stored.fileName)) ??
        (await insertUpload(
          trx,
          {
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
          },
          at,
        ));
      await addUploadOwner(trx, row.id, actor.id);
      await insertAuditEvents(trx, actor, [mediaEvent("uploaded", row)], at);
      return row;
    });
    const url = `/uploads/${upload.fileName}`;
    return {
      id: upload.id,
      url,
      imagePath: url,
      mimeType: upload.mimeType,
      size: upload.size,
      width: upload.width,
      height: upload.height,
    };
  }

  return { uploadImage, queueStats: queue.stats };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
