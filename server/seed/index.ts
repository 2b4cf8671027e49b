import { SECTION_DEFAULTS } from "#common/schemas/settings.ts";
import { SETTINGS_SECTIONS } from "#common/settings.ts";
import { slugify } from "#common/text.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { countRows, stamped } from "#server/db/rows.ts";
import type { Logger } from "#server/logger.ts";
import {
  findSettingsRow,
  insertSettingsRowIfMissing,
  upsertSettingsRow,
} from "#server/modules/settings/settings.repository.ts";
import { findUserIdByEmail, insertUser } from "#server/modules/users/users.repository.ts";
import { createUploadStore } from "#server/storage/create-upload-store.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";
import {
  DEMO_ADMIN,
  DEMO_CATEGORIES,
  DEMO_GALLERY,
  DEMO_MESSAGES,
  DEMO_OPENING_HOURS,
  DEMO_PAGES,
  DEMO_POSTS,
  DEMO_STAFF,
} from "./demo-content.ts";
import { type GeneratedImage, generateImages } from "./images.ts";
import { STARTER_SERVICES, STARTER_TEAM } from "./starter-content.ts";
import { insertPublishedPage, seedStarterPages } from "./starter-pages.ts";

/** Bookkeeping kept beside the settings sections; never shown by the API. */
type SystemState = {
  starterSeededAt?: string;
  /** The Terms and Privacy pages were added (to a new site, or to one made before pages existed). */
  starterPagesSeededAt?: string;
  /** When the starter team was added (or found unnecessary): never again after that. */
  teamSeededAt?: string;
  demoSeededAt?: string;
  demoUserIds?: number[];
};

const SYSTEM_ROW = "system";

export type SeedResult = {
  demoAdmin: { email: string; password: string } | null;
  createdAdmin: string | null;
};

/**
 * Seeds what an empty database needs. Idempotent: each part runs once and
 * is remembered, so a restart never duplicates or overwrites edited content.
 */
export async function seedDatabase(
  db: Db,
  config: Config,
  logger: Logger,
  options: { command?: boolean } = {},
): Promise<SeedResult> {
  const state = ((await findSettingsRow(db, SYSTEM_ROW)) ?? {}) as SystemState;
  const result: SeedResult = { demoAdmin: null, createdAdmin: null };

  for (const section of SETTINGS_SECTIONS) {
    await insertSettingsRowIfMissing(db, section, SECTION_DEFAULTS[section]);
  }

  if (!state.starterSeededAt) {
    if ((await countRows(db, "services")) === 0) {
      await db.insertInto("services").values(inDisplayOrder(STARTER_SERVICES)).execute();
    }
    state.starterSeededAt = nowIso();
  }

  if (!state.starterPagesSeededAt) {
    await seedStarterPages(db);
    state.starterPagesSeededAt = nowIso();
  }
  // The starter team, once: on a fresh site, and on an older site the first
  // time it starts with the team table (its About page showed these three).
  // Remembered, so a company that deletes them never sees them come back.
  if (!state.teamSeededAt) {
    if ((await countRows(db, "team_members")) === 0) await seedStarterTeam(db);
    state.teamSeededAt = nowIso();
  }

  // The demo is the server's to open and shut, by the mode it runs in. A
  // command run beside a site does not know that mode (its environment is not
  // the server's): it neither seeds the demo nor shuts its accounts.
  const demoMode = options.command ? null : config.demoMode;
  if (demoMode && !state.demoSeededAt) {
    // Demo content goes only into a database that has no content of its own.
    if ((await countRows(db, "posts")) === 0 && (await countRows(db, "users")) === 0) {
      state.demoUserIds = await db.transaction().execute((trx) => seedDemoContent(trx, config));
      logger.info("seeded demo content");
    }
    state.demoSeededAt = nowIso();
  }
  if (demoMode && state.demoUserIds?.length) {
    // Printed at start; accounts an admin deactivated stay deactivated.
    result.demoAdmin = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
  } else if (demoMode === false && state.demoUserIds?.length) {
    // The demo accounts have published passwords: outside demo mode they are shut.
    await deactivateDemoAccounts(db, state.demoUserIds);
  }

  // The first admin from ADMIN_EMAIL/ADMIN_PASSWORD, unless an admin of the
  // site's own exists (demo accounts do not count) or the address is taken.
  if (
    config.initialAdmin &&
    !(await hasOwnAdmin(db, state.demoUserIds ?? [])) &&
    (await findUserIdByEmail(db, config.initialAdmin.email)) === null
  ) {
    const now = nowIso();
    const username =
      config.initialAdmin.email.split("@")[0]!.replace(/[^a-zA-Z0-9_.-]/g, "") || "admin";
    await insertUser(
      db,
      {
        username: username.length >= 3 ? username : "admin",
        email: config.initialAdmin.email,
        first_name: "Site",
        last_name: "Admin",
        role: "admin",
        status: "active",
        password_hash: await hashPassword(config.initialAdmin.password),
      },
      now,
    );
    result.createdAdmin = config.initialAdmin.email;
  }

  await upsertSettingsRow(db, SYSTEM_ROW, state);
  return result;
}

async function seedStarterTeam(db: Db) {
  await db.insertInto("team_members").values(inDisplayOrder(STARTER_TEAM)).execute();
}

/** Starter rows as new rows, sorted in the order given. */
function inDisplayOrder<T extends object>(rows: readonly T[]) {
  const times = stamped(nowIso());
  return rows.map((row, index) => ({ ...row, sort_order: index, ...times }));
}

/** Whether an admin account other than the demo ones exists. */
export async function hasOwnAdmin(db: Db, demoUserIds: readonly number[] = []): Promise<boolean> {
  let query = db.selectFrom("users").select("id").where("role", "=", "admin");
  if (demoUserIds.length) query = query.where("id", "not in", [...demoUserIds]);
  return (await query.executeTakeFirst()) !== undefined;
}

async function deactivateDemoAccounts(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.updateTable("users").set({ status: "inactive" }).where("id", "in", ids).execute();
}

async function seedDemoContent(db: Db, config: Config): Promise<number[]> {
  const store = createUploadStore(config, db);
  try {
    return await seedDemoRows(db, store);
  } finally {
    await store.close();
  }
}

async function seedDemoRows(db: Db, store: UploadStore): Promise<number[]> {
  const now = new Date();
  const iso = now.toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  // Portraits (abstract pictures, like the rest of the demo's images) for the
  // first two starter members; the third keeps its initials.
  const members = await db
    .selectFrom("team_members")
    .select(["id", "name"])
    .where("photo_url", "=", "")
    .orderBy("sort_order")
    .orderBy("id")
    .limit(2)
    .execute();
  // Every picture first, several at a time; the rows then go in one by one, in order.
  const pictures = await generateImages(store, {
    posts: DEMO_POSTS.map((_, index) => ({ seed: index + 1, width: 1200, height: 630 })),
    gallery: DEMO_GALLERY.map((_, index) => ({ seed: 100 + index * 7, width: 1200, height: 800 })),
    portraits: members.map((_, index) => ({ seed: 300 + index * 11, width: 600, height: 600 })),
  });

  const admin = await insertUser(
    db,
    {
      username: DEMO_ADMIN.username,
      email: DEMO_ADMIN.email,
      first_name: DEMO_ADMIN.first_name,
      last_name: DEMO_ADMIN.last_name,
      role: "admin",
      status: "active",
      password_hash: await hashPassword(DEMO_ADMIN.password),
    },
    daysAgo(90),
  );
  const authors: Record<string, number> = { admin: admin.id };
  for (const staff of DEMO_STAFF) {
    const user = await insertUser(
      db,
      {
        username: staff.username,
        email: staff.email,
        first_name: staff.first_name,
        last_name: staff.last_name,
        role: staff.role,
        status: "active",
        password_hash: await hashPassword(staff.password),
      },
      daysAgo(80),
    );
    authors[staff.role] = user.id;
  }

  const categoryIds = new Map<string, number>();
  for (const name of DEMO_CATEGORIES) {
    const row = await db
      .insertInto("categories")
      .values({ name, slug: slugify(name), description: "", created_at: iso, updated_at: iso })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(name, row.id);
  }

  const tagIds = new Map<string, number>();
  const tagId = async (name: string) => {
    const known = tagIds.get(name);
    if (known) return known;
    const row = await db
      .insertInto("tags")
      .values({ name, slug: slugify(name), created_at: iso })
      .returning("id")
      .executeTakeFirstOrThrow();
    tagIds.set(name, row.id);
    return row.id;
  };

  for (const [index, post] of DEMO_POSTS.entries()) {
    const image = pictures.posts[index]!;
    await recordUpload(db, image, "Demo image", iso);
    const publishedAt = post.daysAgo === null ? null : daysAgo(post.daysAgo);
    const status = post.daysAgo === null ? "draft" : post.daysAgo < 0 ? "scheduled" : "published";
    const created = post.daysAgo === null ? daysAgo(1) : daysAgo(Math.max(post.daysAgo, 0) + 1);
    const row = await db
      .insertInto("posts")
      .values({
        title: post.title,
        slug: slugify(post.title),
        excerpt: post.excerpt,
        content: post.paragraphs.map((p) => `<p>${p}</p>`).join("\n"),
        featured_image: image.url,
        featured_image_alt: post.title,
        status,
        is_featured: post.featured ?? false,
        author_id: authors[post.author ?? "admin"] ?? admin.id,
        published_at: publishedAt,
        views: post.views,
        meta_title: "",
        meta_description: "",
        og_image: "",
        created_at: created,
        updated_at: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const name of post.categories) {
      await db
        .insertInto("post_categories")
        .values({ post_id: row.id, category_id: categoryIds.get(name)! })
        .execute();
    }
    for (const name of post.tags) {
      await db
        .insertInto("post_tags")
        .values({ post_id: row.id, tag_id: await tagId(name) })
        .execute();
    }
  }

  const galleryCategoryIds = new Map<string, number>();
  for (const [index, item] of DEMO_GALLERY.entries()) {
    let categoryId = galleryCategoryIds.get(item.category);
    if (!categoryId) {
      const row = await db
        .insertInto("gallery_categories")
        .values({
          name: item.category,
          slug: slugify(item.category),
          sort_order: galleryCategoryIds.size,
          created_at: iso,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryId = row.id;
      galleryCategoryIds.set(item.category, categoryId);
    }
    const image = pictures.gallery[index]!;
    await recordUpload(db, image, item.title, iso);
    await db
      .insertInto("gallery_images")
      .values({
        title: item.title,
        description: item.description,
        url: image.url,
        thumbnail_url: image.url,
        alt: item.title,
        width: image.width,
        height: image.height,
        category_id: categoryId,
        sort_order: index,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
  }

  for (const page of DEMO_PAGES) {
    const content = page.paragraphs.map((p) => `<p>${p}</p>`).join("\n");
    await insertPublishedPage(db, { ...page, content }, daysAgo(30), admin.id);
  }

  for (const [index, member] of members.entries()) {
    const image = pictures.portraits[index]!;
    await recordUpload(db, image, member.name, iso);
    await db
      .updateTable("team_members")
      .set({ photo_url: image.url })
      .where("id", "=", member.id)
      .execute();
  }

  for (const message of DEMO_MESSAGES) {
    await db
      .insertInto("contact_messages")
      .values({
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        is_read: message.read ?? false,
        created_at: new Date(now.getTime() - message.hoursAgo * 3_600_000).toISOString(),
      })
      .execute();
  }

  await upsertSettingsRow(db, "contact", {
    ...SECTION_DEFAULTS.contact,
    openingHours: DEMO_OPENING_HOURS,
  });

  return Object.values(authors);
}

async function recordUpload(db: Db, image: GeneratedImage, alt: string, createdAt: string) {
  await db
    .insertInto("uploads")
    .values({
      file_name: image.fileName,
      original_name: image.fileName,
      mime_type: image.mimeType,
      size_bytes: image.size,
      width: image.width,
      height: image.height,
      sha256: image.sha256,
      alt,
      variants: JSON.stringify(image.variants),
      uploaded_by: null,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.column("file_name").doNothing())
    .execute();
}
