import type { DocumentType } from "#common/documents.ts";
import type { Db } from "#server/db/client.ts";

/**
 * What a post, page or service leaves beside itself, deleted with it in the
 * same transaction: its revisions, every user's autosave of it, and (posts
 * and pages) its preview links, so no row outlives its document.
 */
export async function deleteDocumentTrail(
  db: Db,
  documentType: DocumentType,
  documentIds: readonly number[],
): Promise<void> {
  if (documentIds.length === 0) return;
  for (const table of ["revisions", "autosaves", "preview_links"] as const) {
    if (table === "preview_links" && documentType === "service") continue;
    await db
      .deleteFrom(table)
      .where("document_type", "=", documentType as "post")
      .where("document_id", "in", documentIds)
      .execute();
  }
}
