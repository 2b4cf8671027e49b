import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRequest } from "#server/modules/content-import/import-run.ts";
import { type Account, createAccount, createUser } from "#tests/factories/index.ts";
import { buildWxr, importRequest, movingInExport } from "#tests/factories/wxr.ts";
import { importedRowCounts, startOldSite } from "#tests/setup/old-site.ts";
import { commandEnv, runCommand } from "#tests/setup/server-process.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let admin: Account;
let oldSite: Awaited<ReturnType<typeof startOldSite>>;
let dir: string;
let exportFile: string;

const tableCounts = () => importedRowCounts(t.db);

const run = (file: string, overrides: Partial<ImportRequest> = {}, allow = true) =>
  t.services.contentImport.runImport(admin.user, importRequest(file, overrides), {
    allowHosts: allow ? [oldSite.host] : [],
  });

const postBySlug = (slug: string) =>
  t.db.selectFrom("posts").selectAll().where("slug", "=", slug).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, "admin");
  oldSite = await startOldSite();
  await createUser(t, { role: "editor", email: "jane@example.com", username: "jane_here" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-wxr-"));
  exportFile = path.join(dir, "old-site.xml");
  fs.writeFileSync(exportFile, movingInExport(oldSite.url, "JANE@example.com"));
});

afterAll(async () => {
  await oldSite?.close();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("moving in from WordPress", () => {
  it("a dry run counts what would be created, matched, skipped or fail, and changes nothing", async () => {
    const before = await tableCounts();
    const job = await run(exportFile, { dryRun: true });
    expect(job.status, job.error ?? "").toBe("done");
    const { counts, warnings } = job.report!;
    expect(counts.posts).toEqual({ created: 7, matched: 0, skipped: 1, failed: 0 });
    expect(counts.pages).toEqual({ created: 3, matched: 0, skipped: 0, failed: 0 });
    // Sam, and "admin", who wrote the other items but is not in the export's list of authors.
    expect(counts.authors).toEqual({ created: 2, matched: 1, skipped: 0, failed: 0 });
    expect(counts.categories.created).toBe(2);
    expect(counts.tags.created).toBe(1);
    expect(counts.media).toEqual({ created: 4, matched: 0, skipped: 0, failed: 0 });
    // The terms' archives; each post's permalink and ?p= (the draft without a slug: only ?p=);
    // each page's permalink, ?page_id= and the ?p= of its guid.
    expect(counts.redirects.created).toBe(3 + 6 * 2 + 1 + 3 * 3);
    const messages = warnings.map((w) => `${w.item}: ${w.message}`);
    expect(messages).toContain("Post 17 “Old news”: not imported: it was in WordPress's trash");
    expect(messages).toContain(
      "Post 14 “Secret plans”: was private on WordPress: it came in as a draft, not public",
    );
    expect(messages).toContain(
      "1 item: navigation menu items are not imported: rebuild the menus in Site Settings → Menus",
    );
    expect(await tableCounts()).toEqual(before);
    expect(oldSite.total()).toBe(0);
  });

  it("imports posts, pages, terms, authors and images, and answers the old addresses with 301s", async () => {
    const job = await run(exportFile, { missingImages: "keep" });
    expect(job.status, job.error ?? "").toBe("done");
    const { counts, warnings } = job.report!;
    expect(counts.posts.created).toBe(7);
    expect(counts.pages.created).toBe(3);
    expect(counts.media).toEqual({ created: 3, matched: 0, skipped: 0, failed: 1 });
    const messages = warnings.map((w) => `${w.item}: ${w.message}`);
    expect(messages).toContain(
      "Post 10 “Hello & welcome”: shortcodes kept as text: [contact-form-7]",
    );
    expect(
      messages.some((m) =>
        m.includes("missing.jpg: could not be fetched (the old site answered 404)"),
      ),
    ).toBe(true);

    // Only the original of the resized copy was fetched, once.
    expect(oldSite.hits.get("/wp-content/uploads/2019/05/harbour.jpg")).toBe(1);
    expect(oldSite.hits.has("/wp-content/uploads/2019/05/harbour-300x200.jpg")).toBe(false);

    const hello = (await postBySlug("hello-world"))!;
    expect(hello.title).toBe("Hello & welcome");
    expect(hello.status).toBe("published");
    expect(new Date(hello.published_at!).toISOString()).toBe("2019-05-01T10:00:00.000Z");
    expect(hello.excerpt).toBe("A short summary.");
    expect(Boolean(hello.is_featured)).toBe(true);
    expect(hello.meta_title).toBe("Hello & welcome – Old Site");
    expect(hello.meta_description).toBe("All about the launch.");
    expect(hello.featured_image).toMatch(/^\/uploads\/[^/]+$/);
    expect(hello.featured_image_alt).toBe("The tower");
    expect(hello.content).toContain("<figcaption>The harbour at dawn</figcaption>");
    expect(hello.content).toMatch(/<img src="\/uploads\/[^"]+"/);
    expect(hello.content).not.toContain("srcset");
    expect(hello.content).not.toContain(oldSite.host);
    expect(hello.content).toContain('[contact-form-7 id="3" title="Contact"]');
    expect(hello.content).toContain("<p>Second line<br />\nsame paragraph</p>");

    const sam = await t.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "sam@old.example.com")
      .executeTakeFirstOrThrow();
    expect(sam).toMatchObject({
      role: "author",
      status: "inactive",
      first_name: "Sam",
      last_name: "Writer",
    });
    expect(sam.password_hash.startsWith("$argon2")).toBe(false);
    expect(hello.author_id).toBe(sam.id);
    const jane = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "jane@example.com")
      .executeTakeFirstOrThrow();
    const block = (await postBySlug("block-post"))!;
    expect(block.author_id).toBe(jane.id);
    expect(block.content).toContain("<p>Arrays: a[b[0]]&gt; c</p>");
    expect(block.content).not.toContain("wp:");
    expect(block.meta_title).toBe("Blocks – Old Site");

    const gallery = (await postBySlug("photo-gallery"))!;
    expect(gallery.content.match(/<img src="\/uploads\//g)?.length).toBe(2);
    expect(gallery.content).toContain("Watch the video: https://www.youtube.com/watch?v=abc123XYZ");
    // The image that could not be fetched keeps its old address (the operator's choice).
    expect(gallery.content).toContain("/wp-content/uploads/missing.jpg");

    expect((await postBySlug("coming-soon"))!.status).toBe("scheduled");
    expect((await postBySlug("secret-plans"))!.status).toBe("draft");
    expect((await postBySlug("members-area"))!.status).toBe("draft");
    expect((await postBySlug("unfinished"))!.status).toBe("draft");
    expect(await postBySlug("old-news")).toBeUndefined();

    const categories = await t.services.categories.listCategories();
    expect(categories.map((c) => c.slug)).toEqual(expect.arrayContaining(["news", "cafe"]));
    const pages = await t.db.selectFrom("pages").select(["slug", "title"]).execute();
    expect(pages.map((p) => p.slug)).toEqual(
      expect.arrayContaining(["about-page", "about-team", "careers"]),
    );

    const redirects: [string, string][] = [
      ["/2019/05/hello-world/", "/blog/hello-world"],
      ["/?p=10", "/blog/hello-world"],
      ["/index.php?p=11", "/blog/block-post"],
      ["/category/news/", "/blog?category=news"],
      ["/category/caf%C3%A9/", "/blog?category=cafe"],
      ["/tag/launch/", "/blog?tag=launch"],
      ["/about/team/", "/about-team"],
      ["/?page_id=22", "/careers"],
      ["/photo-gallery/", "/blog/photo-gallery"],
    ];
    for (const [from, to] of redirects) {
      const response = await t.request(from, {
        redirect: "manual",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
      // Nothing of the 404 page it replaced (its length, its encoding) goes with it.
      expect(response.headers.get("content-encoding"), from).toBeNull();
      expect(await response.text(), from).toBe("");
    }
    // Drafts and scheduled posts are not there yet: no address leads to them.
    expect((await t.request("/?p=14", { redirect: "manual" })).status).toBe(200);
    expect((await t.request("/secret-plans/", { redirect: "manual" })).status).toBe(404);
    expect((await t.request("/coming-soon/", { redirect: "manual" })).status).toBe(404);

    const audit = await t.db
      .selectFrom("audit_logs")
      .selectAll()
      .where("actor_id", "=", admin.id)
      .execute();
    const entries = audit.map((e) => `${e.action} ${e.entity_type} ${e.entity_label}`);
    expect(entries).toContain("created post Hello & welcome");
    expect(entries).toContain("created page Careers");
    expect(entries).toContain("created category News");
    expect(entries.some((e) => e.startsWith("created user Sam Writer"))).toBe(true);
    expect(entries.filter((e) => e.startsWith("uploaded media")).length).toBe(3);
    expect(entries).toContain("import_finished import old-site.xml");
  });

  it("a child category's archive is answered at its parents' path too", async () => {
    const file = path.join(dir, "nested.xml");
    fs.writeFileSync(
      file,
      buildWxr({
        siteUrl: oldSite.url,
        categories: [
          { slug: "region", name: "Region" },
          { slug: "city", name: "City", parent: "region" },
          { slug: "harbour-news", name: "Harbour News", parent: "city" },
        ],
        items: [
          {
            id: 501,
            title: "Harbour reopens",
            slug: "harbour-reopens",
            categories: ["harbour-news"],
            content: "Boats again.",
          },
        ],
      }),
    );
    expect((await run(file)).status).toBe("done");
    const moved: [string, string][] = [
      ["/category/region/city/harbour-news/", "/blog?category=harbour-news"],
      ["/category/harbour-news/", "/blog?category=harbour-news"],
      ["/category/region/city/", "/blog?category=city"],
    ];
    for (const [from, to] of moved) {
      const response = await t.request(from, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
  });

  it("a published post without a GMT date keeps its local date, not the import's", async () => {
    const file = path.join(dir, "local-date.xml");
    fs.writeFileSync(
      file,
      buildWxr({
        siteUrl: oldSite.url,
        items: [
          {
            id: 601,
            title: "From the old days",
            slug: "from-the-old-days",
            dateGmt: "0000-00-00 00:00:00",
            date: "2019-06-01 08:00:00",
            pubDate: "Thu, 01 Jan 1970 00:00:00 +0000",
            content: "Long ago.",
          },
        ],
      }),
    );
    expect((await run(file)).status).toBe("done");
    const post = await postBySlug("from-the-old-days");
    expect(new Date(post!.published_at as string).toISOString()).toBe("2019-06-01T08:00:00.000Z");
  });

  it("a second run creates nothing and fetches nothing again", async () => {
    const before = await tableCounts();
    const hits = oldSite.total();
    const job = await run(exportFile);
    expect(job.status).toBe("done");
    for (const [kind, outcome] of Object.entries(job.report!.counts)) {
      expect(outcome.created, kind).toBe(0);
    }
    expect(job.report!.counts.posts.matched).toBe(7);
    expect(job.report!.counts.media.matched).toBe(3);
    expect(await tableCounts()).toEqual(before);
    // Only the image that failed the first time is asked for again.
    expect(oldSite.total() - hits).toBe(1);
  });

  it("refuses a cut-off file, a file that is not an export and one in the wrong encoding, changing nothing", async () => {
    const before = await tableCounts();
    const whole = fs.readFileSync(exportFile, "utf8").replace(/hello-world/g, "other-hello");
    const cut = path.join(dir, "cut.xml");
    fs.writeFileSync(cut, whole.slice(0, Math.floor(whole.length * 0.7)));
    const cutJob = await run(cut);
    expect(cutJob.status).toBe("failed");
    expect(cutJob.error).toBe(
      "The file ends too soon: it was cut off while downloading or uploading. Export it again.",
    );

    const notWxr = path.join(dir, "ghost.json");
    fs.writeFileSync(notWxr, '{"db":[{"data":{"posts":[]}}]}');
    expect((await run(notWxr)).error).toBe(
      "This file is not a WordPress export: it looks like a Ghost export (JSON). Choose Ghost as the source, or the .xml file from WordPress's Tools → Export.",
    );
    const latin = path.join(dir, "latin.xml");
    fs.writeFileSync(
      latin,
      Buffer.concat([
        Buffer.from(whole.slice(0, 400)),
        Buffer.from([0xe9, 0xff]),
        Buffer.from(whole.slice(400)),
      ]),
    );
    expect((await run(latin)).error).toMatch(/^The file is not valid UTF-8/);
    expect(await tableCounts()).toEqual(before);
  });

  it("reads a gzipped export, never fetches a private host unless allowed, and removes what it could not fetch when told", async () => {
    const file = path.join(dir, "small.xml.gz");
    fs.writeFileSync(
      file,
      gzipSync(
        buildWxr({
          siteUrl: "https://small.example.com",
          items: [
            {
              id: 5,
              title: "Zipped",
              content: `<p>Text</p>\n\n<figure><img src="${oldSite.url}/wp-content/uploads/local.jpg" alt=""></figure>`,
            },
          ],
        }),
      ),
    );
    const hits = oldSite.total();
    const job = await run(file, { missingImages: "remove" }, false);
    expect(job.status, job.error ?? "").toBe("done");
    expect(job.report!.counts.media.failed).toBe(1);
    expect(job.report!.warnings.map((w) => w.message).join("\n")).toContain(
      "the host 127.0.0.1 is a private or local address",
    );
    expect(oldSite.total()).toBe(hits);
    const zipped = (await postBySlug("zipped"))!;
    expect(zipped.content).toBe("<p>Text</p>");
  });

  it("npm run import:wordpress runs the same import from the command line, here a dry run", async () => {
    const before = await tableCounts();
    const {
      code,
      stdout: out,
      stderr: err,
    } = await runCommand(
      "npm",
      ["run", "--silent", "import:wordpress", "--", exportFile, "--dry-run"],
      commandEnv(t),
    );
    expect(code, err).toBe(0);
    expect(err).toContain("Checking authors, terms, posts and pages [");
    expect(out).toContain("Dry run: nothing was written. An import would do this:");
    expect(out).toMatch(/Posts\s+0\s+7\s+1\s+0/);
    expect(await tableCounts()).toEqual(before);
  }, 120_000);
});
