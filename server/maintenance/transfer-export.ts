/**
 * `npm run export`: a site's content as one database-neutral document (see
 * transfer-format.ts), packed with the upload files into a .tar.gz, or the
 * document alone as .json.
 *
 * Runs beside a running site: it takes no DATA_DIR lock and writes nothing to
 * the database. Every table is read in one read transaction, so the document
 * is one consistent moment (PostgreSQL: REPEATABLE READ; SQLite: a deferred
 * transaction, a snapshot of the WAL that never blocks the site's writers).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import * as tar from "tar";
import { counted } from "#common/text.ts";
import type { Config } from "#server/config.ts";
import { type Db, type DialectName, openDb } from "#server/db/client.ts";
import { parseJson, toBool, toIso } from "#server/db/normalize.ts";
import { PRIVATE_FILE_MODE } from "#server/db/private-files.ts";
import { allRows } from "#server/db/rows.ts";
import { userColumns } from "#server/modules/users/users.repository.ts";
import { OperatorError, type SchemaOption } from "./operation.ts";
import { openUploadStore, storeToFolder } from "./store-files.ts";
import {
  EXPORT_FORMAT,
  EXPORT_JSON_NAME,
  EXPORT_UPLOADS_DIR,
  EXPORT_VERSION,
  type ExportDocument,
} from "./transfer-format.ts";
import { listFiles } from "./upload-files.ts";

/** An export could not be made; the message is meant for the operator. */
export class ExportError extends OperatorError {
  override name = "ExportError";
}

const iso = (value: unknown): string => toIso(value) ?? new Date(0).toISOString();

/** Reads every exported table in one consistent snapshot. */
export async function readExportDocument(db: Db, kind: DialectName): Promise<ExportDocument> {
  return kind === "postgres"
    ? db
        .transaction()
        .setIsolationLevel("repeatable read")
        .setAccessMode("read only")
        .execute((trx) => readTables(trx, kind))
    : db.connection().execute(async (connection) => {
        // Not db.transaction(): the SQLite adapter turns a plain BEGIN into
        // BEGIN IMMEDIATE (the write lock), which would hold up the site.
        await sql`begin deferred`.execute(connection);
        try {
          return await readTables(connection, kind);
        } finally {
          await sql`rollback`.execute(connection);
        }
      });
}

/**
 * A link table read whole as lists, `from` → its `to`s in order (a post's
 * categories and tags, an upload's owners).
 */
async function linkLists(
  db: Db,
  table: "post_categories" | "post_tags" | "upload_owners",
  from: string,
  to: string,
): Promise<Map<number, number[]>> {
  const rows = (await db
    .selectFrom(table)
    .select([from, to] as never)
    .orderBy(from as never)
    .orderBy(to as never)
    .execute()) as Record<string, number>[];
  const lists = new Map<number, number[]>();
  for (const row of rows) {
    const key = Number(row[from]);
    lists.set(key, [...(lists.get(key) ?? []), Number(row[to])]);
  }
  return lists;
}

async function readTables(db: Db, kind: DialectName): Promise<ExportDocument> {
  const migration = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`
    .execute(db)
    .then((result) => result.rows[0]?.name ?? null)
    .catch(() => null);

  const users = await db
    .selectFrom("users")
    .select([...userColumns, "awaiting_approval_since", "avatar_url", "updated_at"])
    .orderBy("id")
    .execute();
  const categories = await allRows(db, "categories");
  const tags = await allRows(db, "tags");
  const posts = await db
    .selectFrom("posts")
    .select([
      "id",
      "title",
      "slug",
      "excerpt",
      "content",
      "featured_image",
      "featured_image_alt",
      "status",
      "is_featured",
      "author_id",
      "published_at",
      "views",
      "meta_title",
      "meta_description",
      "og_image",
      "version",
      "updated_by",
      "created_at",
      "updated_at",
    ])
    .orderBy("id")
    .execute();
  const categoryLinks = await linkLists(db, "post_categories", "post_id", "category_id");
  const tagLinks = await linkLists(db, "post_tags", "post_id", "tag_id");
  const services = await allRows(db, "services");
  const pages = await allRows(db, "pages");
  const previewLinks = await allRows(db, "preview_links");
  const postIds = new Set(posts.map((p) => p.id));
  const pageIds = new Set(pages.map((p) => p.id));
  const galleryCategories = await allRows(db, "gallery_categories");
  const galleryImages = await allRows(db, "gallery_images");
  const team = await allRows(db, "team_members");
  const settings = await db.selectFrom("settings").selectAll().orderBy("section").execute();
  const contactMessages = await allRows(db, "contact_messages");
  const redirects = await allRows(db, "slug_redirects");
  const uploads = await allRows(db, "uploads");
  const ownersOf = await linkLists(db, "upload_owners", "upload_id", "user_id");
  const auditLog = await allRows(db, "audit_logs");
  const revisions = await allRows(db, "revisions");
  const oldAddresses = await allRows(db, "old_addresses");
  const importItems = await allRows(db, "import_items");

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    source: { database: kind, migration },
    users: users.map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      first_name: u.first_name,
      last_name: u.last_name,
      role: u.role,
      status: u.status,
      last_login: toIso(u.last_login),
      awaiting_approval_since: toIso(u.awaiting_approval_since),
      avatar_url: u.avatar_url ?? null,
      created_at: iso(u.created_at),
      updated_at: iso(u.updated_at),
    })),
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
    })),
    tags: tags.map((t) => ({
      id: t.id,
      name: t.name,
      slug: t.slug,
      created_at: iso(t.created_at),
    })),
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      content: p.content,
      featured_image: p.featured_image,
      featured_image_alt: p.featured_image_alt,
      status: p.status,
      is_featured: toBool(p.is_featured),
      author_id: p.author_id,
      published_at: toIso(p.published_at),
      views: Number(p.views),
      meta_title: p.meta_title,
      meta_description: p.meta_description,
      og_image: p.og_image,
      version: Number(p.version),
      updated_by: p.updated_by,
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at),
      category_ids: categoryLinks.get(p.id) ?? [],
      tag_ids: tagLinks.get(p.id) ?? [],
    })),
    services: services.map((s) => ({
      id: s.id,
      title: s.title,
      slug: s.slug,
      description: s.description,
      icon: s.icon,
      details: s.details,
      sort_order: s.sort_order,
      version: Number(s.version),
      updated_by: s.updated_by,
      created_at: iso(s.created_at),
      updated_at: iso(s.updated_at),
    })),
    pages: pages.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      content: p.content,
      meta_title: p.meta_title,
      meta_description: p.meta_description,
      featured_image: p.featured_image,
      featured_image_alt: p.featured_image_alt,
      status: p.status,
      published_at: toIso(p.published_at),
      noindex: toBool(p.noindex),
      author_id: p.author_id,
      version: Number(p.version),
      updated_by: p.updated_by,
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at),
    })),
    // A link outlives its deleted document (it answers 404); such rows stay behind.
    previewLinks: previewLinks
      .filter((l) => (l.document_type === "post" ? postIds : pageIds).has(l.document_id))
      .map((l) => ({
        id: l.id,
        document_type: l.document_type,
        document_id: l.document_id,
        secret_hash: l.secret_hash,
        created_by: l.created_by,
        created_at: iso(l.created_at),
        expires_at: iso(l.expires_at),
        revoked_at: toIso(l.revoked_at),
      })),
    galleryCategories: galleryCategories.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      sort_order: c.sort_order,
      created_at: iso(c.created_at),
    })),
    galleryImages: galleryImages.map((g) => ({
      id: g.id,
      title: g.title,
      description: g.description,
      url: g.url,
      thumbnail_url: g.thumbnail_url,
      alt: g.alt,
      width: g.width,
      height: g.height,
      category_id: g.category_id,
      sort_order: g.sort_order,
      created_at: iso(g.created_at),
      updated_at: iso(g.updated_at),
    })),
    team: team.map((m) => ({
      id: m.id,
      name: m.name,
      role: m.role,
      bio: m.bio,
      photo_url: m.photo_url,
      email: m.email,
      linkedin_url: m.linkedin_url,
      sort_order: m.sort_order,
      published: toBool(m.published),
      created_at: iso(m.created_at),
      updated_at: iso(m.updated_at),
    })),
    settings: settings.map((s) => ({
      section: s.section,
      data: parseJson(s.data, {}),
      updated_at: iso(s.updated_at),
    })),
    contactMessages: contactMessages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      is_read: toBool(m.is_read),
      created_at: iso(m.created_at),
    })),
    redirects: redirects.map((r) => ({
      id: r.id,
      kind: r.kind,
      old_slug: r.old_slug,
      target_id: r.target_id,
      created_at: iso(r.created_at),
    })),
    uploads: uploads.map((u) => ({
      id: u.id,
      file_name: u.file_name,
      original_name: u.original_name,
      mime_type: u.mime_type,
      size_bytes: u.size_bytes,
      width: u.width,
      height: u.height,
      sha256: u.sha256,
      alt: u.alt,
      variants: parseJson(u.variants, []),
      uploaded_by: u.uploaded_by,
      owner_ids: ownersOf.get(u.id) ?? [],
      created_at: iso(u.created_at),
    })),
    auditLog: auditLog.map((a) => ({
      id: a.id,
      created_at: iso(a.created_at),
      actor_id: a.actor_id,
      actor_name: a.actor_name,
      action: a.action,
      entity_type: a.entity_type,
      entity_id: a.entity_id === null ? null : String(a.entity_id),
      entity_label: a.entity_label,
      details: a.details,
    })),
    revisions: revisions.map((r) => ({
      id: r.id,
      document_type: r.document_type,
      document_id: r.document_id,
      snapshot: parseJson(r.snapshot, {}),
      reason: r.reason,
      author_id: r.author_id,
      created_at: iso(r.created_at),
    })),
    oldAddresses: oldAddresses.map((a) => ({
      id: a.id,
      address: a.address,
      target_type: a.target_type,
      target_id: a.target_id,
      created_at: iso(a.created_at),
    })),
    // The jobs themselves (progress and reports of past runs) stay behind.
    importItems: importItems.map((i) => ({
      id: i.id,
      origin: i.origin,
      kind: i.kind,
      source_id: i.source_id,
      target_id: i.target_id,
      created_at: iso(i.created_at),
    })),
  } as ExportDocument;
}

export type ExportOptions = SchemaOption & {
  /** Where to write; a directory gets a dated file name. Default: the current directory. */
  output?: string;
  /** Only the JSON document, without the upload files. */
  jsonOnly?: boolean;
};

export type ExportResult = {
  file: string;
  document: ExportDocument;
  /** Upload files packed (0 with `jsonOnly`). */
  uploadFiles: number;
};

/** A name like beranda-export-2026-11-23T10-00-00Z.tar.gz. */
export function defaultExportName(jsonOnly: boolean, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return `beranda-export-${stamp}${jsonOnly ? ".json" : ".tar.gz"}`;
}

/** Opens the site's database read-only in spirit (no migrations, no seed) and reads it. */
export async function readSiteDocument(
  config: Config,
  options: SchemaOption = {},
): Promise<ExportDocument> {
  if (config.database.kind === "sqlite" && !fs.existsSync(config.database.file)) {
    throw new ExportError(
      `no site database at ${config.database.file} (is DATA_DIR right, or DATABASE_URL missing?)`,
    );
  }
  const handle = await openDb({ database: config.database, schema: options.schema });
  try {
    return await readExportDocument(handle.db, handle.kind);
  } catch (error) {
    if (/no such table|does not exist|no such column/i.test(String(error))) {
      throw new ExportError(
        `the database is not a Beranda site of this version (${(error as Error).message}); start the site once with this version so it migrates, then export`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Writes the export: `<file>.tar.gz` holding export.json and uploads/, or with
 * `jsonOnly` the JSON alone. Written beside the target and renamed into place,
 * so a file with the final name is always whole.
 */
export async function exportSite(
  config: Config,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const jsonOnly = options.jsonOnly ?? false;
  let file = path.resolve(options.output ?? ".");
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
    file = path.join(file, defaultExportName(jsonOnly));
  }
  if (!fs.existsSync(path.dirname(file))) {
    throw new ExportError(`the folder ${path.dirname(file)} does not exist`);
  }

  const document = await readSiteDocument(config, { schema: options.schema });
  const json = `${JSON.stringify(document, null, 2)}\n`;
  const partial = `${file}.partial-${process.pid}`;
  const staging = jsonOnly ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "beranda-export-"));
  try {
    let uploadFiles = 0;
    if (!staging) {
      fs.writeFileSync(partial, json, { mode: PRIVATE_FILE_MODE });
    } else {
      // The archive is made from a folder holding export.json and a link to
      // the uploads, followed when packing: the upload files are read where
      // they are, never copied first.
      fs.writeFileSync(path.join(staging, EXPORT_JSON_NAME), json);
      const entries = [EXPORT_JSON_NAME];
      if (config.uploadStore.kind !== "local") {
        // The database or S3 store: its files are written into the staging folder.
        const { store, close } = await openUploadStore(config, { schema: options.schema });
        try {
          uploadFiles = (await storeToFolder(store, path.join(staging, EXPORT_UPLOADS_DIR))).files;
        } finally {
          await close();
        }
        entries.push(EXPORT_UPLOADS_DIR);
      } else if (fs.existsSync(config.uploadsDir)) {
        fs.symlinkSync(config.uploadsDir, path.join(staging, EXPORT_UPLOADS_DIR), "dir");
        uploadFiles = listFiles(config.uploadsDir).length;
        entries.push(EXPORT_UPLOADS_DIR);
      }
      await tar.c(
        {
          file: partial,
          cwd: staging,
          gzip: true,
          portable: true,
          follow: true,
          mode: PRIVATE_FILE_MODE,
          // Only files and folders: nothing else belongs in an export.
          filter: (_entryPath, stat) => !("isFile" in stat) || stat.isFile() || stat.isDirectory(),
        },
        entries,
      );
    }
    fs.renameSync(partial, file);
    return { file, document, uploadFiles };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** "3 posts, 1 category, …": what a document holds, for the command's last line. */
export function summarize(document: ExportDocument): string {
  const parts: [number, string, string][] = [
    [document.posts.length, "post", "posts"],
    [document.categories.length, "category", "categories"],
    [document.tags.length, "tag", "tags"],
    [document.services.length, "service", "services"],
    [document.pages.length, "page", "pages"],
    [document.previewLinks.length, "preview link", "preview links"],
    [document.galleryCategories.length, "gallery category", "gallery categories"],
    [document.galleryImages.length, "gallery image", "gallery images"],
    [document.team.length, "team member", "team members"],
    [document.settings.length, "settings section", "settings sections"],
    [document.users.length, "user", "users"],
    [document.contactMessages.length, "contact message", "contact messages"],
    [document.redirects.length, "redirect", "redirects"],
    [document.uploads.length, "upload", "uploads"],
    [document.auditLog.length, "audit entry", "audit entries"],
    [document.revisions.length, "revision", "revisions"],
    [document.oldAddresses.length, "old address", "old addresses"],
    [document.importItems.length, "imported item", "imported items"],
  ];
  return parts.map(([n, one, many]) => counted(n, one, many)).join(", ");
}
