import type { AuditEvent } from "#server/modules/audit/audit.repository.ts";
import type { Upload } from "./media.repository.ts";

/** The audit entry of an upload or its deletion: the name it came with, and the stored file. */
export function mediaEvent(action: "uploaded" | "deleted", upload: Upload): AuditEvent {
  return {
    action,
    entityType: "media",
    entityId: upload.id,
    label: upload.originalName || upload.fileName,
    details: { file: upload.fileName },
  };
}
