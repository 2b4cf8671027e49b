import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccount,
  createAccounts,
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
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("autosave and presence", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  it("deleting a post deletes its autosaves, revisions and preview links with it", async () => {
    const created = await createPost(t, a.editor.token, { title: "Soon gone", status: "draft" });
    expectOk(
      await put(t, `/blog/posts/${created.id}/autosave`, {
        token: a.editor.token,
        body: { fields: { title: "Typing…" }, version: 1 },
      }),
    );
    expectOk(
      await post(t, `/blog/posts/${created.id}/preview-links`, { token: a.editor.token, body: {} }),
      201,
    );
    const trail = async () => {
      const counts = [];
      for (const table of ["autosaves", "revisions", "preview_links"] as const) {
        const rows = await t.db
          .selectFrom(table)
          .select("id")
          .where("document_type", "=", "post")
          .where("document_id", "=", created.id)
          .execute();
        counts.push(rows.length);
      }
      return counts;
    };
    expect(await trail()).toEqual([1, 1, 1]);
    expectOk(await del(t, `/blog/posts/${created.id}`, { token: a.editor.token }));
    expect(await trail()).toEqual([0, 0, 0]);
  });

  it("keeps one autosave per user, written over in place, without touching the live post", async () => {
    const created = await createPost(t, a.editor.token, { title: "Live title" });
    const first = await put(t, `/blog/posts/${created.id}/autosave`, {
      token: a.editor.token,
      body: { fields: { title: "Typing…", content: "<p>Half a thought</p>" }, version: 1 },
    });
    expectOk(first);
    expect(first.body.data).toMatchObject({
      document_type: "post",
      document_id: created.id,
      fields: { title: "Typing…" },
      version: 1,
    });
    const second = await put(t, `/blog/posts/${created.id}/autosave`, {
      token: a.editor.token,
      body: { fields: { title: "Typing more", content: "<p>A whole thought</p>" }, version: 1 },
    });
    expectOk(second);

    const rows = await t.db
      .selectFrom("autosaves")
      .selectAll()
      .where("document_id", "=", created.id)
      .where("document_type", "=", "post")
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.data)).toEqual({
      title: "Typing more",
      content: "<p>A whole thought</p>",
    });

    const live = await get(t, `/blog/posts/id/${created.id}`, { token: a.editor.token });
    expect(live.body.data).toMatchObject({ title: "Live title", version: 1 });
    const mine = await get(t, `/blog/posts/${created.id}/autosave`, { token: a.editor.token });
    expectOk(mine);
    expect(mine.body.data.fields).toEqual({
      title: "Typing more",
      content: "<p>A whole thought</p>",
    });
  });

  it("each user reads only their own autosave; none is a 404", async () => {
    const created = await createPost(t, a.author.token);
    expectOk(
      await put(t, `/blog/posts/${created.id}/autosave`, {
        token: a.author.token,
        body: { fields: { title: "The author's draft" } },
      }),
    );
    const admins = await get(t, `/blog/posts/${created.id}/autosave`, { token: a.admin.token });
    expectError(admins, 404, "You have no autosave of this post");
    expectOk(
      await put(t, `/blog/posts/${created.id}/autosave`, {
        token: a.admin.token,
        body: { fields: { title: "The admin's draft" } },
      }),
    );
    const authors = await get(t, `/blog/posts/${created.id}/autosave`, { token: a.author.token });
    expect(authors.body.data.fields.title).toBe("The author's draft");
    const again = await get(t, `/blog/posts/${created.id}/autosave`, { token: a.admin.token });
    expect(again.body.data.fields.title).toBe("The admin's draft");
  });

  it("an explicit save removes the saver's autosave, not another user's", async () => {
    const created = await createPost(t, a.editor.token);
    for (const token of [a.editor.token, a.admin.token]) {
      expectOk(
        await put(t, `/blog/posts/${created.id}/autosave`, {
          token,
          body: { fields: { title: "Unsaved" } },
        }),
      );
    }
    expectOk(
      await put(t, `/blog/posts/${created.id}`, {
        token: a.editor.token,
        body: { title: "Saved for real", version: 1 },
      }),
    );
    expectError(await get(t, `/blog/posts/${created.id}/autosave`, { token: a.editor.token }), 404);
    expectOk(await get(t, `/blog/posts/${created.id}/autosave`, { token: a.admin.token }));
  });

  it("discarding deletes it; discarding again is a 404", async () => {
    const created = await createPost(t, a.editor.token);
    const url = `/blog/posts/${created.id}/autosave`;
    expectOk(await put(t, url, { token: a.editor.token, body: { fields: { title: "x" } } }));
    const gone = await del(t, url, { token: a.editor.token });
    expectOk(gone);
    expect(gone.body.message).toBe("Autosave discarded");
    expectError(await get(t, url, { token: a.editor.token }), 404);
    expectError(await del(t, url, { token: a.editor.token }), 404);
  });

  it("refuses bad input naming the field", async () => {
    const created = await createPost(t, a.editor.token);
    const url = `/blog/posts/${created.id}/autosave`;
    expectFieldError(
      await put(t, url, { token: a.editor.token, body: { fields: { title: 42 } } }),
      "fields.title",
      "title must be text",
    );
    expectFieldError(
      await put(t, url, { token: a.editor.token, body: { fields: { title: "x".repeat(301) } } }),
      "fields.title",
      "title must be at most 300 characters",
    );
    const unknown = await put(t, url, {
      token: a.editor.token,
      body: { fields: { colour: "red" } },
    });
    expectError(unknown, 400);
    expect(unknown.body.errors.fields).toBe("Unknown field: colour");
    expectFieldError(
      await put(t, url, { token: a.editor.token, body: { fields: {}, version: 0 } }),
      "version",
      "version must be a whole number of 1 or more",
    );
    expectError(await put(t, url, { token: a.editor.token, body: { title: "x" } }), 400);
  });

  it("allows it to whoever may edit the document, and nobody else", async () => {
    const authors = await createPost(t, a.author.token);
    const url = `/blog/posts/${authors.id}/autosave`;
    const body = { fields: { title: "Mine" } };
    expectError(await put(t, url, { body }), 401);
    expectError(await put(t, url, { token: a.otherAuthor.token, body }), 403);
    expectError(await get(t, url, { token: a.otherAuthor.token }), 403);
    expectOk(await put(t, url, { token: a.editor.token, body }));
    expectError(
      await put(t, "/blog/posts/999999/autosave", { token: a.editor.token, body }),
      404,
      "Post with ID 999999 not found.",
    );

    const page = await post(t, "/pages", {
      token: a.editor.token,
      body: { title: "Page", slug: unique("page"), content: "<p>x</p>" },
    });
    expectOk(page, 201);
    const pageUrl = `/pages/${page.body.data.id}/autosave`;
    expectError(
      await put(t, pageUrl, { token: a.author.token, body: { fields: { title: "x" } } }),
      403,
    );
    const pageSave = await put(t, pageUrl, {
      token: a.editor.token,
      body: { fields: { title: "Page draft", noindex: true } },
    });
    expectOk(pageSave);
    expect(pageSave.body.data).toMatchObject({ document_type: "page", version: null });

    const service = await createService(t, a.editor.token);
    const serviceUrl = `/services/${service.id}/autosave`;
    expectError(
      await put(t, serviceUrl, { token: a.author.token, body: { fields: { title: "x" } } }),
      403,
    );
    expectOk(
      await put(t, serviceUrl, {
        token: a.editor.token,
        body: { fields: { details: "Longer text" } },
      }),
    );
    expectOk(
      await put(t, `/services/${service.id}`, {
        token: a.editor.token,
        body: { title: service.title, slug: service.slug, description: "Saved", version: 1 },
      }),
    );
    expectError(await get(t, serviceUrl, { token: a.editor.token }), 404);
  });

  it("presence lists the other users editing a document, until they leave", async () => {
    const created = await createPost(t, a.editor.token);
    const url = `/blog/posts/${created.id}/presence`;
    const alone = await post(t, url, { token: a.editor.token });
    expectOk(alone);
    expect(alone.body.data).toEqual({ editors: [], autosave_saved_at: null });
    const both = await post(t, url, { token: a.admin.token });
    expect(both.body.data.editors).toEqual([{ id: a.editor.id, name: "Editor Tester" }]);
    const again = await post(t, url, { token: a.editor.token });
    expect(again.body.data.editors).toEqual([{ id: a.admin.id, name: "Admin Tester" }]);
    expectOk(await del(t, url, { token: a.admin.token }));
    // The heartbeat also says when the caller's own autosave was written.
    const saved = await put(t, `/blog/posts/${created.id}/autosave`, {
      token: a.editor.token,
      body: { fields: { title: "x" } },
    });
    const withAutosave = await post(t, url, { token: a.editor.token });
    expect(withAutosave.body.data.autosave_saved_at).toBe(saved.body.data.saved_at);
    const left = await post(t, url, { token: a.editor.token });
    expect(left.body.data.editors).toEqual([]);

    expectError(await post(t, url, { token: a.author.token }), 403);
    expectError(await post(t, url), 401);
  });

  it("signing out ends the user's presence at once, not 45 s later", async () => {
    const created = await createPost(t, a.editor.token);
    const url = `/blog/posts/${created.id}/presence`;
    const leaving = await createAccount(t, "editor");
    expectOk(await post(t, url, { token: leaving.token }));
    const seen = await post(t, url, { token: a.editor.token });
    expect(seen.body.data.editors.map((e: { id: number }) => e.id)).toEqual([leaving.id]);
    expectOk(await post(t, "/auth/logout", { token: leaving.token }));
    const after = await post(t, url, { token: a.editor.token });
    expect(after.body.data.editors).toEqual([]);
  });
});
