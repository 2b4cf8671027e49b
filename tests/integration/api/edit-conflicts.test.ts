import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createPost,
  createService,
  expectError,
  expectFieldError,
  expectOk,
  get,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("edit conflicts: versions and 409", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  it("a post starts at version 1 and every save, publish and unpublish adds one", async () => {
    const created = await createPost(t, a.editor.token, { status: "draft" });
    expect(created.version).toBe(1);
    const read = await get(t, `/blog/posts/id/${created.id}`, { token: a.editor.token });
    expectOk(read);
    expect(read.body.data.version).toBe(1);

    const saved = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "Second title" },
    });
    expectOk(saved);
    expect(saved.body.data.version).toBe(2);

    const published = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { status: "published", version: 2 },
    });
    expectOk(published);
    expect(published.body.data.version).toBe(3);

    const bulk = await post(t, "/blog/posts/bulk", {
      token: a.editor.token,
      body: { action: "draft", ids: [created.id] },
    });
    expectOk(bulk);
    const after = await get(t, `/blog/posts/id/${created.id}`, { token: a.editor.token });
    expect(after.body.data.version).toBe(4);
    expect(after.body.data.status).toBe("draft");
  });

  it("a stale version is refused with 409 naming who saved last and when, and nothing changes", async () => {
    const created = await createPost(t, a.editor.token, { title: "Original" });
    const first = await put(t, `/blog/posts/${created.id}`, {
      token: a.admin.token,
      body: { title: "Admin's title", version: 1 },
    });
    expectOk(first);
    expect(first.body.data.version).toBe(2);

    const stale = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "Editor's title", version: 1 },
    });
    expectError(stale, 409);
    expect(stale.body).toMatchObject({
      error: "edit_conflict",
      last_saved_by: { id: a.admin.id, name: "Admin Tester" },
      last_saved_at: first.body.data.updated_at,
      version: 2,
    });
    expect(stale.body.message).toContain("Admin Tester saved this post at");

    const stored = await get(t, `/blog/posts/id/${created.id}`, { token: a.editor.token });
    expect(stored.body.data).toMatchObject({ title: "Admin's title", version: 2 });

    // Keep mine: the same save with their version overwrites.
    const overwrite = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "Editor's title", version: 2 },
    });
    expectOk(overwrite);
    expect(overwrite.body.data).toMatchObject({ title: "Editor's title", version: 3 });
  });

  it("two saves of the same version at the same moment: one is saved, the other is a 409", async () => {
    const created = await createPost(t, a.editor.token);
    const results = await Promise.all(
      [a.editor, a.admin].map((account) =>
        put(t, `/blog/posts/${created.id}`, {
          token: account.token,
          body: { title: `By ${account.id}`, version: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const stored = await get(t, `/blog/posts/id/${created.id}`, { token: a.editor.token });
    expect(stored.body.data).toMatchObject({ title: winner.body.data.title, version: 2 });
  });

  it("If-Match carries the version too, plain, quoted or weak", async () => {
    const created = await createPost(t, a.editor.token);
    for (const [header, ok] of [
      ['"1"', true],
      ["1", false],
      ['W/"2"', true],
      ['W/"2"', false],
      ["3", true],
    ] as const) {
      const result = await put(t, `/blog/posts/${created.id}`, {
        token: a.editor.token,
        body: { title: unique("Title") },
        headers: { "If-Match": header },
      });
      if (ok) expectOk(result);
      else {
        expectError(result, 409);
        expect(result.body.last_saved_by).toMatchObject({ id: a.editor.id });
      }
    }
    const bad = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "x" },
      headers: { "If-Match": "soon" },
    });
    expectFieldError(bad, "If-Match", 'If-Match must be the version the editor loaded, e.g. "3"');
  });

  it("a save without a version still saves (the spec's clients), whatever the stored version", async () => {
    const created = await createPost(t, a.editor.token);
    await put(t, `/blog/posts/${created.id}`, { token: a.admin.token, body: { title: "One" } });
    const plain = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "Two" },
    });
    expectOk(plain);
    expect(plain.body.data).toMatchObject({ title: "Two", version: 3 });
  });

  it("a version that is not a number is a 400 naming the field", async () => {
    const created = await createPost(t, a.editor.token);
    const result = await put(t, `/blog/posts/${created.id}`, {
      token: a.editor.token,
      body: { title: "x", version: "two" },
    });
    expectError(result, 400);
    expect(Object.keys(result.body.errors ?? {})).toContain("version");
  });

  it("pages carry a version and refuse a stale save", async () => {
    const slug = unique("page");
    const created = await post(t, "/pages", {
      token: a.editor.token,
      body: { title: "Page", slug, content: "<p>Hello.</p>", status: "draft" },
    });
    expectOk(created, 201);
    const id = created.body.data.id;
    expect(created.body.data.version).toBe(1);
    const saved = await put(t, `/pages/${id}`, {
      token: a.admin.token,
      body: { title: "Their page", version: 1 },
    });
    expectOk(saved);
    expect(saved.body.data.version).toBe(2);
    const stale = await put(t, `/pages/${id}`, {
      token: a.editor.token,
      body: { title: "My page" },
      headers: { "If-Match": '"1"' },
    });
    expectError(stale, 409);
    expect(stale.body).toMatchObject({ last_saved_by: { id: a.admin.id }, version: 2 });
    expect(stale.body.message).toContain("saved this page at");
    const bulk = await post(t, "/pages/bulk", {
      token: a.editor.token,
      body: { action: "publish", ids: [id] },
    });
    expectOk(bulk);
    const read = await get(t, `/pages/${id}`, { token: a.editor.token });
    expect(read.body.data).toMatchObject({ title: "Their page", version: 3, status: "published" });
  });

  it("services carry a version and refuse a stale save", async () => {
    const service = await createService(t, a.editor.token);
    expect(service.version).toBe(1);
    const body = {
      title: service.title,
      slug: service.slug,
      description: "Changed by the admin.",
    };
    const saved = await put(t, `/services/${service.id}`, {
      token: a.admin.token,
      body: { ...body, version: 1 },
    });
    expectOk(saved);
    expect(saved.body.data.version).toBe(2);
    const stale = await put(t, `/services/${service.id}`, {
      token: a.editor.token,
      body: { ...body, description: "Mine", version: 1 },
    });
    expectError(stale, 409);
    expect(stale.body).toMatchObject({ error: "edit_conflict", version: 2 });
    const read = await get(t, `/services/${service.id}`);
    expect(read.body.data).toMatchObject({ description: "Changed by the admin.", version: 2 });
  });

  it("an author still cannot save another author's post, whatever version is sent", async () => {
    const created = await createPost(t, a.author.token);
    const result = await put(t, `/blog/posts/${created.id}`, {
      token: a.otherAuthor.token,
      body: { title: "Taken over", version: 1 },
    });
    expectError(result, 403);
  });
});
