import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGhostExport, movingInGhostExport } from "#tests/factories/ghost.ts";
import {
  type Account,
  createAccount,
  createUser,
  expectError,
  expectFieldError,
  expectOk,
  get,
  post,
} from "#tests/factories/index.ts";
import { importedRowCounts, startOldSite } from "#tests/setup/old-site.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** Moving in from Ghost through the admin's calls: upload, dry run, import, report. */

let t: TestApp;
let admin: Account;
let editor: Account;
let oldSite: Awaited<ReturnType<typeof startOldSite>>;
let file: string;

const tableCounts = () => importedRowCounts(t.db);

/** Sends the export and waits for its job to end; answers the finished job. */
async function upload(body: string, query: Record<string, string>, token = admin.token) {
  const search = new URLSearchParams({ source: "ghost", fileName: "ghost-export.json", ...query });
  const started = await post(t, `/imports?${search}`, {
    token,
    raw: body,
    headers: { "content-type": "application/json" },
  });
  return started;
}

async function finished(id: number) {
  await t.services.contentImport.idle();
  const result = await get(t, `/imports/${id}`, { token: admin.token });
  expectOk(result);
  return result.body.data;
}

const postBySlug = (slug: string) =>
  t.db.selectFrom("posts").selectAll().where("slug", "=", slug).executeTakeFirst();

beforeAll(async () => {
  oldSite = await startOldSite();
  t = await createTestApp({ env: { IMPORT_ALLOW_HOSTS: oldSite.host } });
  admin = await createAccount(t, "admin");
  editor = await createAccount(t, "editor");
  await createUser(t, { role: "author", email: "kai@example.com", username: "kai_here" });
  file = movingInGhostExport("kai@example.com");
});

afterAll(async () => {
  await oldSite?.close();
  await t?.close();
});

describe("moving in from Ghost from the admin", () => {
  it("is for admins, and names a bad choice or a missing file", async () => {
    expectError(await upload(file, {}, editor.token), 403);
    expectError(await post(t, "/imports?source=ghost&fileName=a.json", { raw: file }), 401);
    expectFieldError(
      await upload(file, { source: "drupal" }),
      "source",
      "source must be wordpress or ghost",
    );
    expectFieldError(await upload("", {}), "file", "Choose an export file to import");
    expectError(await get(t, "/imports/999999", { token: admin.token }), 404, "Import not found");
  });

  it("a dry run reports the counts and warnings and changes nothing; its import follows", async () => {
    const before = await tableCounts();
    const started = await upload(file, { dryRun: "true", siteUrl: oldSite.url });
    expectOk(started, 201);
    expect(started.body.data).toMatchObject({ source: "ghost", dryRun: true, status: "running" });
    const dry = await finished(started.body.data.id);
    expect(dry.status, dry.error).toBe("done");
    expect(dry.report.counts.posts).toEqual({ created: 6, matched: 0, skipped: 0, failed: 0 });
    expect(dry.report.counts.pages).toEqual({ created: 2, matched: 0, skipped: 0, failed: 0 });
    expect(dry.report.counts.authors).toEqual({ created: 1, matched: 1, skipped: 0, failed: 0 });
    expect(dry.report.counts.categories.created).toBe(2);
    expect(dry.report.counts.tags.created).toBe(1);
    expect(dry.report.counts.media.created).toBe(2);
    expect(dry.report.counts.redirects.created).toBe(3 + 6 + 2);
    const messages = dry.report.warnings.map((w: any) => `${w.item}: ${w.message}`);
    expect(messages).toContain(
      "Post members-only “Members only”: was for members readers only: it came in as a draft, not public",
    );
    expect(messages).toContain("Tags: 1 internal (#) tag left out");
    expect(messages.some((m: string) => m.startsWith("Page about “About”: /about is one of"))).toBe(
      true,
    );
    expect(await tableCounts()).toEqual(before);
    expect(oldSite.total()).toBe(0);

    const imported = await post(t, `/imports/${dry.id}/import`, { token: admin.token });
    expectOk(imported, 201);
    const job = await finished(imported.body.data.id);
    expect(job.status, job.error).toBe("done");
    expect(job.dryRun).toBe(false);
    expect(job.done).toBe(job.total);
    expect(job.report.counts.posts.created).toBe(6);

    const hello = (await postBySlug("ghost-hello"))!;
    expect(hello.content).toMatch(/<figure><img src="\/uploads\/[^"]+" alt="Inline" \/><\/figure>/);
    expect(hello.content).not.toContain("__GHOST_URL__");
    expect(hello.featured_image).toMatch(/^\/uploads\//);
    expect(hello.featured_image_alt).toBe("The cover");
    expect(Boolean(hello.is_featured)).toBe(true);
    expect(hello).toMatchObject({
      status: "published",
      excerpt: "Ghost's own excerpt.",
      meta_title: "Ghost SEO title",
      meta_description: "Ghost SEO description.",
    });
    expect(oldSite.hits.get("/content/images/2024/02/inline.jpg")).toBe(1);
    expect(oldSite.hits.has("/content/images/size/w600/2024/02/inline.jpg")).toBe(false);

    const shown = await get(t, "/blog/posts/ghost-hello");
    expect(shown.body.data.categories.map((c: any) => c.name)).toEqual(["News"]);
    expect(shown.body.data.tags.map((c: any) => c.name)).toEqual(["Launch"]);

    const lexical = (await postBySlug("lexical-story"))!;
    expect(lexical.content).toBe("<h2>A heading</h2>\n<p>Plain and <strong>bold</strong></p>");
    const kai = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "kai@example.com")
      .executeTakeFirstOrThrow();
    expect(lexical.author_id).toBe(kai.id);
    expect((await postBySlug("mobiledoc-story"))!.content).toBe("<p>Written in the old editor</p>");
    expect((await postBySlug("ghost-later"))!.status).toBe("scheduled");
    expect((await postBySlug("members-only"))!.status).toBe("draft");
    expect((await postBySlug("ghost-draft"))!.status).toBe("draft");
    const rina = await t.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "rina@old.example.com")
      .executeTakeFirstOrThrow();
    expect(rina).toMatchObject({ role: "author", status: "inactive" });
    expect(hello.author_id).toBe(rina.id);
    const pages = await t.db.selectFrom("pages").select("slug").execute();
    expect(pages.map((p) => p.slug)).toEqual(expect.arrayContaining(["about-page", "colophon"]));

    for (const [from, to] of [
      ["/ghost-hello/", "/blog/ghost-hello"],
      ["/tag/news/", "/blog?category=news"],
      ["/tag/launch/", "/blog?tag=launch"],
    ]) {
      const response = await t.request(from!, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
    expect((await t.request("/members-only/", { redirect: "manual" })).status).toBe(404);

    // The dry run's file went with its import.
    expectError(
      await post(t, `/imports/${dry.id}/import`, { token: admin.token }),
      409,
      "The file of this dry run is gone: upload it again",
    );
    const list = await get(t, "/imports", { token: admin.token });
    expect(list.body.data.map((j: any) => j.id)).toEqual([job.id, dry.id]);
  });

  it("a second import creates nothing, and a cut-off file fails clearly and changes nothing", async () => {
    const before = await tableCounts();
    const again = await finished(
      (await upload(file, { dryRun: "false", siteUrl: oldSite.url })).body.data.id,
    );
    expect(again.status).toBe("done");
    for (const [kind, outcome] of Object.entries(again.report.counts) as [string, any][]) {
      expect(outcome.created, kind).toBe(0);
    }
    expect(again.report.counts.posts.matched).toBe(6);

    const cut = await finished(
      (await upload(file.slice(0, Math.floor(file.length / 2)), { dryRun: "false" })).body.data.id,
    );
    expect(cut.status).toBe("failed");
    expect(cut.error).toBe(
      "The file ends too soon or is damaged: it was cut off while downloading or uploading. Export it again.",
    );
    const wxr = await finished((await upload("<rss><channel></channel></rss>", {})).body.data.id);
    expect(wxr.error).toBe(
      "This file is not a Ghost export: it looks like a WordPress export (XML). Choose WordPress as the source, or the .json file from Ghost's Settings → Advanced → Export content.",
    );
    expect(await tableCounts()).toEqual(before);
  });

  it("a dry run counts an old address the file gives twice once, as the import does", async () => {
    // "Bridges" leads one post (its category) and follows in another (a tag): both
    // would answer /tag/bridges/, which leads to one of them.
    const twice = buildGhostExport({
      tags: [
        { id: "b1", name: "Bridges", slug: "bridges" },
        { id: "b2", name: "Rivers", slug: "rivers" },
      ],
      posts: [
        { id: "bp1", title: "Bridge first", tags: ["b1", "b2"] },
        { id: "bp2", title: "River first", tags: ["b2", "b1"] },
      ],
    });
    const dry = await finished((await upload(twice, { dryRun: "true" })).body.data.id);
    expect(dry.status, dry.error).toBe("done");
    const done = await finished(
      (await post(t, `/imports/${dry.id}/import`, { token: admin.token })).body.data.id,
    );
    expect(done.status, done.error).toBe("done");
    expect(done.report.counts.redirects.created).toBeGreaterThan(0);
    expect(dry.report.counts.redirects).toEqual(done.report.counts.redirects);
  });

  it("reports what it had to change: a title cut to 200 characters, a date it could not read, a file of the wrong shape", async () => {
    const long = `${"A long title ".repeat(31)}end`;
    const odd = buildGhostExport({
      posts: [
        { id: "lt1", title: long, slug: "long-title", html: "<p>Text</p>" },
        {
          id: "bd1",
          title: "Undated",
          slug: "undated-news",
          publishedAt: "not a date",
          html: "<p>Text</p>",
        },
        {
          id: "bd2",
          title: "Undated later",
          slug: "undated-later",
          status: "scheduled",
          publishedAt: "soon",
          html: "<p>Text</p>",
        },
      ],
    });
    const dry = await finished((await upload(odd, { dryRun: "true" })).body.data.id);
    expect(dry.status, dry.error).toBe("done");
    const messages = dry.report.warnings.map((w: any) => w.message);
    expect(messages).toContain("the title was longer than 200 characters and was shortened");
    expect(messages).toContain(
      "its publish date could not be read: it is dated the time of the import",
    );
    expect(messages).toContain(
      "its publish date could not be read: it came in as a draft, not scheduled",
    );
    const done = await finished(
      (await post(t, `/imports/${dry.id}/import`, { token: admin.token })).body.data.id,
    );
    expect(done.status, done.error).toBe("done");
    const title = (await postBySlug("long-title"))!.title;
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title.endsWith("…")).toBe(true);
    expect((await postBySlug("undated-later"))!.status).toBe("draft");

    const wrongShape = '{"db":[{"meta":{},"data":{"posts":"nope"}}]}';
    const failed = await finished((await upload(wrongShape, {})).body.data.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("This file is not a Ghost export");
  });

  it("a job whose process ended (a killed command) shows as stopped, so the Import screen is free again", async () => {
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    const { id } = await t.db
      .insertInto("import_jobs")
      .values({
        source: "wordpress",
        file_name: "killed.xml",
        dry_run: false,
        status: "running",
        options: "{}",
        report: null,
        error: null,
        created_by: admin.id,
        created_at: long,
        updated_at: long,
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const list = await get(t, "/imports", { token: admin.token });
    expect(list.body.data.find((j: any) => j.id === id)).toMatchObject({
      status: "failed",
      error: "The process running this import ended. What was imported stays; run it again.",
    });
    expect((await get(t, `/imports/${id}`, { token: admin.token })).body.data.status).toBe(
      "failed",
    );
  });
});
