import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/db/client.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { exportSite, readSiteDocument } from "#server/maintenance/transfer-export.ts";
import type { ExportDocument } from "#server/maintenance/transfer-format.ts";
import { ImportError, importSite } from "#server/maintenance/transfer-import.ts";
import { listFiles } from "#server/maintenance/upload-files.ts";
import {
  type Accounts,
  createAccount,
  createAccounts,
  createCategory,
  createGalleryCategory,
  createGalleryImage,
  createPost,
  createService,
  expectOk,
  get,
  imageForm,
  login,
  minutesFromNow,
  patch,
  post,
  put,
  sendContactMessage,
  unique,
} from "#tests/factories/index.ts";
import { buildWxr, importRequest } from "#tests/factories/wxr.ts";
import { createSchema, dropSchema, TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import { NODE, runCommand } from "#tests/setup/server-process.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

/** Each project moves its site to the other database: both directions run. */
const OTHER = TEST_DB === "sqlite" ? "postgres" : "sqlite";

/** A site on the other database: its own DATA_DIR and, for PostgreSQL, its own schema. */
async function otherSite(kind: "sqlite" | "postgres" = OTHER, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-import-"));
  const schema = kind === "postgres" ? `x_${randomBytes(6).toString("hex")}` : undefined;
  if (schema) await createSchema(schema);
  const appEnv = { DATABASE_URL: schema ? TEST_DATABASE_URL : "", ...env };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...appEnv });
  /** The URL the commands get: the schema rides in the connection options. */
  const url = new URL(TEST_DATABASE_URL);
  if (schema) url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    dataDir,
    schema,
    config,
    cliEnv: { DATA_DIR: dataDir, DATABASE_URL: schema ? url.toString() : "", ...env },
    /** The whole server on this site (migrates and seeds what is missing, as a start does). */
    start: () => createTestApp({ env: appEnv, reuse: { dataDir, schema } }),
    async cleanup() {
      if (schema) await dropSchema(schema).catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type OtherSite = Awaited<ReturnType<typeof otherSite>>;

/** A WordPress export of one post in one category, by an author matched by e-mail. */
function wordpressFile(dir: string, authorEmail: string, categorySlug: string) {
  const file = path.join(dir, "old-wordpress.xml");
  fs.writeFileSync(
    file,
    buildWxr({
      siteUrl: "https://old.example.com",
      authors: [{ id: 1, login: "owner", email: authorEmail, display: "Owner" }],
      categories: [{ slug: categorySlug, name: "Old News" }],
      items: [
        {
          id: 501,
          title: "Our Launch",
          status: "publish",
          creator: "owner",
          content: "Launch day.",
          categories: [categorySlug],
        },
      ],
    }),
  );
  return file;
}

/** What may differ between two exports of the same content: when, and from which database. */
function comparable(document: ExportDocument) {
  const { exportedAt: _at, source: _source, ...rest } = document;
  return rest;
}

async function picture(width: number, height: number, blue: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: blue } } })
    .png()
    .toBuffer();
}

async function upload(t: TestApp, token: string, bytes: Buffer, name: string) {
  const result = await post(t, "/upload", { token, body: imageForm(bytes, name, "image/png") });
  expectOk(result, 201);
  return result.body.data.url as string;
}

/**
 * A command as an operator runs it: `npm run <script> -- args`, or
 * `node server/cli/….ts args` (the tests' own Node, NODE) for the rest.
 */
function run(command: string[], env: Record<string, string>) {
  const [program, ...args] = command[0] === "node" ? [NODE, ...command.slice(1)] : command;
  return runCommand(program!, args, { LOG_LEVEL: "warn", ...env });
}

/** The lines a command wrote to stderr, without npm's own notices. */
const errors = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line && !line.startsWith("npm warn"))
    .join("\n");

describe(`export and import: ${TEST_DB} → ${OTHER}`, () => {
  let source: TestApp;
  let a: Accounts;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-transfer-"));
  /** A word only this file's posts hold, in the body (not the title), for search. */
  const bodyWord = `zephyr${randomBytes(3).toString("hex")}`;
  const titleWord = `quasar${randomBytes(3).toString("hex")}`;
  let live: any;
  let renamedFrom: string;
  let renamedServiceFrom: string;
  let renamedPageFrom: string;
  let careers: any;
  let draftPage: any;
  /** The path of a preview link of the draft page (it carries the secret). */
  let draftPagePreview: string;
  let archive: string;
  let exported: ExportDocument;
  /** A WordPress export moved in before the export, and a category it named. */
  let oldWordpress: string;
  let newsSlug: string;

  beforeAll(async () => {
    source = await createTestApp({ env: { CONTACT_RATE_LIMIT: "off" } });
    a = await createAccounts(source);
    const token = a.admin.token;

    // Users of each role, one inactive, made through the API as well.
    const inactive = await post(source, "/users", {
      token,
      body: {
        username: unique("gone").replace(/-/g, "_"),
        email: `${unique("gone")}@example.com`,
        first_name: "Gone",
        last_name: "Away",
        role: "editor",
        status: "inactive",
        password: "Long-enough-1",
      },
    });
    expectOk(inactive, 201);

    const photo = await upload(source, token, await picture(64, 48, 200), "photo.png");
    const banner = await upload(source, a.author.token, await picture(80, 40, 120), "banner.png");

    const news = await createCategory(source, token, { name: unique("News") });
    const guides = await createCategory(source, token, { name: unique("Guides") });

    live = await createPost(source, token, {
      title: `Launch ${titleWord}`,
      excerpt: "We launched.",
      content: `<p>The <strong>${bodyWord}</strong> engine is live.</p>`,
      categories: [news.name, guides.name],
      tags: ["launch", "engine"],
      featured_image: photo,
      featured_image_alt: "A blue picture",
      featured: true,
      meta_title: "Launch day",
    });
    await createPost(source, a.author.token, {
      title: "An author's post",
      content: `<p>Written by an author about ${bodyWord} too.</p>`,
      categories: [guides.name],
      tags: ["engine"],
    });
    await createPost(source, token, {
      title: "Scheduled for later",
      status: "scheduled",
      published_at: minutesFromNow(60 * 24 * 30),
      content: `<p>Not yet: ${bodyWord}.</p>`,
    });
    await createPost(source, a.editor.token, {
      title: "Still a draft",
      status: "draft",
      content: `<p>Draft about ${bodyWord}.</p>`,
    });
    // A renamed post: its old address redirects.
    const renamed = await createPost(source, token, { title: "Old name" });
    renamedFrom = renamed.slug;
    expectOk(
      await put(source, `/blog/posts/${renamed.id}`, {
        token,
        body: { slug: `${renamed.slug}-renamed`, title: "New name" },
      }),
    );

    // Services: one added, a starter one renamed (a redirect), one deleted.
    await createService(source, token, { title: "Support", icon: "gear" });
    const services = (await get(source, "/services")).body.data as any[];
    const starter = services.find((s) => s.slug === "consulting");
    renamedServiceFrom = starter.slug;
    expectOk(
      await put(source, `/services/${starter.id}`, {
        token,
        body: { ...starter, slug: "advice", title: "Advice" },
      }),
    );
    const doomed = services.find((s) => s.slug === "digital-marketing");
    expect(
      (
        await source.request(`/api/services/${doomed.id}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBeLessThan(300);

    // Company pages: one hidden from search engines with a picture, a draft,
    // one renamed (a redirect), and the starter Privacy page rewritten.
    const createPage = async (body: Record<string, unknown>) => {
      const slug = unique("page");
      const result = await post(source, "/pages", {
        token,
        body: { title: `Page ${slug}`, slug, content: `<p>${bodyWord}</p>`, ...body },
      });
      expectOk(result, 201);
      return result.body.data;
    };
    careers = await createPage({
      title: `Careers ${titleWord}`,
      status: "published",
      noindex: true,
      featured_image: photo,
      featured_image_alt: "Our office",
      meta_description: "Work with us.",
    });
    draftPage = await createPage({ status: "draft" });
    // A preview link of the draft (only its hash is stored): it opens on the new site too.
    const link = await post(source, `/pages/${draftPage.id}/preview-links`, { token, body: {} });
    expectOk(link, 201);
    draftPagePreview = new URL(link.body.data.url).pathname;
    // A link of a post deleted since stays behind in the table, but not in the export.
    const gone = await createPost(source, token, { status: "draft" });
    expectOk(await post(source, `/blog/posts/${gone.id}/preview-links`, { token, body: {} }), 201);
    const deleted = await source.request(`/api/blog/posts/${gone.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
    const movedPage = await createPage({ status: "published" });
    renamedPageFrom = movedPage.slug;
    expectOk(
      await put(source, `/pages/${movedPage.id}`, {
        token,
        body: { slug: `${movedPage.slug}-moved` },
      }),
    );
    const privacy = (await get(source, "/pages?search=privacy", { token })).body.data.pages.find(
      (p: any) => p.slug === "privacy",
    );
    expectOk(
      await put(source, `/pages/${privacy.id}`, {
        token,
        body: { content: "<p>Our own privacy policy, moved along.</p>" },
      }),
    );

    // Gallery: two albums, images in them and one in none.
    const album = await createGalleryCategory(source, token, { name: unique("Office") });
    const events = await createGalleryCategory(source, token, { name: unique("Events") });
    await createGalleryImage(source, token, { title: "Desk", url: photo, category_id: album.id });
    await createGalleryImage(source, token, {
      title: "Party",
      url: banner,
      category_id: events.id,
    });
    await createGalleryImage(source, token, { title: "Loose", url: photo, category_id: null });

    // Settings sections changed.
    expectOk(
      await put(source, "/settings/general", {
        token,
        body: { siteTitle: "Moved Co", postsPerPage: 7 },
      }),
    );
    expectOk(await put(source, "/settings/appearance", { token, body: { bannerImage: banner } }));
    expectOk(
      await put(source, "/settings/social", {
        token,
        body: { linkedin: "https://example.com/in" },
      }),
    );

    // The About page: its texts, a starter member edited, one added with a
    // photo and links, one unpublished, and a new order.
    expectOk(
      await put(source, "/settings/about", {
        token,
        body: { mission: "Moving mission.", values: [{ title: "Care", text: "Always." }] },
      }),
    );
    const starters = (await get(source, "/team", { token })).body.data as any[];
    expectOk(await put(source, `/team/${starters[0].id}`, { token, body: { role: "Founder" } }));
    const pictured = await post(source, "/team", {
      token,
      body: {
        name: "Putri Anggraini",
        role: "Engineer",
        photo_url: photo,
        email: "putri@example.com",
        linkedin_url: "https://www.linkedin.com/in/putri-example",
      },
    });
    expectOk(pictured, 201);
    expectOk(
      await post(source, "/team", { token, body: { name: "Not Yet Public", published: false } }),
      201,
    );
    const order = (await get(source, "/team", { token })).body.data.map((m: any) => m.id);
    expectOk(
      await put(source, "/team/order", {
        token,
        body: {
          ids: [
            pictured.body.data.id,
            ...order.filter((id: number) => id !== pictured.body.data.id),
          ],
        },
      }),
    );

    // Menus link to the renamed service by id; opening hours.
    expectOk(
      await put(source, "/settings/navigation", {
        token,
        body: {
          header: [
            { label: "Home", url: "/" },
            { label: "Our advice", target: { type: "service", id: starter.id } },
          ],
        },
      }),
    );
    expectOk(
      await put(source, "/settings/contact", {
        token,
        body: {
          openingHours: {
            monday: [{ opens: "08:00", closes: "16:00" }],
            tuesday: [],
            wednesday: [],
            thursday: [],
            friday: [],
            saturday: [],
            sunday: [],
          },
        },
      }),
    );

    // Contact messages, one read.
    const first = await sendContactMessage(source, { subject: "Read me" });
    await sendContactMessage(source, { subject: "Unread one" });
    await sendContactMessage(source, { subject: "Unread two" });
    const inbox = (await get(source, "/contact/messages?limit=50", { token })).body.data;
    const read = inbox.messages.find((m: any) => m.subject === first.subject);
    expectOk(await patch(source, `/contact/messages/${read.id}`, { token, body: { read: true } }));

    // Audit entries the services wrote, and two more: one whose actor is gone.
    await source.db
      .insertInto("audit_logs")
      .values([
        {
          created_at: new Date().toISOString(),
          actor_id: a.editor.id,
          actor_name: a.editor.user.username,
          action: "published",
          entity_type: "post",
          entity_id: String(live.id),
          entity_label: live.title,
          details: JSON.stringify({ fields: ["status"] }),
        },
        {
          created_at: new Date(Date.now() - 60_000).toISOString(),
          actor_id: null,
          actor_name: "someone who left",
          action: "deleted",
          entity_type: "service",
          entity_id: "99",
          entity_label: "Old service",
          details: null,
        },
      ])
      .execute();

    // Moved in from WordPress earlier: the export's post 501 became `live` (the import's
    // record of it), and its category matched `news` (which keeps its old address).
    await source.db
      .insertInto("import_items")
      .values({
        origin: "wordpress:old.example.com",
        kind: "post",
        source_id: "501",
        target_id: live.id,
        job_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    oldWordpress = wordpressFile(work, a.admin.user.email, news.slug);
    const moved = await source.services.contentImport.runImport(
      a.admin.user,
      importRequest(oldWordpress),
      { allowHosts: [] },
    );
    expect(moved.report?.counts.posts).toMatchObject({ created: 0, matched: 1 });
    expect(moved.report?.counts.categories).toMatchObject({ created: 0, matched: 1 });
    newsSlug = news.slug;

    // Views the pages above counted are written now, not by the timer during a later test
    // (the exports below would then differ from this one by a view count).
    await source.services.posts.flushViews();
    const result = await exportSite(source.config, { output: work, schema: source.schema });
    archive = result.file;
    exported = result.document;
  });

  afterAll(async () => {
    await source?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("exports every collection, users without passwords, in a versioned document", () => {
    expect(archive).toMatch(/beranda-export-.*\.tar\.gz$/);
    expect(exported).toMatchObject({ format: "beranda-export", version: 1 });
    expect(exported.source.database).toBe(TEST_DB);
    expect(exported.posts).toHaveLength(5);
    expect(exported.posts.map((p) => p.status).sort()).toEqual([
      "draft",
      "published",
      "published",
      "published",
      "scheduled",
    ]);
    const launch = exported.posts.find((p) => p.id === live.id)!;
    // The edit-conflict counter and who saved last travel with the rows (decision 018).
    expect(exported.posts.find((p) => p.title === "New name")).toMatchObject({
      version: 2,
      updated_by: expect.any(Number),
    });
    expect(exported.services.find((s) => s.title === "Advice")).toMatchObject({ version: 2 });
    expect(launch.category_ids).toHaveLength(2);
    expect(launch.tag_ids).toHaveLength(2);
    expect(launch.is_featured).toBe(true);
    expect(exported.users.map((u) => u.role).sort()).toEqual([
      "admin",
      "author",
      "author",
      "editor",
      "editor",
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/password|argon2|token_hash/);
    expect(exported.users.find((u) => u.status === "inactive")).toBeDefined();
    expect(exported.galleryCategories).toHaveLength(2);
    expect(exported.galleryImages.map((g) => g.category_id).filter((c) => c === null)).toHaveLength(
      1,
    );
    expect(exported.contactMessages.map((m) => m.is_read).sort()).toEqual([false, false, true]);
    expect(exported.redirects.map((r) => `${r.kind}:${r.old_slug}`).sort()).toEqual(
      [`post:${renamedFrom}`, `service:${renamedServiceFrom}`, `page:${renamedPageFrom}`].sort(),
    );
    expect(exported.pages.map((p) => p.slug).sort()).toEqual(
      ["terms", "privacy", careers.slug, draftPage.slug, `${renamedPageFrom}-moved`].sort(),
    );
    expect(exported.pages.find((p) => p.id === careers.id)).toMatchObject({
      status: "published",
      noindex: true,
      featured_image_alt: "Our office",
      meta_description: "Work with us.",
      author_id: a.admin.id,
    });
    expect(exported.uploads).toHaveLength(2);
    expect(exported.uploads.map((u) => u.uploaded_by).sort()).toEqual(
      [a.admin.id, a.author.id].sort(),
    );
    expect(exported.auditLog.length).toBeGreaterThanOrEqual(2);
    expect(exported.auditLog.some((e) => e.actor_id === null)).toBe(true);
    const general = exported.settings.find((s) => s.section === "general")!;
    expect(general.data).toMatchObject({ siteTitle: "Moved Co", postsPerPage: 7 });
    expect(exported.settings.find((s) => s.section === "about")!.data).toMatchObject({
      mission: "Moving mission.",
    });
    expect(exported.previewLinks).toHaveLength(1);
    expect(exported.previewLinks[0]).toMatchObject({ document_type: "page", revoked_at: null });
    expect(JSON.stringify(exported)).not.toContain(draftPagePreview.split("/").pop());
    expect(exported.team).toHaveLength(5);
    const putri = exported.team.find((m) => m.name === "Putri Anggraini")!;
    expect(putri).toMatchObject({ sort_order: 0, published: true, email: "putri@example.com" });
    expect(putri.photo_url).toMatch(/^\/uploads\//);
    expect(exported.team.find((m) => m.name === "Not Yet Public")!.published).toBe(false);
    expect(exported.team.find((m) => m.name === "Alya Pratama")!.role).toBe("Founder");
  });

  it(`moves the site to ${OTHER}: the same documents, the same files, the same pages`, async () => {
    // A new site on the other database that was started once, as an operator
    // would: settings and starter services seeded, the ADMIN_EMAIL admin made.
    const firstAdmin = { ADMIN_EMAIL: "first@example.com", ADMIN_PASSWORD: "Quiet-Harbor-93" };
    const target = await otherSite(OTHER, firstAdmin);
    let app: TestApp | undefined;
    try {
      const fresh = await target.start();
      expect((await fresh.db.selectFrom("services").selectAll().execute()).length).toBe(5);
      await fresh.close({ keep: true });

      const result = await importSite(target.config, archive, { schema: target.schema });
      expect(result.replacedInitialAdmin).toBe("first@example.com");
      expect(result.missingUploadFiles).toEqual([]);

      // Export the new site again: the same document, whichever database.
      const again = await readSiteDocument(target.config, { schema: target.schema });
      expect(again.source.database).toBe(OTHER);
      expect(comparable(again)).toEqual(comparable(exported));

      // Every upload file, byte for byte.
      const files = listFiles(source.config.uploadsDir);
      expect(files.length).toBeGreaterThanOrEqual(2);
      expect(listFiles(target.config.uploadsDir)).toEqual(files);
      for (const file of files) {
        expect(
          fs
            .readFileSync(path.join(target.config.uploadsDir, file))
            .equals(fs.readFileSync(path.join(source.config.uploadsDir, file))),
          file,
        ).toBe(true);
      }

      // The site answers as the old one did.
      app = await target.start();
      const same = async (url: string) => {
        const [before, after] = [await get(source, url), await get(app!, url)];
        expect(after.status, url).toBe(before.status);
        expect(after.body, url).toEqual(before.body);
        return after;
      };
      await same("/blog/posts?limit=50");
      await same("/blog/posts/featured");
      await same("/blog/categories");
      await same("/blog/tags");
      await same("/services");
      await same("/gallery/images");
      await same("/gallery/categories");
      await same("/team");
      await same("/settings");
      await same(`/blog/posts/${live.slug}`);

      // Search finds words in titles and in bodies (the indexes were rebuilt).
      // The same posts; their order among equals is each database's ranking.
      const sameMatches = async (url: string) => {
        const [before, after] = [await get(source, url), await get(app!, url)];
        const byId = (result: typeof before) => {
          const { posts, ...rest } = result.body.data;
          return { ...rest, posts: [...posts].sort((x: any, y: any) => x.id - y.id) };
        };
        expect(after.status, url).toBe(200);
        expect(byId(after), url).toEqual(byId(before));
        return after;
      };
      const searched = await sameMatches(`/blog/posts?search=${bodyWord}`);
      expect(searched.body.data.posts.map((p: any) => p.title).sort()).toEqual(
        [live.title, "An author's post"].sort(),
      );
      const byTitle = await sameMatches(`/blog/posts?search=${titleWord}`);
      expect(byTitle.body.data.posts.map((p: any) => p.id)).toEqual([live.id]);

      for (const page of ["/", "/blog", `/blog/${live.slug}`, "/services/advice", "/gallery"]) {
        const [before, after] = [await source.request(page), await app.request(page)];
        expect(after.status, page).toBe(200);
        expect(before.status, page).toBe(200);
      }
      const home = await (await app.request("/")).text();
      expect(home).toContain("Moved Co");
      // The About page: the company's texts and team, none of the new site's starter rows.
      const about = await (await app.request("/about")).text();
      expect(about).toContain("Moving mission.");
      expect(about.indexOf("Putri Anggraini")).toBeLessThan(about.indexOf("Alya Pratama"));
      expect(about).not.toContain("Not Yet Public");
      expect((await app.db.selectFrom("team_members").select("id").execute()).length).toBe(5);
      // The menus' reference survived (ids are kept), and the contact details.
      expect(home).toMatch(/<a [^>]*href="\/services\/advice"[^>]*>Our advice<\/a>/);
      expect(await (await app.request("/contact")).text()).toContain("08:00–16:00");
      const oldPost = await app.request(`/blog/${renamedFrom}`);
      expect(oldPost.status).toBe(301);
      expect(oldPost.headers.get("location")).toBe(`/blog/${renamedFrom}-renamed`);
      const oldService = await app.request(`/services/${renamedServiceFrom}`);
      expect(oldService.status).toBe(301);
      expect(oldService.headers.get("location")).toBe("/services/advice");
      // The old WordPress address of a category still leads to it, and importing the same
      // WordPress export again creates nothing: what its items became came along.
      const oldCategory = await app.request(`/category/${newsSlug}/`);
      expect(oldCategory.status).toBe(301);
      expect(oldCategory.headers.get("location")).toBe(`/blog?category=${newsSlug}`);
      const rerun = await app.services.contentImport.runImport(
        (await app.services.contentImport.findCommandLineActor(undefined))!,
        importRequest(oldWordpress),
        { allowHosts: [] },
      );
      expect(rerun.report?.counts.posts).toMatchObject({ created: 0, matched: 1 });
      expect((await app.request("/blog/scheduled-for-later")).status).toBe(404);
      expect((await app.request("/services/digital-marketing")).status).toBe(404);

      // Pages: served at their slugs as before, the rewritten Privacy page
      // replaced the new site's starter one, the renamed page still redirects.
      const careersPage = await app.request(`/${careers.slug}`);
      expect(careersPage.status).toBe(200);
      expect(await careersPage.text()).toContain(`Careers ${titleWord}`);
      expect(await (await app.request("/privacy")).text()).toContain(
        "Our own privacy policy, moved along.",
      );
      expect((await app.request("/terms")).status).toBe(200);
      expect((await app.request(`/${draftPage.slug}`)).status).toBe(404);
      const preview = await app.request(draftPagePreview);
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain(draftPage.title);
      const oldPage = await app.request(`/${renamedPageFrom}`);
      expect(oldPage.status).toBe(301);
      expect(oldPage.headers.get("location")).toBe(`/${renamedPageFrom}-moved`);

      // Nobody signs in with a password from the old site: none was carried.
      const refused = await post(app, "/auth/login", {
        body: { email: a.admin.email, password: a.admin.password },
      });
      expect(refused.status).toBe(401);
      const replaced = await post(app, "/auth/login", {
        body: { email: firstAdmin.ADMIN_EMAIL, password: firstAdmin.ADMIN_PASSWORD },
      });
      expect(replaced.status).toBe(401);

      // New rows get new ids (PostgreSQL's sequences were moved past the imported ones).
      const admin = await createAccount(app, "admin");
      expect(admin.id).toBeGreaterThan(Math.max(...exported.users.map((u) => u.id)));
      const max = (rows: { id: number }[]) => Math.max(0, ...rows.map((row) => row.id));
      const category = await createCategory(app, admin.token);
      expect(category.id).toBeGreaterThan(max(exported.categories));
      const fresh2 = await createPost(app, admin.token, {
        content: `<p>After the move: ${bodyWord}.</p>`,
        categories: [category.name],
        tags: ["fresh"],
      });
      expect(fresh2.id).toBeGreaterThan(max(exported.posts));
      expect((await createService(app, admin.token)).id).toBeGreaterThan(max(exported.services));
      const newPage = await post(app, "/pages", {
        token: admin.token,
        body: { title: "After the move", slug: unique("after"), content: "<p>New.</p>" },
      });
      expectOk(newPage, 201);
      expect(newPage.body.data.id).toBeGreaterThan(max(exported.pages));
      const album = await createGalleryCategory(app, admin.token);
      expect(album.id).toBeGreaterThan(max(exported.galleryCategories));
      const image = await createGalleryImage(app, admin.token, { category_id: album.id });
      expect(image.id).toBeGreaterThan(max(exported.galleryImages));
      expect(
        (await upload(app, admin.token, await picture(30, 30, 10), "new.png")).length,
      ).toBeGreaterThan(0);
      await sendContactMessage(app);
      const inbox = (await get(app, "/contact/messages?limit=50", { token: admin.token })).body
        .data;
      expect(inbox.messages).toHaveLength(4);
      expect(inbox.unread).toBe(3);
      expect(
        (await get(app, `/blog/posts?search=${bodyWord}`)).body.data.posts.map((p: any) => p.id),
      ).toContain(fresh2.id);
    } finally {
      await app?.close({ keep: true });
      await target.cleanup();
    }
  });

  it("a JSON-only export brings the rows and names the upload files to copy by hand", async () => {
    const target = await otherSite();
    try {
      // The pages the tests above asked the source for counted views: written now, not by
      // the timer while this export reads. What comes back is compared with what this export holds.
      await source.services.posts.flushViews();
      const json = await exportSite(source.config, {
        output: path.join(work, "rows-only.json"),
        jsonOnly: true,
        schema: source.schema,
      });
      expect(json.uploadFiles).toBe(0);
      expect(JSON.parse(fs.readFileSync(json.file, "utf8")).format).toBe("beranda-export");
      const result = await importSite(target.config, json.file, { schema: target.schema });
      expect(result.uploadFiles).toBe(0);
      expect(result.missingUploadFiles.sort()).toEqual(
        exported.uploads.map((u) => u.file_name).sort(),
      );
      const again = await readSiteDocument(target.config, { schema: target.schema });
      expect(comparable(again)).toEqual(comparable(json.document));
    } finally {
      await target.cleanup();
    }
  });

  it("a crafted export plants no script: post HTML is sanitised, only the pipeline's pictures come in", async () => {
    // The reproduction: a script appended to a post, an HTML page and a
    // script among the uploads, and files that only pretend to be pictures.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-crafted-"));
    const target = await otherSite();
    const second = await otherSite(TEST_DB);
    let app: TestApp | undefined;
    try {
      await tar.x({ file: archive, cwd: dir });
      const document = JSON.parse(fs.readFileSync(path.join(dir, "export.json"), "utf8"));
      const planted = 'alert("planted by an export")';
      for (const post of document.posts) {
        if (post.id === live.id) {
          post.content += `<script>${planted}</script><img src="x" onerror="${planted}">`;
        }
      }
      for (const page of document.pages) {
        if (page.id === careers.id) page.content += `<p onclick="${planted}">Hi</p>`;
      }
      fs.writeFileSync(path.join(dir, "export.json"), JSON.stringify(document));
      const uploads = path.join(dir, "uploads");
      const genuine = fs.readdirSync(uploads).sort();
      const jpeg = await sharp({
        create: { width: 8, height: 8, channels: 3, background: "#123456" },
      })
        .jpeg()
        .toBuffer();
      const crafted: Record<string, string | Buffer> = {
        "evil.html": `<script>${planted}</script>`,
        "evil.js": planted,
        "0123456789abcdef0123.png": `<html><script>${planted}</script></html>`,
        "0123456789abcdef0124.png": jpeg,
        "0123456789abcdef0125.gif": Buffer.from("GIF89a, and then nothing"),
      };
      for (const [name, bytes] of Object.entries(crafted)) {
        fs.writeFileSync(path.join(uploads, name), bytes);
      }
      fs.mkdirSync(path.join(uploads, "nested"));
      fs.copyFileSync(path.join(uploads, genuine[0]!), path.join(uploads, "nested", genuine[0]!));
      const file = path.join(work, "crafted.tar.gz");
      await tar.c({ gzip: true, cwd: dir, file }, ["export.json", "uploads"]);

      const result = await importSite(target.config, file, { schema: target.schema });

      expect(result.sanitizedPosts).toEqual([live.slug]);
      expect(result.sanitizedPages).toEqual([careers.slug]);
      expect(result.uploadFiles).toBe(genuine.length);
      expect(listFiles(target.config.uploadsDir)).toEqual(genuine);
      expect(result.skippedUploadFiles.map((skipped) => skipped.file).sort()).toEqual(
        [...Object.keys(crafted), `nested/${genuine[0]}`].sort(),
      );
      const reason = (name: string) =>
        result.skippedUploadFiles.find((skipped) => skipped.file === name)?.reason;
      expect(reason("evil.html")).toMatch(/not a name the upload pipeline gives/);
      expect(reason("0123456789abcdef0123.png")).toMatch(/not a PNG image/);
      expect(reason("0123456789abcdef0124.png")).toMatch(/not a PNG image/);
      expect(reason("0123456789abcdef0125.gif")).toMatch(/damaged/);

      app = await target.start();
      const page = await app.request(`/blog/${live.slug}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(bodyWord);
      expect(html).not.toContain("planted by an export");
      expect(html).not.toContain("onerror");
      const careersHtml = await (await app.request(`/${careers.slug}`)).text();
      expect(careersHtml).toContain("<p>Hi</p>");
      expect(careersHtml).not.toContain("planted by an export");
      for (const name of ["evil.html", "evil.js", "0123456789abcdef0123.png"]) {
        const served = await app.request(`/uploads/${name}`);
        expect(served.status, name).toBe(404);
        expect(served.headers.get("content-type"), name).not.toMatch(/html|javascript/);
      }
      const picture = await app.request(`/uploads/${genuine[0]}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toMatch(/^image\//);

      // The command says what it left out and what it cleaned.
      const cli = await run(["node", "server/cli/import.ts", file], second.cliEnv);
      expect(errors(cli.stderr)).toBe("");
      expect(cli.code).toBe(0);
      expect(cli.stdout).toContain(
        "Left out 6 files of the archive's uploads folder that are not pictures the upload " +
          "pipeline writes: 0123456789abcdef0123.png (not a PNG image), ",
      );
      expect(cli.stdout).toContain(`from 1 post: ${live.slug}.`);
      expect(cli.stdout).toContain(`from 1 page: ${careers.slug}.`);
      expect(listFiles(second.config.uploadsDir)).toEqual(genuine);
    } finally {
      await app?.close({ keep: true });
      await target.cleanup();
      await second.cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a site that is not empty, naming what it holds, and changes nothing", async () => {
    const target = await otherSite();
    try {
      const app = await target.start();
      const admin = await createAccount(app, "admin");
      await createPost(app, admin.token, { title: "Already here" });
      // A starter page someone rewrote is the site's own content too.
      const terms = (await get(app, "/pages?search=terms", { token: admin.token })).body.data
        .pages[0];
      expectOk(
        await put(app, `/pages/${terms.id}`, {
          token: admin.token,
          body: { content: "<p>Our own terms.</p>" },
        }),
      );
      await app.close({ keep: true });

      const before = await readSiteDocument(target.config, { schema: target.schema });
      const refused = importSite(target.config, archive, { schema: target.schema });
      await expect(refused).rejects.toThrow(ImportError);
      await expect(refused).rejects.toThrow(
        /not empty \(it has 1 post, .*1 page of its own \(edited or added\), 1 user\)/,
      );
      const after = await readSiteDocument(target.config, { schema: target.schema });
      expect(comparable(after)).toEqual(comparable(before));
      expect(listFiles(target.config.uploadsDir)).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });

  it("counts an edited starter team member as the site's own content", async () => {
    const target = await otherSite();
    try {
      const app = await target.start();
      await app.db
        .updateTable("team_members")
        .set({ bio: "Our real founder." })
        .where("name", "=", "Alya Pratama")
        .execute();
      await app.close({ keep: true });
      await expect(importSite(target.config, archive, { schema: target.schema })).rejects.toThrow(
        /not empty \(it has 1 team member of its own \(edited or added\)\)/,
      );
    } finally {
      await target.cleanup();
    }
  });

  it("imports an export made before the team existed; the next start adds the starter team", async () => {
    const target = await otherSite();
    let app: TestApp | undefined;
    try {
      const { team: _team, ...older } = exported;
      const system = older.settings.find((s) => s.section === "system")!;
      const { teamSeededAt: _seeded, ...olderSystem } = system.data as Record<string, unknown>;
      const document = {
        ...older,
        settings: older.settings
          .filter((s) => s.section !== "about")
          .map((s) => (s.section === "system" ? { ...s, data: olderSystem } : s)),
      };
      const file = path.join(work, "before-team.json");
      fs.writeFileSync(file, JSON.stringify(document));
      await importSite(target.config, file, { schema: target.schema });
      app = await target.start();
      const team = (await get(app, "/team")).body.data.map((m: any) => m.name);
      expect(team).toEqual(["Alya Pratama", "Budi Santoso", "Citra Lestari"]);
      expect(await (await app.request("/about")).text()).toContain("Our Mission");
    } finally {
      await app?.close({ keep: true });
      await target.cleanup();
    }
  });

  it("refuses while another process holds DATA_DIR (a running site)", async () => {
    const target = await otherSite();
    const lock = lockDataDir(target.dataDir);
    try {
      await expect(importSite(target.config, archive, { schema: target.schema })).rejects.toThrow(
        /is in use by another Beranda process/,
      );
      expect(listFiles(target.config.uploadsDir)).toEqual([]);
    } finally {
      lock.release();
      await target.cleanup();
    }
  });

  it.each([
    ["not JSON", () => "{ not json", /not valid JSON/],
    [
      "another kind of file",
      () => JSON.stringify({ format: "wordpress", version: 1 }),
      /not a Beranda export \(format: "wordpress"/,
    ],
    [
      "a newer version",
      () => JSON.stringify({ ...exported, version: 2 }),
      /version 2; this Beranda reads version 1/,
    ],
    [
      "a post without a title",
      () =>
        JSON.stringify({
          ...exported,
          posts: exported.posts.map((p, i) => (i === 1 ? { ...p, title: 42 } : p)),
        }),
      /posts\[1\]\.title: /,
    ],
    [
      "a post by a user not in the file",
      () =>
        JSON.stringify({
          ...exported,
          posts: exported.posts.map((p, i) => (i === 0 ? { ...p, author_id: 9999 } : p)),
        }),
      /posts\[0\]\.author_id: no user with id 9999/,
    ],
    [
      "a bad date",
      () =>
        JSON.stringify({
          ...exported,
          contactMessages: exported.contactMessages.map((m, i) =>
            i === 2 ? { ...m, created_at: "yesterday" } : m,
          ),
        }),
      /contactMessages\[2\]\.created_at: must be an ISO date-time/,
    ],
    [
      "a team photo that is not a picture's address",
      () =>
        JSON.stringify({
          ...exported,
          team: exported.team.map((m, i) =>
            i === 1 ? { ...m, photo_url: "javascript:alert(1)" } : m,
          ),
        }),
      /team\[1\]\.photo_url: must be empty, an http\(s\) URL or a path on the site/,
    ],
    [
      "two team members with one id",
      () =>
        JSON.stringify({
          ...exported,
          team: [...exported.team, exported.team[0]],
        }),
      /team\[5\]\.id: duplicate id/,
    ],
    [
      "a password hash where none belongs",
      () =>
        JSON.stringify({
          ...exported,
          users: exported.users.map((u, i) =>
            i === 0 ? { ...u, password_hash: "$argon2id$" } : u,
          ),
        }),
      /users\[0\]: Unrecognized key: "password_hash"/,
    ],
  ])("refuses %s, naming the problem, with nothing written", async (_label, content, message) => {
    const target = await otherSite();
    try {
      const file = path.join(target.dataDir, "..", `${path.basename(target.dataDir)}.json`);
      fs.writeFileSync(file, content());
      try {
        await expect(importSite(target.config, file, { schema: target.schema })).rejects.toThrow(
          message,
        );
      } finally {
        fs.rmSync(file, { force: true });
      }
      // Nothing written: no database tables (not even migrations), no files.
      const handle = await openDb({ database: target.config.database, schema: target.schema });
      try {
        const tables = await handle.db.introspection.getTables();
        expect(
          tables.filter((table) => table.schema === target.schema).map((table) => table.name),
        ).toEqual([]);
      } finally {
        await handle.close();
      }
      expect(listFiles(target.config.uploadsDir)).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });

  it("the export, import and admin:password commands: files, messages and exit codes", async () => {
    const from = await otherSite(TEST_DB);
    const to: OtherSite = await otherSite(OTHER);
    try {
      // The project's database, as a site that ran: the source app's content.
      const imported = await run(["node", "server/cli/import.ts", archive], from.cliEnv);
      expect(errors(imported.stderr)).toBe("");
      expect(imported.code).toBe(0);
      expect(imported.stdout).toMatch(/^Imported 5 posts, 2 categories, 2 tags, /);
      expect(imported.stdout).toContain("npm run admin:password");

      // npm run export while nothing holds the site (and the scripts' wiring).
      const out = path.join(work, "cli-export.tar.gz");
      const exportRun = await run(["npm", "run", "--silent", "export", "--", out], from.cliEnv);
      expect(errors(exportRun.stderr)).toBe("");
      expect(exportRun.code).toBe(0);
      expect(exportRun.stdout).toContain(`to ${out}`);
      const json = path.join(work, "cli-export.json");
      const jsonRun = await run(["node", "server/cli/export.ts", "--json", json], from.cliEnv);
      expect(jsonRun.code).toBe(0);
      expect(JSON.parse(fs.readFileSync(json, "utf8")).posts).toHaveLength(5);

      // Export runs beside a running site: the lock does not stop it.
      const held = lockDataDir(from.dataDir);
      try {
        const beside = await run(
          ["node", "server/cli/export.ts", path.join(work, "beside.tar.gz")],
          from.cliEnv,
        );
        expect(errors(beside.stderr)).toBe("");
        expect(beside.code).toBe(0);
      } finally {
        held.release();
      }
      // Import does not: one clear line, exit 1.
      const lockedTo = lockDataDir(to.dataDir);
      try {
        const blocked = await run(["npm", "run", "--silent", "import", "--", out], to.cliEnv);
        expect(blocked.code).toBe(1);
        expect(errors(blocked.stderr)).toMatch(/^import: .* is in use by another Beranda process/);
        expect(errors(blocked.stderr)).not.toContain("    at ");
      } finally {
        lockedTo.release();
      }

      // Into the other database with npm run import; a second time it is refused.
      const into = await run(["npm", "run", "--silent", "import", "--", out], to.cliEnv);
      expect(errors(into.stderr)).toBe("");
      expect(into.code).toBe(0);
      const twice = await run(["node", "server/cli/import.ts", out], to.cliEnv);
      expect(twice.code).toBe(1);
      expect(errors(twice.stderr)).toMatch(/^import: the site is not empty \(it has 5 posts/);

      // Bad input: one line, exit 1, no stack trace.
      const missing = await run(["node", "server/cli/import.ts", path.join(work, "nope.tar.gz")], {
        ...to.cliEnv,
      });
      expect(missing.code).toBe(1);
      expect(errors(missing.stderr)).toMatch(/^import: .*nope\.tar\.gz does not exist/);
      const noFile = await run(["node", "server/cli/import.ts"], to.cliEnv);
      expect(noFile.code).toBe(1);
      expect(errors(noFile.stderr)).toMatch(/^import: give the export file to import/);
      const badEnv = await run(["node", "server/cli/export.ts", work], {
        ...from.cliEnv,
        DATABASE_URL: "mysql://x",
      });
      expect(badEnv.code).toBe(1);
      expect(errors(badEnv.stderr)).toMatch(/^export: Invalid DATABASE_URL/);
      const noSite = await run(["node", "server/cli/export.ts", work], {
        DATA_DIR: path.join(work, "no-site-here"),
      });
      expect(noSite.code).toBe(1);
      expect(errors(noSite.stderr)).toMatch(/^export: no site database at /);

      // Users sign in again after admin:password.
      const setPassword = await run(
        [
          "node",
          "server/cli/admin-password.ts",
          "--email",
          a.admin.email,
          "--password",
          "Moved-Safely-58",
        ],
        to.cliEnv,
      );
      expect(errors(setPassword.stderr)).toBe("");
      expect(setPassword.code).toBe(0);
      const unknown = await run(
        [
          "node",
          "server/cli/admin-password.ts",
          "--email",
          "nobody@example.com",
          "--password",
          "Moved-Safely-58",
        ],
        to.cliEnv,
      );
      expect(unknown.code).toBe(1);
      expect(errors(unknown.stderr)).toBe(
        "admin:password: no user with the e-mail nobody@example.com",
      );
      const app = await to.start();
      try {
        expect(typeof (await login(app, a.admin.email, "Moved-Safely-58"))).toBe("string");
        const other = await post(app, "/auth/login", {
          body: { email: a.editor.email, password: a.editor.password },
        });
        expect(other.status).toBe(401);
      } finally {
        await app.close({ keep: true });
      }
    } finally {
      await from.cleanup();
      await to.cleanup();
    }
  }, 300_000);
});
