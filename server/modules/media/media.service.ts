import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { type Actor, can } from "../../../common/permissions.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { parseJson, toIso } from "../../db/normalize.ts";
import { AppError } from "../../http/errors.ts";
import type { StoredVariant } from "../uploads/image-pipeline.ts";

export type MediaUsage = {
  kind: "post" | "gallery" | "settings";
  id: number | string;
  label: string;
};

export type MediaItem = {
  id: number;
  url: string;
  fileName: string;
  originalName: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  variants: number;
  uploadedBy: number | null;
  createdAt: string;
  usedIn: MediaUsage[];
};

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The media library: every upload, where it is used, its alt text; delete only when unused. */
export function createMediaService(db: Db, config: Pick<Config, "uploadsDir">) {
  async function findUsages(fileName: string): Promise<MediaUsage[]> {
    // Variants share the base name, so `/uploads/<hash>` finds the image in any size.
    const base = `/uploads/${fileName.replace(/\.[a-z0-9]+$/i, "")}`;
    const pattern = `%${escapeLike(base)}%`;
    const like = (column: string) => sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
    const [posts, gallery, settings] = await Promise.all([
      db
        .selectFrom("posts")
        .select(["id", "title"])
        .where((eb) => eb.or([like("featured_image"), like("og_image"), like("content")]))
        .execute(),
      db
        .selectFrom("gallery_images")
        .select(["id", "title"])
        .where((eb) => eb.or([like("url"), like("thumbnail_url")]))
        .execute(),
      db
        .selectFrom("settings")
        .select(["section"])
        .where(like("data"))
        .where("section", "!=", "system")
        .execute(),
    ]);
    return [
      ...posts.map((p) => ({ kind: "post" as const, id: p.id, label: `Post "${p.title}"` })),
      ...gallery.map((g) => ({
        kind: "gallery" as const,
        id: g.id,
        label: `Gallery image "${g.title}"`,
      })),
      ...settings.map((s) => ({
        kind: "settings" as const,
        id: s.section,
        label: `${s.section} settings`,
      })),
    ];
  }

  async function listMedia(actor: Actor | null): Promise<MediaItem[]> {
    requirePermission(actor, "uploads:create");
    let query = db
      .selectFrom("uploads")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");
    if (!can(actor, "uploads:manage")) query = query.where("uploaded_by", "=", actor.id);
    const rows = await query.execute();
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        url: `/uploads/${row.file_name}`,
        fileName: row.file_name,
        originalName: row.original_name,
        mimeType: row.mime_type,
        size: row.size_bytes,
        width: row.width,
        height: row.height,
        alt: row.alt,
        variants: parseJson<StoredVariant[]>(row.variants, []).length,
        uploadedBy: row.uploaded_by,
        createdAt: toIso(row.created_at) ?? "",
        usedIn: await findUsages(row.file_name),
      })),
    );
  }

  async function requireOwnMedia(actor: Actor | null, id: number) {
    requirePermission(actor, "uploads:create");
    const row = await db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw AppError.notFound("Image not found");
    if (!can(actor, "uploads:manage") && row.uploaded_by !== actor.id) throw AppError.forbidden();
    return row;
  }

  async function updateMediaAlt(actor: Actor | null, id: number, alt: string) {
    await requireOwnMedia(actor, id);
    await db.updateTable("uploads").set({ alt: alt.trim() }).where("id", "=", id).execute();
    return (await listMedia(actor)).find((m) => m.id === id)!;
  }

  /** Deletes the file and its variants; refused while the image is used anywhere. */
  async function deleteMedia(actor: Actor | null, id: number) {
    const row = await requireOwnMedia(actor, id);
    const usages = await findUsages(row.file_name);
    if (usages.length) {
      throw AppError.conflict(`This image is in use: ${usages.map((u) => u.label).join(", ")}`, {
        usedIn: usages.map((u) => u.label).join("; "),
      });
    }
    await db.deleteFrom("uploads").where("id", "=", id).execute();
    const files = [
      row.file_name,
      ...parseJson<StoredVariant[]>(row.variants, []).map((v) => v.file),
    ];
    for (const file of files) {
      await fs.rm(path.join(config.uploadsDir, path.basename(file)), { force: true });
    }
  }

  return { listMedia, updateMediaAlt, deleteMedia };
}
