import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { exportSite, readSiteDocument } from "#server/maintenance/transfer-export.ts";
import { importSite } from "#server/maintenance/transfer-import.ts";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createPost,
  createService,
  del,
  expectError,
  expectFieldError,
  expectOk,
  get,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createSchema, dropSchema, TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

type Summary = {
  id: number;
  created_at: string;
  author: { id: number; name: string } | null;
  reason: string;
  title: string;
};

describe("revisions of posts, pages and services", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function revisions(base: string, id: number, token = a.admin.token): Promise<Summary[]> {
    const result = await get(t, `${base}/${id}/revisions`, { token });
    expectOk(result);
    return result.body.data;
  }

  async function setRevisionsToKeep(value: number) {
    expectOk(
      await put(t, "/settings/general", { token: a.admin.token, body: { revisionsToKeep: value } }),
    );
  }

  it("keeps a revision on every save, publish and unpublish of a post, newest first, with who and why", async () => {
    const created = await createPost(t, a.author.token, { status: "draft", title: "First words" });
    const base = "/blog/posts";
    expect((await revisions(base, created.id)).map((r) => r.reason)).toEqual(["save"]);

    expectOk(
      await put(t, `${base}/${created.id}`, {
        token: a.author.token,
        body: { title: "Second words" },
      }),
    );
    expectOk(
      await put(t, `${base}/${created.id}`, {
        token: a.author.token,
        body: { status: "published" },
      }),
    );
    expectOk(
      await put(t, `${base}/${created.id}`, { token: a.author.token, body: { status: "draft" } }),
    );
    // Bulk status changes are saves too.
    expectOk(
      await post(t, `${base}/bulk`, {
        token: a.editor.token,
        body: { action: "publish", ids: [created.id] },
      }),
    );
    expectOk(
      await post(t, `${base}/bulk`, {
        token: a.editor.token,
        body: { action: "draft", ids: [created.id] },
      }),
    );

    const list = await revisions(base, created.id, a.author.token);
    expect(list.map((r) => r.reason)).toEqual([
      "unpublish",
      "publish",
      "unpublish",
      "publish",
      "save",
      "save",
    ]);
    expect(list.map((r) => r.title)).toEqual([
      "Second words",
      "Second words",
      "Second words",
      "Second words",
      "Second words",
      "First words",
    ]);
    expect(list[0]!.author?.id).toBe(a.editor.id);
    expect(list.at(-1)!.author).toEqual({ id: a.author.id, name: expect.any(String) });
    expect(list.at(-1)!.author!.name.length).toBeGreaterThan(0);

    // The save's own audit entry is written with it; a revision adds none of its own.
    const audit = await get(t, "/audit-log?entity_type=post&limit=200", { token: a.admin.token });
    const actions = (audit.body.data.entries as { entity_id: string; action: string }[])
      .filter((e) => e.entity_id === String(created.id))
      .map((e) => e.action);
    expect(actions).toContain("updated");
    expect(actions).not.toContain("revision_restored");
  });

  it("a revision holds the post's fields as saved: content, categories, tags and SEO fields", async () => {
    const category = await createCategory(t, a.admin.token);
    const created = await createPost(t, a.editor.token, {
      title: "Snapshot post",
      excerpt: "The excerpt",
      content: "<p>The original body</p>",
      categories: [category.name],
      tags: ["revisions-tag"],
      meta_title: "SEO title",
      meta_description: "SEO description",
      featured_image: "/uploads/picture.png",
    });
    const [only] = await revisions("/blog/posts", created.id);
    expect(only!.reason).toBe("publish");
    const result = await get(t, `/blog/posts/${created.id}/revisions/${only!.id}`, {
      token: a.editor.token,
    });
    expectOk(result);
    expect(result.body.data).toMatchObject({
      id: only!.id,
      reason: "publish",
      title: "Snapshot post",
      snapshot: {
        title: "Snapshot post",
        slug: created.slug,
        excerpt: "The excerpt",
        content: "<p>The original body</p>",
        categories: [category.name],
        tags: ["revisions-tag"],
        meta_title: "SEO title",
        meta_description: "SEO description",
        featured_image: "/uploads/picture.png",
        status: "published",
      },
    });
  });

  it("restore brings the old content back as a new revision, audited, and answers the post as GET does", async () => {
    const created = await createPost(t, a.author.token, {
      title: "Old title",
      content: "<p>The old text</p>",
    });
    expectOk(
      await put(t, `/blog/posts/${created.id}`, {
        token: a.author.token,
        body: { title: "New title", content: "<p>The new text</p>" },
      }),
    );
    const before = await revisions("/blog/posts", created.id, a.author.token);
    const oldest = before.at(-1)!;

    const restored = await post(t, `/blog/posts/${created.id}/revisions/${oldest.id}/restore`, {
      token: a.author.token,
    });
    expectOk(restored);
    expect(restored.body.message).toBe("Revision restored");
    expect(restored.body.data).toMatchObject({
      id: created.id,
      title: "Old title",
      content: "<p>The old text</p>",
      slug: created.slug,
      status: "published",
    });
    const read = await get(t, `/blog/posts/id/${created.id}`, { token: a.author.token });
    expect(read.body.data.content).toBe("<p>The old text</p>");
    expect(restored.body.data).toEqual(read.body.data);

    const after = await revisions("/blog/posts", created.id, a.author.token);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ reason: "restore", title: "Old title" });

    const audit = await get(t, "/audit-log?entity_type=post&limit=200", { token: a.admin.token });
    const entry = (audit.body.data.entries as any[]).find(
      (e) => e.entity_id === String(created.id) && e.action === "revision_restored",
    );
    expect(entry).toBeDefined();
    expect(entry.actor_id).toBe(a.author.id);
  });

  it("a document without revisions (seeded, imported, older) keeps how it was before its first save", async () => {
    // The starter Terms page is seeded with the site: it has no revision.
    const terms = await t.db
      .selectFrom("pages")
      .select(["id", "title", "content", "updated_at"])
      .where("slug", "=", "terms")
      .executeTakeFirstOrThrow();
    expect(await revisions("/pages", terms.id)).toEqual([]);
    expectOk(
      await put(t, `/pages/${terms.id}`, {
        token: a.admin.token,
        body: { content: "<p>Our own terms.</p>" },
      }),
    );
    const list = await revisions("/pages", terms.id);
    expect(list).toHaveLength(2);
    expect(list[0]!.author?.id).toBe(a.admin.id);
    expect(Date.parse(list[1]!.created_at)).toBe(Date.parse(String(terms.updated_at)));
    const original = await get(t, `/pages/${terms.id}/revisions/${list[1]!.id}`, {
      token: a.admin.token,
    });
    expect(original.body.data.snapshot).toMatchObject({
      title: terms.title,
      content: terms.content,
    });
    const restored = await post(t, `/pages/${terms.id}/revisions/${list[1]!.id}/restore`, {
      token: a.admin.token,
    });
    expectOk(restored);
    expect(restored.body.data.content).toBe(terms.content);

    // A bulk status change is a first save too; a second save adds no second "before".
    const moved = await createPost(t, a.author.token, { title: "Moved in" });
    await t.db.deleteFrom("revisions").where("document_id", "=", moved.id).execute();
    const bulk = { action: "draft", ids: [moved.id] };
    expectOk(await post(t, "/blog/posts/bulk", { token: a.editor.token, body: bulk }));
    const afterBulk = await revisions("/blog/posts", moved.id);
    expect(afterBulk.map((r) => [r.reason, r.title])).toEqual([
      ["unpublish", "Moved in"],
      ["save", "Moved in"],
    ]);
    const snapshot = async (id: number) =>
      (await get(t, `/blog/posts/${moved.id}/revisions/${id}`, { token: a.admin.token })).body.data
        .snapshot;
    expect(await snapshot(afterBulk[1]!.id)).toMatchObject({ status: "published" });
    expectOk(
      await put(t, `/blog/posts/${moved.id}`, { token: a.author.token, body: { title: "Again" } }),
    );
    expect(await revisions("/blog/posts", moved.id)).toHaveLength(3);
  });

  it("a save that is refused keeps no revision (the revision is written in the save's transaction)", async () => {
    const taken = await createPost(t, a.editor.token);
    const created = await createPost(t, a.editor.token, { title: "Before the refusal" });
    const refused = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "Never saved", slug: taken.slug },
    });
    expectError(refused, 409);
    const list = await revisions("/blog/posts", created.id);
    expect(list.map((r) => r.title)).toEqual(["Before the refusal"]);
  });

  it("a restore leaves out a tag deleted since, and keeps the post's address and status", async () => {
    const tag = await post(t, "/blog/tags", {
      token: a.admin.token,
      body: { name: unique("Gone") },
    });
    expectOk(tag, 201);
    const created = await createPost(t, a.editor.token, {
      title: "Tagged",
      tags: [tag.body.data.name, "revisions-kept"],
      status: "draft",
    });
    expectOk(
      await put(t, `/blog/posts/${created.id}`, {
        token: a.editor.token,
        body: { title: "Renamed", slug: unique("renamed"), tags: [], status: "published" },
      }),
    );
    expectOk(await del(t, `/blog/tags/${tag.body.data.id}`, { token: a.admin.token }));
    const oldest = (await revisions("/blog/posts", created.id)).at(-1)!;
    const restored = await post(t, `/blog/posts/${created.id}/revisions/${oldest.id}/restore`, {
      token: a.editor.token,
    });
    expectOk(restored);
    expect(restored.body.data.title).toBe("Tagged");
    expect(restored.body.data.tags.map((t: { name: string }) => t.name)).toEqual([
      "revisions-kept",
    ]);
    expect(restored.body.data.slug).not.toBe(created.slug);
    expect(restored.body.data.status).toBe("published");
  });

  it("prunes the oldest revisions past the setting, and 0 keeps them all", async () => {
    try {
      await setRevisionsToKeep(3);
      const created = await createPost(t, a.editor.token, { title: "Edit 0" });
      for (let n = 1; n <= 5; n++) {
        expectOk(
          await put(t, `/blog/posts/${created.id}`, {
            token: a.editor.token,
            body: { title: `Edit ${n}` },
          }),
        );
      }
      expect((await revisions("/blog/posts", created.id)).map((r) => r.title)).toEqual([
        "Edit 5",
        "Edit 4",
        "Edit 3",
      ]);

      await setRevisionsToKeep(0);
      for (let n = 6; n <= 8; n++) {
        expectOk(
          await put(t, `/blog/posts/${created.id}`, {
            token: a.editor.token,
            body: { title: `Edit ${n}` },
          }),
        );
      }
      expect((await revisions("/blog/posts", created.id)).map((r) => r.title)).toEqual([
        "Edit 8",
        "Edit 7",
        "Edit 6",
        "Edit 5",
        "Edit 4",
        "Edit 3",
      ]);
    } finally {
      await setRevisionsToKeep(50);
    }
  });

  it("the setting is a whole number from 0 to 1000, named in the refusal", async () => {
    const general = await get(t, "/settings/general", { token: a.admin.token });
    expect(general.body.data.revisionsToKeep).toBe(50);
    for (const [value, message] of [
      [-1, "Revisions to keep must be between 0 and 1000"],
      [1001, "Revisions to keep must be between 0 and 1000"],
      [2.5, "Revisions to keep must be a whole number"],
      ["", "Revisions to keep must be a number"],
      ["many", "Revisions to keep must be a number"],
    ] as const) {
      const result = await put(t, "/settings/general", {
        token: a.admin.token,
        body: { revisionsToKeep: value },
      });
      expectFieldError(result, "revisionsToKeep", message);
    }
  });

  it("an author sees and restores revisions of their own posts only", async () => {
    const theirs = await createPost(t, a.otherAuthor.token, { title: "Not yours" });
    const [revision] = await revisions("/blog/posts", theirs.id, a.otherAuthor.token);
    const paths = [
      ["GET", `/blog/posts/${theirs.id}/revisions`],
      ["GET", `/blog/posts/${theirs.id}/revisions/${revision!.id}`],
      ["POST", `/blog/posts/${theirs.id}/revisions/${revision!.id}/restore`],
    ] as const;
    for (const [method, url] of paths) {
      const call = method === "GET" ? get : post;
      expectError(await call(t, url, { token: a.author.token }), 403);
      expectError(await call(t, url), 401);
    }
    // Editors may, as they may edit it.
    expect(await revisions("/blog/posts", theirs.id, a.editor.token)).toHaveLength(1);
    // Pages and services are for those who manage them.
    const page = await post(t, "/pages", {
      token: a.editor.token,
      body: { title: "A page", slug: unique("page"), content: "<p>x</p>" },
    });
    expectError(
      await get(t, `/pages/${page.body.data.id}/revisions`, { token: a.author.token }),
      403,
    );
    // Whether such a page or service exists is not theirs to learn either: the role first.
    expectError(await get(t, "/pages/999999/revisions", { token: a.author.token }), 403);
    expectError(await get(t, "/services/999999/revisions", { token: a.author.token }), 403);
  });

  it("answers 404 for an unknown document, an unknown revision or another document's revision", async () => {
    const one = await createPost(t, a.editor.token);
    const two = await createPost(t, a.editor.token);
    const [ofTwo] = await revisions("/blog/posts", two.id);
    const token = a.editor.token;
    expectError(await get(t, "/blog/posts/999999/revisions", { token }), 404);
    expectError(await get(t, `/blog/posts/${one.id}/revisions/999999`, { token }), 404);
    expectError(await get(t, `/blog/posts/${one.id}/revisions/${ofTwo!.id}`, { token }), 404);
    expectError(
      await post(t, `/blog/posts/${one.id}/revisions/${ofTwo!.id}/restore`, { token }),
      404,
    );
    expectError(await get(t, "/pages/999999/revisions", { token }), 404);
    expectError(await get(t, "/services/999999/revisions", { token }), 404);
    expectError(await get(t, `/blog/posts/${one.id}/revisions/abc`, { token }), 400);
  });

  it("pages keep revisions of saves, publishing and restores", async () => {
    const token = a.editor.token;
    const created = await post(t, "/pages", {
      token,
      body: {
        title: "Careers",
        slug: unique("careers"),
        content: "<p>We hire.</p>",
        status: "draft",
      },
    });
    expectOk(created, 201);
    const id = created.body.data.id;
    expectOk(
      await put(t, `/pages/${id}`, {
        token,
        body: { content: "<p>We do not hire.</p>", status: "published" },
      }),
    );
    expectOk(await post(t, "/pages/bulk", { token, body: { action: "draft", ids: [id] } }));
    const list = await revisions("/pages", id);
    expect(list.map((r) => r.reason)).toEqual(["unpublish", "publish", "save"]);

    const first = await get(t, `/pages/${id}/revisions/${list[2]!.id}`, { token });
    expectOk(first);
    expect(first.body.data.snapshot).toMatchObject({ content: "<p>We hire.</p>", status: "draft" });

    const restored = await post(t, `/pages/${id}/revisions/${list[2]!.id}/restore`, { token });
    expectOk(restored);
    expect(restored.body.data).toMatchObject({ id, content: "<p>We hire.</p>", status: "draft" });
    expect((await get(t, `/pages/${id}`, { token })).body.data.content).toBe("<p>We hire.</p>");
    expect((await revisions("/pages", id))[0]!.reason).toBe("restore");

    // A deleted page's revisions go with it.
    expectOk(await del(t, `/pages/${id}`, { token }));
    expectError(await get(t, `/pages/${id}/revisions`, { token }), 404);
  });

  it("services keep revisions of saves and restores", async () => {
    const token = a.editor.token;
    const service = await createService(t, token, { description: "Old description" });
    expectOk(
      await put(t, `/services/${service.id}`, {
        token,
        body: {
          title: service.title,
          slug: service.slug,
          description: "New description",
          icon: service.icon,
          details: service.details,
        },
      }),
    );
    const list = await revisions("/services", service.id);
    expect(list.map((r) => r.reason)).toEqual(["save", "save"]);
    const old = await get(t, `/services/${service.id}/revisions/${list[1]!.id}`, { token });
    expect(old.body.data.snapshot).toMatchObject({ description: "Old description" });

    const restored = await post(t, `/services/${service.id}/revisions/${list[1]!.id}/restore`, {
      token,
    });
    expectOk(restored);
    expect(restored.body.data).toMatchObject({ id: service.id, description: "Old description" });
    expect((await revisions("/services", service.id))[0]!.reason).toBe("restore");
    expectError(await get(t, `/services/${service.id}/revisions`, { token: a.author.token }), 403);
  });

  it("revisions travel in an export and come back with an import", async () => {
    const created = await createPost(t, a.editor.token, { title: "Travelling post" });
    expectOk(
      await put(t, `/blog/posts/${created.id}`, {
        token: a.editor.token,
        body: { title: "Travelling post, edited" },
      }),
    );
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-revisions-"));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-revisions-target-"));
    const schema = TEST_DB === "postgres" ? `r_${randomBytes(6).toString("hex")}` : undefined;
    try {
      if (schema) await createSchema(schema);
      const exported = await exportSite(t.config, {
        output: path.join(work, "site.json"),
        jsonOnly: true,
        schema: t.schema,
      });
      const document = JSON.parse(fs.readFileSync(exported.file, "utf8"));
      const ofPost = document.revisions.filter(
        (r: any) => r.document_type === "post" && r.document_id === created.id,
      );
      expect(ofPost.map((r: any) => r.snapshot.title)).toEqual([
        "Travelling post",
        "Travelling post, edited",
      ]);

      const target = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        DATABASE_URL: schema ? TEST_DATABASE_URL : "",
      });
      await importSite(target, exported.file, { schema });
      const again = await readSiteDocument(target, { schema });
      expect(again.revisions).toEqual(document.revisions);
    } finally {
      if (schema) await dropSchema(schema).catch(() => {});
      fs.rmSync(work, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
