/**
 * `npm run import -- file`: a site from an export (transfer-format.ts) into an
 * empty site, on SQLite or PostgreSQL whichever the export came from.
 *
 * 1. DATA_DIR is locked, so no server (or restore, or second import) runs on it.
 * 2. The file is read and the whole document validated; a bad file is refused
 *    naming the field, before anything is written.
 * 3. Migrations run; the site must be empty (see `refuseUnlessEmpty`).
 * 4. The upload files go into DATA_DIR/uploads (only pictures the upload
 *    pipeline writes: upload-files.ts; the rest is reported), then every row
 *    goes in, in one transaction, ids kept, post HTML through the API's
 *    sanitiser; PostgreSQL's id sequences are moved past them. A failure
 *    rolls the rows back and removes the files this import added.
 *
 * Users come without passwords (exports carry no hashes): they get a hash no
 * password matches and sign in after `npm run admin:password` (or an admin
 * setting their password in the Users screen).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Insertable, sql } from "kysely";
import * as tar from "tar";
import { z } from "zod";
import { counted } from "#common/text.ts";
import type { Config } from "#server/config.ts";
import { type Db, type DbHandle, type DialectName, openDb } from "#server/db/client.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/data-dir-lock.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { toBool } from "#server/db/normalize.ts";
import { countRows } from "#server/db/rows.ts";
import type { Database } from "#server/db/schema.ts";
import { sanitizeRichText } from "#server/modules/content/sanitize.ts";
import { searchTextOf } from "#server/modules/posts/search-text.ts";
import { STARTER_PAGES, STARTER_SERVICES, STARTER_TEAM } from "#server/seed/starter-content.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";
import { OperatorError, type SchemaOption } from "./operation.ts";
import { folderToStore, openUploadStore } from "./store-files.ts";
import {
  describeIssues,
  EXPORT_FORMAT,
  EXPORT_JSON_NAME,
  EXPORT_UPLOADS_DIR,
  EXPORT_VERSION,
  type ExportDocument,
  ExportDocumentSchema,
} from "./transfer-format.ts";
import { copyUploadFiles, type SkippedUploadFile } from "./upload-files.ts";

export { DataDirLockedError };

/** An import was refused; nothing was written. The message is meant for the operator. */
export class ImportError extends OperatorError {
  override name = "ImportError";
}

/**
 * What imported users get instead of a password hash: not a valid argon2
 * hash, so no password matches it (verification fails closed).
 */
export const NO_PASSWORD_HASH = "!imported-without-password";

export type ImportOptions = SchemaOption;

export type ImportResult = {
  document: ExportDocument;
  /** Upload files written into DATA_DIR/uploads. */
  uploadFiles: number;
  /** Files of the archive's uploads folder left out: not pictures the upload pipeline writes. */
  skippedUploadFiles: SkippedUploadFile[];
  /** Upload rows whose file was neither in the archive nor already in DATA_DIR/uploads. */
  missingUploadFiles: string[];
  /** Slugs of the posts whose HTML the sanitiser changed (scripts, handlers and the like removed). */
  sanitizedPosts: string[];
  /** Slugs of the pages whose HTML the sanitiser changed. */
  sanitizedPages: string[];
  /** The admin ADMIN_EMAIL made at first start, replaced by the imported users. */
  replacedInitialAdmin: string | null;
};

/** Reads a .tar.gz export (or a bare .json) into memory and a folder of upload files. */
async function readExportFile(
  file: string,
): Promise<{ json: string; uploadsDir: string | null; cleanup: () => void }> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new ImportError(`${file} does not exist or is not a file`);
  }
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!(head[0] === 0x1f && head[1] === 0x8b)) {
    return { json: fs.readFileSync(file, "utf8"), uploadsDir: null, cleanup: () => {} };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-import-"));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await tar.x({
      file,
      cwd: dir,
      strict: true,
      // export.json and the upload files: anything else (links, devices,
      // paths outside) is not part of an export and is left out.
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : "File";
        const name = entryPath.replace(/^\.\//, "");
        return (
          (type === "File" || type === "Directory") &&
          (name === EXPORT_JSON_NAME ||
            name === EXPORT_UPLOADS_DIR ||
            name === `${EXPORT_UPLOADS_DIR}/` ||
            name.startsWith(`${EXPORT_UPLOADS_DIR}/`))
        );
      },
    });
  } catch (error) {
    cleanup();
    throw new ImportError(`${file} is not a readable export archive: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const jsonFile = path.join(dir, EXPORT_JSON_NAME);
  if (!fs.existsSync(jsonFile)) {
    cleanup();
    throw new ImportError(`${file} holds no ${EXPORT_JSON_NAME}: is it a Beranda export?`);
  }
  const uploadsDir = path.join(dir, EXPORT_UPLOADS_DIR);
  return {
    json: fs.readFileSync(jsonFile, "utf8"),
    uploadsDir: fs.existsSync(uploadsDir) ? uploadsDir : null,
    cleanup,
  };
}

/** Parses and validates the document; refuses it naming the first problems. */
export function parseExportDocument(json: string): ExportDocument {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new ImportError(`the export is not valid JSON: ${(error as Error).message}`);
  }
  // The kind and version first: a file of another kind or version would
  // otherwise be reported by its first unexpected field.
  const header = z
    .object({ format: z.unknown(), version: z.unknown() })
    .safeParse(value && typeof value === "object" && !Array.isArray(value) ? value : {});
  if (!header.success || header.data.format !== EXPORT_FORMAT) {
    throw new ImportError(
      `the file is not a Beranda export (format: ${JSON.stringify(header.data?.format ?? null)}; expected "${EXPORT_FORMAT}")`,
    );
  }
  if (header.data.version !== EXPORT_VERSION) {
    throw new ImportError(
      `the export is version ${JSON.stringify(header.data.version ?? null)}; this Beranda reads version ${EXPORT_VERSION}`,
    );
  }
  const parsed = ExportDocumentSchema.safeParse(value);
  if (!parsed.success) {
    throw new ImportError(
      `the export is not valid; nothing was imported:\n${describeIssues(parsed.error)}`,
    );
  }
  return parsed.data;
}

const TABLES_THAT_MUST_BE_EMPTY = [
  ["posts", "post", "posts"],
  ["categories", "category", "categories"],
  ["tags", "tag", "tags"],
  ["gallery_categories", "gallery category", "gallery categories"],
  ["gallery_images", "gallery image", "gallery images"],
  ["contact_messages", "contact message", "contact messages"],
  ["uploads", "upload", "uploads"],
  ["slug_redirects", "redirect", "redirects"],
  ["audit_logs", "audit log entry", "audit log entries"],
  ["revisions", "revision", "revisions"],
  ["old_addresses", "old address", "old addresses"],
  ["import_items", "imported item", "imported items"],
] as const satisfies readonly (readonly [keyof Database, string, string])[];

/**
 * How many of `rows` differ on one of `fields` from every row the seed made
 * (server/seed): rows the company added or edited.
 */
function countEdited<R>(rows: R[], starters: readonly Partial<R>[], fields: readonly (keyof R)[]) {
  const untouched = (row: R) =>
    starters.some((starter) => fields.every((field) => starter[field] === row[field]));
  return rows.filter((row) => !untouched(row)).length;
}

let storedStarterPages: (typeof STARTER_PAGES)[number][] | undefined;

/**
 * The starter pages as stored: their content through the sanitiser, as the
 * seed saved it. Made on the first import, not when the server loads this file.
 */
function starterPagesAsStored() {
  storedStarterPages ??= STARTER_PAGES.map((page) => ({
    ...page,
    content: sanitizeRichText(page.content),
  }));
  return storedStarterPages;
}

/**
 * Empty means what a first start leaves and nothing more: settings (replaced
 * by the export's), the starter services, pages (Terms, Privacy) and team
 * members untouched (replaced), and no users except the admin ADMIN_EMAIL made
 * (replaced by the export's users). Anything else, and the import is refused.
 * Answers what to clear.
 */
async function refuseUnlessEmpty(db: Db, config: Config) {
  const found: string[] = [];
  for (const [table, one, many] of TABLES_THAT_MUST_BE_EMPTY) {
    const n = await countRows(db, table);
    if (n > 0) found.push(counted(n, one, many));
  }
  const serviceFields = ["slug", "title", "description", "icon", "details"] as const;
  const services = await db
    .selectFrom("services")
    .select(["id", ...serviceFields])
    .execute();
  const pageFields = ["slug", "title", "content", "meta_description"] as const;
  const pages = await db
    .selectFrom("pages")
    .select(["id", ...pageFields])
    .execute();
  const memberFields = ["name", "role", "bio", "photo_url", "email", "linkedin_url"] as const;
  const members = await db
    .selectFrom("team_members")
    .select(["id", ...memberFields, "published"])
    .execute();
  const team = members.map((member) => ({ ...member, published: toBool(member.published) }));
  const own: [number, string][] = [
    [countEdited(services, STARTER_SERVICES, serviceFields), "service"],
    [countEdited(pages, starterPagesAsStored(), pageFields), "page"],
    [countEdited(team, STARTER_TEAM, [...memberFields, "published"]), "team member"],
  ];
  for (const [n, one] of own) {
    if (n > 0) found.push(`${counted(n, one)} of its own (edited or added)`);
  }

  const users = await db.selectFrom("users").select(["id", "email", "role"]).execute();
  const initialAdmin =
    users.length === 1 &&
    users[0]!.role === "admin" &&
    config.initialAdmin !== undefined &&
    users[0]!.email.toLowerCase() === config.initialAdmin.email
      ? users[0]!
      : null;
  if (users.length > 0 && !initialAdmin) found.push(counted(users.length, "user"));

  if (found.length) {
    throw new ImportError(
      `the site is not empty (it has ${found.join(", ")}); import only goes into a new site: ` +
        "give it a new DATA_DIR (and, for PostgreSQL, an empty database)",
    );
  }
  return {
    starterServiceIds: services.map((s) => s.id),
    starterPageIds: pages.map((p) => p.id),
    starterMemberIds: team.map((m) => m.id),
    initialAdmin,
  };
}

/** Rows in slices, so no statement runs into a bound-parameter limit. */
async function insertAll<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  for (let start = 0; start < rows.length; start += 200) {
    // Kysely cannot relate rows to a table chosen at run time; the callers' rows are typed.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 200) as never)
      .execute();
  }
}

const SERIAL_TABLES = [
  "users",
  "sessions",
  "categories",
  "tags",
  "posts",
  "services",
  "pages",
  "preview_links",
  "gallery_categories",
  "gallery_images",
  "team_members",
  "contact_messages",
  "uploads",
  "slug_redirects",
  "audit_logs",
  "revisions",
  "old_addresses",
  "import_items",
] as const;

/** Writes the document's rows; the caller holds the transaction. */
async function insertDocument(db: Db, kind: DialectName, doc: ExportDocument) {
  await insertAll(
    db,
    "users",
    doc.users.map((u) => ({ ...u, password_hash: NO_PASSWORD_HASH })),
  );
  await insertAll(db, "categories", doc.categories);
  await insertAll(db, "tags", doc.tags);
  await insertAll(
    db,
    "posts",
    doc.posts.map(({ category_ids: _c, tag_ids: _t, ...post }) => ({
      ...post,
      search_text: searchTextOf(post.content),
    })),
  );
  await insertAll(
    db,
    "post_categories",
    doc.posts.flatMap((p) => p.category_ids.map((category_id) => ({ post_id: p.id, category_id }))),
  );
  await insertAll(
    db,
    "post_tags",
    doc.posts.flatMap((p) => p.tag_ids.map((tag_id) => ({ post_id: p.id, tag_id }))),
  );
  await insertAll(db, "services", doc.services);
  await insertAll(db, "pages", doc.pages);
  await insertAll(db, "preview_links", doc.previewLinks);
  await insertAll(db, "gallery_categories", doc.galleryCategories);
  await insertAll(db, "gallery_images", doc.galleryImages);
  await insertAll(db, "team_members", doc.team);

  // Settings replace the seeded ones. The seeding bookkeeping (`system`)
  // comes along; it must say the starter services were handled, or the next
  // start would add them to a site whose owner deleted them.
  const settings = doc.settings.map((s) => ({
    section: s.section,
    data: s.data as unknown,
    updated_at: s.updated_at,
  }));
  const system = settings.find((s) => s.section === "system");
  const systemData =
    system?.data && typeof system.data === "object" && !Array.isArray(system.data)
      ? (system.data as Record<string, unknown>)
      : {};
  if (!systemData.starterSeededAt) {
    const data = { ...systemData, starterSeededAt: new Date().toISOString() };
    if (system) system.data = data;
    else settings.push({ section: "system", data, updated_at: new Date().toISOString() });
  }
  await db.deleteFrom("settings").execute();
  await insertAll(
    db,
    "settings",
    settings.map((s) => ({ ...s, data: JSON.stringify(s.data) })),
  );

  await insertAll(db, "contact_messages", doc.contactMessages);
  await insertAll(db, "slug_redirects", doc.redirects);
  await insertAll(
    db,
    "uploads",
    doc.uploads.map(({ owner_ids: _o, ...u }) => ({ ...u, variants: JSON.stringify(u.variants) })),
  );
  // An export made before uploads had owners: each is its uploader's.
  await insertAll(
    db,
    "upload_owners",
    doc.uploads.flatMap((u) =>
      [...new Set(u.owner_ids ?? (u.uploaded_by ? [u.uploaded_by] : []))].map((user_id) => ({
        upload_id: u.id,
        user_id,
      })),
    ),
  );
  // Actions and entity types are kept as written (a newer site may know more).
  await insertAll(db, "audit_logs", doc.auditLog as Insertable<Database["audit_logs"]>[]);
  await insertAll(
    db,
    "revisions",
    doc.revisions.map((r) => ({ ...r, snapshot: JSON.stringify(r.snapshot) })),
  );
  await insertAll(db, "old_addresses", doc.oldAddresses);
  await insertAll(
    db,
    "import_items",
    doc.importItems.map((i) => ({ ...i, job_id: null })),
  );

  if (kind === "postgres") {
    // Explicit ids leave the sequences behind: the next row would collide.
    for (const table of SERIAL_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'),
        coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
    }
  }
}

function removeFiles(files: string[]) {
  for (const file of files) fs.rmSync(file, { force: true });
}

/** Imports an export file into the empty site `config` describes. */
export async function importSite(
  config: Config,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const lock = lockDataDir(config.dataDir); // throws DataDirLockedError
  try {
    const source = await readExportFile(path.resolve(file));
    try {
      const document = parseExportDocument(source.json);
      const handle = await openDb({ database: config.database, schema: options.schema });
      try {
        await migrateToLatest(handle.db);
        return await importDocument(handle, config, document, source.uploadsDir);
      } finally {
        await handle.close();
      }
    } finally {
      source.cleanup();
    }
  } finally {
    lock.release();
  }
}

/** The writing part of an import, on an open, migrated database (the caller holds the lock). */
export async function importDocument(
  handle: DbHandle,
  config: Config,
  document: ExportDocument,
  uploadsFrom: string | null,
): Promise<ImportResult> {
  // Checked before any file is copied; checked again in the transaction.
  await refuseUnlessEmpty(handle.db, config);
  // Post and page HTML as the API would have stored it: the same sanitiser.
  const sanitizedPosts: string[] = [];
  const posts = document.posts.map((post) => {
    const content = sanitizeRichText(post.content);
    if (content === post.content) return post;
    sanitizedPosts.push(post.slug);
    return { ...post, content };
  });
  const sanitizedPages: string[] = [];
  const pages = document.pages.map((page) => {
    const content = sanitizeRichText(page.content);
    if (content === page.content) return page;
    sanitizedPages.push(page.slug);
    return { ...page, content };
  });
  const local = config.uploadStore.kind === "local";
  // The database or S3 store: the files are checked into a folder of their
  // own, then put into the store (on this import's connection).
  const opened = local ? null : await openUploadStore(config, { handle });
  try {
    return await importInto(handle, config, document, uploadsFrom, opened?.store ?? null, {
      posts,
      pages,
      sanitizedPosts,
      sanitizedPages,
    });
  } finally {
    await opened?.close();
  }
}

async function importInto(
  handle: DbHandle,
  config: Config,
  document: ExportDocument,
  uploadsFrom: string | null,
  store: UploadStore | null,
  content: Pick<ExportDocument, "posts" | "pages"> & {
    sanitizedPosts: string[];
    sanitizedPages: string[];
  },
): Promise<ImportResult> {
  const { posts, pages, sanitizedPosts, sanitizedPages } = content;
  let created: string[];
  let skipped: SkippedUploadFile[];
  if (!store) {
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    ({ created, skipped } = uploadsFrom
      ? await copyUploadFiles(uploadsFrom, config.uploadsDir)
      : { created: [], skipped: [] });
  } else {
    const checked = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-import-files-"));
    try {
      ({ skipped } = uploadsFrom ? await copyUploadFiles(uploadsFrom, checked) : { skipped: [] });
      created = await folderToStore(checked, store);
    } finally {
      fs.rmSync(checked, { recursive: true, force: true });
    }
  }
  const removeCreated = async () => {
    if (store) await Promise.all(created.map((key) => store.delete(key).catch(() => {})));
    else removeFiles(created);
  };
  let replacedInitialAdmin: string | null = null;
  try {
    await handle.db.transaction().execute(async (trx) => {
      const { starterServiceIds, starterPageIds, starterMemberIds, initialAdmin } =
        await refuseUnlessEmpty(trx, config);
      if (starterServiceIds.length) {
        await trx.deleteFrom("services").where("id", "in", starterServiceIds).execute();
      }
      if (starterPageIds.length) {
        await trx.deleteFrom("pages").where("id", "in", starterPageIds).execute();
      }
      if (starterMemberIds.length) {
        await trx.deleteFrom("team_members").where("id", "in", starterMemberIds).execute();
      }
      if (initialAdmin) {
        await trx.deleteFrom("sessions").where("user_id", "=", initialAdmin.id).execute();
        await trx.deleteFrom("users").where("id", "=", initialAdmin.id).execute();
        replacedInitialAdmin = initialAdmin.email;
      }
      await insertDocument(trx, handle.kind, { ...document, posts, pages });
    });
  } catch (error) {
    await removeCreated();
    if (error instanceof ImportError) throw error;
    throw new ImportError(
      `the database refused the export; nothing was imported: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const missingUploadFiles: string[] = [];
  for (const { file_name: name } of document.uploads) {
    const found = store
      ? (await store.stat(name).catch(() => null)) !== null
      : fs.existsSync(path.join(config.uploadsDir, name));
    if (!found) missingUploadFiles.push(name);
  }
  return {
    document,
    uploadFiles: created.length,
    skippedUploadFiles: skipped,
    missingUploadFiles,
    sanitizedPosts,
    sanitizedPages,
    replacedInitialAdmin,
  };
}
