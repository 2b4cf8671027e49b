import path from "node:path";
import { type Actor, can } from "#common/permissions.ts";
import type { MediaItem } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";
import {
  deleteUpload,
  findMediaUsages,
  findUploadById,
  findUploadOwnerIds,
  findUploads,
  removeUploadOwner,
  updateUploadAlt,
} from "./media.repository.ts";
import { mediaEvent } from "./media-audit.ts";

/** The media library: every upload, where it is used, its alt text; delete only when unused. */
export function createMediaService(db: Db, store: UploadStore) {
  async function listMedia(actor: Actor | null): Promise<MediaItem[]> {
    requirePermission(actor, "uploads:create");
    const uploads = await findUploads(
      db,
      can(actor, "uploads:manage") ? {} : { ownedBy: actor.id },
    );
    return Promise.all(
      uploads.map(async (upload) => ({
        id: upload.id,
        url: `/uploads/${upload.fileName}`,
        fileName: upload.fileName,
        originalName: upload.originalName,
        mimeType: upload.mimeType,
        size: upload.size,
        width: upload.width,
        height: upload.height,
        alt: upload.alt,
        variants: upload.variants.length,
        uploadedBy: upload.uploadedBy,
        createdAt: upload.createdAt,
        usedIn: await findMediaUsages(db, upload.fileName),
      })),
    );
  }

  /**
   * The upload, if the caller may work on it: theirs, or any for those who
   * manage uploads. `sharedWithOthers`: the caller may not manage every upload
   * and someone else has this one in their library too.
   */
  async function requireOwnMedia(actor: Actor | null, id: number) {
    requirePermission(actor, "uploads:create");
    const upload = await findUploadById(db, id);
    if (!upload) throw AppError.notFound("Image not found");
    if (can(actor, "uploads:manage")) return { upload, caller: actor, sharedWithOthers: false };
    const owners = await findUploadOwnerIds(db, id);
    if (!owners.includes(actor.id)) throw AppError.forbidden();
    return { upload, caller: actor, sharedWithOthers: owners.some((owner) => owner !== actor.id) };
  }

  async function updateMediaAlt(actor: Actor | null, id: number, alt: string) {
    await requireOwnMedia(actor, id);
    await updateUploadAlt(db, id, alt.trim());
    return (await listMedia(actor)).find((m) => m.id === id)!;
  }

  /**
   * Deletes the file and its variants (from the upload store); refused while the
   * image is used anywhere. Someone who may not manage every upload, deleting a
   * picture another user uploaded too, takes it out of their own library only.
   */
  async function deleteMedia(actor: Actor | null, id: number) {
    const { upload, caller, sharedWithOthers } = await requireOwnMedia(actor, id);
    const usages = await findMediaUsages(db, upload.fileName);
    if (usages.length) {
      throw AppError.conflict(`This image is in use: ${usages.map((u) => u.label).join(", ")}`, {
        usedIn: usages.map((u) => u.label).join("; "),
      });
    }
    if (sharedWithOthers) {
      const event = mediaEvent("deleted", upload);
      await writeWithAudit(
        db,
        caller,
        (trx) => removeUploadOwner(trx, id, caller.id),
        () => ({ ...event, details: { ...event.details, fromOwnLibraryOnly: true } }),
      );
      return;
    }
    await writeWithAudit(
      db,
      actor,
      (trx) => deleteUpload(trx, id),
      () => mediaEvent("deleted", upload),
    );
    const files = [upload.fileName, ...upload.variants.map((v) => v.file)];
    for (const file of files) {
      await store.delete(path.basename(file));
    }
  }

  return { listMedia, updateMediaAlt, deleteMedia };
}
