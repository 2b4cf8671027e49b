import { type Insertable, type Selectable, sql } from "kysely";
import type { MediaUsage } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { containsPattern } from "#server/db/like.ts";
import { parseJson, toIso } from "#server/db/normalize.ts";
import type { UploadsTable } from "#server/db/schema.ts";
import type { StoredVariant } from "#server/modules/uploads/image-pipeline.ts";

export type { MediaUsage };

/** An uploaded image as stored: the original file and its variants. */
export type Upload = {
  id: number;
  fileName: string;
  originalName: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  variants: StoredVariant[];
  uploadedBy: number | null;
  createdAt: string;
};

function toUpload(row: Selectable<UploadsTable>): Upload {
  return {
    id: row.id,
    fileName: row.file_name,
    originalName: row.original_name,
    mimeType: row.mime_type,
    size: row.size_bytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    variants: parseJson<StoredVariant[]>(row.variants, []),
    uploadedBy: row.uploaded_by,
    createdAt: toIso(row.created_at) ?? "",
  };
}

/** Newest first; only those in the media library of `ownedBy` when given. */
export async function findUploads(
  db: Db,
  { ownedBy }: { ownedBy?: number } = {},
): Promise<Upload[]> {
  let query = db
    .selectFrom("uploads")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (ownedBy !== undefined) {
    query = query.where("id", "in", (eb) =>
      eb.selectFrom("upload_owners").select("upload_id").where("user_id", "=", ownedBy),
    );
  }
  const rows = await query.execute();
  return rows.map(toUpload);
}

/** The users who have the upload in their media library. */
export async function findUploadOwnerIds(db: Db, uploadId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("upload_owners")
    .select("user_id")
    .where("upload_id", "=", uploadId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Puts the upload in the user's media library (a second upload of the same file). */
export async function addUploadOwner(db: Db, uploadId: number, userId: number) {
  await db
    .insertInto("upload_owners")
    .values({ upload_id: uploadId, user_id: userId })
    .onConflict((oc) => oc.columns(["upload_id", "user_id"]).doNothing())
    .execute();
}

/** Takes the upload out of the user's media library. */
export async function removeUploadOwner(db: Db, uploadId: number, userId: number) {
  await db
    .deleteFrom("upload_owners")
    .where("upload_id", "=", uploadId)
    .where("user_id", "=", userId)
    .execute();
}

export async function findUploadById(db: Db, id: number): Promise<Upload | null> {
  const row = await db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toUpload(row) : null;
}

export async function updateUploadAlt(db: Db, id: number, alt: string) {
  await db.updateTable("uploads").set({ alt }).where("id", "=", id).execute();
}

export async function deleteUpload(db: Db, id: number) {
  await db.deleteFrom("uploads").where("id", "=", id).execute();
}

/** The posts, pages, gallery images, team members and settings sections that show the upload `fileName`. */
export async function findMediaUsages(db: Db, fileName: string): Promise<MediaUsage[]> {
  // Variants share the base name, so `/uploads/<hash>` finds the image in any size.
  const base = `/uploads/${fileName.replace(/\.[a-z0-9]+$/i, "")}`;
  const like = (column: string) => sql<boolean>`${sql.ref(column)} like ${containsPattern(base)}`;
  const [posts, pages, gallery, team, users, settings] = await Promise.all([
    db
      .selectFrom("posts")
      .select(["id", "title"])
      .where((eb) => eb.or([like("featured_image"), like("og_image"), like("content")]))
      .execute(),
    db
      .selectFrom("pages")
      .select(["id", "title"])
      .where((eb) => eb.or([like("featured_image"), like("content")]))
      .execute(),
    db
      .selectFrom("gallery_images")
      .select(["id", "title"])
      .where((eb) => eb.or([like("url"), like("thumbnail_url")]))
      .execute(),
    db.selectFrom("team_members").select(["id", "name"]).where(like("photo_url")).execute(),
    db
      .selectFrom("users")
      .select(["id", "username", "first_name", "last_name"])
      .where(like("avatar_url"))
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
    ...pages.map((p) => ({ kind: "page" as const, id: p.id, label: `Page "${p.title}"` })),
    ...gallery.map((g) => ({
      kind: "gallery" as const,
      id: g.id,
      label: `Gallery image "${g.title}"`,
    })),
    ...team.map((m) => ({
      kind: "team" as const,
      id: m.id,
      label: `Team member "${m.name}"`,
    })),
    ...users.map((u) => ({
      kind: "user" as const,
      id: u.id,
      label: `Profile picture of "${`${u.first_name} ${u.last_name}`.trim() || u.username}"`,
    })),
    ...settings.map((s) => ({
      kind: "settings" as const,
      id: s.section,
      label: `${s.section} settings`,
    })),
  ];
}

/** The stored size of the upload `fileName`, or null when it is not an upload. */
export async function findUploadSize(db: Db, fileName: string) {
  const row = await db
    .selectFrom("uploads")
    .select(["width", "height"])
    .where("file_name", "=", fileName)
    .executeTakeFirst();
  return row ?? null;
}

export async function findUploadByFileName(db: Db, fileName: string): Promise<Upload | null> {
  const row = await db
    .selectFrom("uploads")
    .selectAll()
    .where("file_name", "=", fileName)
    .executeTakeFirst();
  return row ? toUpload(row) : null;
}

export async function insertUpload(
  db: Db,
  values: Omit<Insertable<UploadsTable>, "id" | "created_at">,
  now: string,
): Promise<Upload> {
  const row = await db
    .insertInto("uploads")
    .values({ ...values, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUpload(row);
}
