import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createPost,
  createTag,
  expectError,
  expectOk,
  get,
  post,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/**
 * A client may send back what it read: every resource with a PUT accepts the
 * object its own GET answers, with changes, and ignores the read-only fields
 * (ids, authors, dates, views, counts). Fields that no response has are still
 * refused, and so is a changed read-only value.
 */
describe("round-trip updates: PUT accepts what GET returns", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const admin = () => ({ token: a.admin.token });

  async function roundTrip(readPath: string, writePath: string, pick: (data: any) => any) {
    const read = await get(t, readPath, admin());
    expectOk(read);
    return { object: pick(read.body.data ?? read.body), writePath };
  }

  it("posts: the object from GET /blog/posts/id/{id}, with a new title", async () => {
    await createTag(t, a.admin.token, { name: "existing" });
    const created = await createPost(t, a.author.token, {
      status: "published",
      tags: ["existing"],
    });
    await get(t, `/blog/posts/${created.slug}`); // a view, so views is not 0
    const { object } = await roundTrip(`/blog/posts/id/${created.id}`, "", (d) => d);
    expect(object).toMatchObject({ id: created.id, author: expect.any(Object) });
    const result = await put(t, `/blog/posts/${created.id}`, {
      ...admin(),
      body: { ...object, title: "Round trip title" },
    });
    expectOk(result);
    expect(result.body.data).toMatchObject({
      title: "Round trip title",
      author_id: a.author.user.id,
      slug: created.slug,
      status: "published",
    });
    expect(result.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(["existing"]);
  });

  it("services: the object from GET /services/{id}", async () => {
    const list = await get(t, "/services");
    const first = list.body.data[0];
    const { object } = await roundTrip(`/services/${first.id}`, "", (d) => d);
    const result = await put(t, `/services/${first.id}`, {
      ...admin(),
      body: { ...object, title: "Round trip service" },
    });
    expectOk(result);
    expect(result.body.data).toMatchObject({ id: first.id, title: "Round trip service" });
  });

  it("categories and tags: an entry of the list, renamed", async () => {
    const category = await createCategory(t, a.admin.token);
    const categories = await get(t, "/blog/categories");
    const readCategory = categories.body.data.find((c: { id: number }) => c.id === category.id);
    const renamed = await put(t, `/blog/categories/${category.id}`, {
      ...admin(),
      body: { ...readCategory, name: "Round trip category" },
    });
    expectOk(renamed);
    expect(renamed.body.data).toMatchObject({ name: "Round trip category" });

    const tags = await get(t, "/blog/tags");
    const readTag = tags.body.data[0];
    const tag = await put(t, `/blog/tags/${readTag.id}`, {
      ...admin(),
      body: { ...readTag, name: "round-trip-tag" },
    });
    expectOk(tag);
    expect(tag.body.data).toMatchObject({ id: readTag.id, name: "round-trip-tag" });
  });

  it("gallery images and categories: an entry of the list, changed", async () => {
    const album = await post(t, "/gallery/categories", { ...admin(), body: { name: "Album" } });
    expectOk(album, 201);
    const picture = await post(t, "/gallery/images", {
      ...admin(),
      body: {
        title: "Office",
        url: "https://example.com/office.jpg",
        category_id: album.body.data.id,
      },
    });
    expectOk(picture, 201);
    const categories = await get(t, "/gallery/categories");
    const readCategory = categories.body.data.find(
      (category: { id: number }) => category.id === album.body.data.id,
    );
    const category = await put(t, `/gallery/categories/${readCategory.id}`, {
      ...admin(),
      body: { ...readCategory, name: "Round trip album" },
    });
    expectOk(category);
    expect(category.body.data).toMatchObject({ name: "Round trip album" });

    const images = await get(t, "/gallery/images");
    const readImage = images.body.data.find(
      (image: { id: number }) => image.id === picture.body.data.id,
    );
    expect(readImage.category).toMatchObject({ id: album.body.data.id });
    const image = await put(t, `/gallery/images/${readImage.id}`, {
      ...admin(),
      body: { ...readImage, title: "Round trip image" },
    });
    expectOk(image);
    expect(image.body.data).toMatchObject({ id: readImage.id, title: "Round trip image" });
  });

  it("team members and the about section: what GET answers, changed", async () => {
    const team = await get(t, "/team", admin());
    const [member] = team.body.data;
    const saved = await put(t, `/team/${member.id}`, {
      ...admin(),
      body: { ...member, role: "Round trip role" },
    });
    expectOk(saved);
    expect(saved.body.data).toMatchObject({ id: member.id, role: "Round trip role" });
    const about = await get(t, "/settings/about");
    const section = await put(t, "/settings/about", {
      ...admin(),
      body: { ...about.body.data, mission: "Round trip mission." },
    });
    expectOk(section);
    expect(section.body.data).toEqual({ ...about.body.data, mission: "Round trip mission." });
  });

  it("users: the object from GET /users/{id}, with a new status", async () => {
    const read = await get(t, `/users/${a.otherAuthor.user.id}`, admin());
    expectOk(read);
    const result = await put(t, `/users/${a.otherAuthor.user.id}`, {
      ...admin(),
      body: { ...read.body.data, status: "inactive" },
    });
    expectOk(result);
    expect(result.body.data).toMatchObject({ status: "inactive" });
  });

  it("still refuses a field no response has", async () => {
    const created = await createPost(t, a.admin.token);
    expectError(
      await put(t, `/blog/posts/${created.id}`, { ...admin(), body: { nonsense: 1 } }),
      400,
      "Unknown field: nonsense",
    );
  });

  it("refuses a changed read-only value: another id, another author", async () => {
    const created = await createPost(t, a.author.token);
    const read = (await get(t, `/blog/posts/id/${created.id}`, admin())).body.data;
    const otherId = await put(t, `/blog/posts/${created.id}`, {
      ...admin(),
      body: { ...read, id: created.id + 1000 },
    });
    expectError(otherId, 400, "id cannot be changed");
    for (const change of [
      { author_id: a.editor.user.id },
      { author: { ...read.author, id: a.editor.user.id } },
    ]) {
      const result = await put(t, `/blog/posts/${created.id}`, {
        ...admin(),
        body: { ...read, ...change },
      });
      expectError(result, 400, "author cannot be changed");
    }
    const service = (await get(t, "/services")).body.data[0];
    expectError(
      await put(t, `/services/${service.id}`, { ...admin(), body: { ...service, id: 99999 } }),
      400,
      "id cannot be changed",
    );
    const stored = (await get(t, `/blog/posts/id/${created.id}`, admin())).body.data;
    expect(stored.author_id).toBe(a.author.user.id);
  });
});
