import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createGalleryCategory,
  createGalleryImage,
  del,
  expectError,
  expectFieldError,
  expectOk,
  expectSuccess,
  get,
  post,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const IMAGE_FIELDS = [
  "id",
  "title",
  "description",
  "url",
  "thumbnail",
  "alt",
  "width",
  "height",
  "category_id",
  "category",
  "sort_order",
  "created_at",
];

describe("gallery API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function images(query = "") {
    const result = await get(t, `/gallery/images${query}`);
    expectOk(result);
    return result.body.data as any[];
  }

  async function categories() {
    const result = await get(t, "/gallery/categories");
    expectOk(result);
    return result.body.data as any[];
  }

  it("a fresh site has an empty gallery", async () => {
    expect(await images()).toEqual([]);
    expect(await categories()).toEqual([]);
  });

  it("creates a category with a slug from its name", async () => {
    const result = await post(t, "/gallery/categories", {
      token: a.editor.token,
      body: { name: "Office Life" },
    });
    expectSuccess(result);
    expect(result.body.data).toMatchObject({ name: "Office Life", slug: "office-life" });
    expect((await categories()).map((c) => c.slug)).toContain("office-life");
  });

  it("a taken name or slug is a 409 naming the field that was sent", async () => {
    await createGalleryCategory(t, a.admin.token, { name: "Studio" });
    const byName = await post(t, "/gallery/categories", {
      token: a.editor.token,
      body: { name: "studio" },
    });
    const taken = "A gallery category with this name already exists";
    expectError(byName, 409, taken);
    expect(byName.body.errors).toEqual({ name: taken });
    const bySlug = await post(t, "/gallery/categories", {
      token: a.editor.token,
      body: { name: "Workshop", slug: "studio" },
    });
    const slugTaken = "A gallery category with this slug already exists";
    expectError(bySlug, 409, slugTaken);
    expect(bySlug.body.errors).toEqual({ slug: slugTaken });
  });

  it("an image without its address is refused: Image is required", async () => {
    const result = await post(t, "/gallery/images", {
      token: a.editor.token,
      body: { title: "No picture" },
    });
    expectFieldError(result, "url", "Image is required");
  });

  it("a category named without a letter of a-z gets a slug of its own", async () => {
    const result = await post(t, "/gallery/categories", {
      token: a.editor.token,
      body: { name: "オフィス" },
    });
    expectSuccess(result);
    expect(result.body.data.slug).toMatch(/^category-[a-z0-9]+$/);
  });

  it("creates an image and lists it with its category", async () => {
    const cat = await createGalleryCategory(t, a.admin.token, { name: "Events" });
    const result = await post(t, "/gallery/images", {
      token: a.admin.token,
      body: {
        title: "  Launch party  ",
        description: "Our launch",
        url: "/uploads/launch.png",
        thumbnail: "https://cdn.example.com/launch-thumb.png",
        alt: "People at the launch",
        category_id: cat.id,
      },
    });
    expectSuccess(result);
    const listed = (await images()).find((i) => i.id === result.body.data.id);
    for (const field of IMAGE_FIELDS) expect(listed, field).toHaveProperty(field);
    expect(listed).toMatchObject({
      title: "Launch party",
      description: "Our launch",
      url: "/uploads/launch.png",
      thumbnail: "https://cdn.example.com/launch-thumb.png",
      alt: "People at the launch",
      category_id: cat.id,
    });
    expect(listed.category).toMatchObject({ id: cat.id, name: "Events", slug: "events" });
  });

  it("filters images by category slug", async () => {
    const one = await createGalleryCategory(t, a.admin.token);
    const two = await createGalleryCategory(t, a.admin.token);
    const inOne = await createGalleryImage(t, a.admin.token, { category_id: one.id });
    const inTwo = await createGalleryImage(t, a.admin.token, { category_id: two.id });
    const uncategorised = await createGalleryImage(t, a.admin.token);
    expect((await images(`?category=${one.slug}`)).map((i) => i.id)).toEqual([inOne.id]);
    expect((await images(`?category=${two.slug}`)).map((i) => i.id)).toEqual([inTwo.id]);
    const all = (await images()).map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining([inOne.id, inTwo.id, uncategorised.id]));
    expect(uncategorised.category_id).toBeNull();
  });

  it.each([
    ["title", { title: "" }, "Title is required"],
    ["title", { title: undefined }, "Title is required"],
    ["url", { url: "" }, "Image is required"],
    ["url", { url: "javascript:alert(1)" }, "Image must be an http(s) URL or an uploaded file"],
    [
      "thumbnail",
      { thumbnail: "ftp://x.example.com/t.png" },
      "Thumbnail must be an http(s) URL or an uploaded file",
    ],
  ])("refuses a bad %s: %j", async (field, override, message) => {
    const result = await post(t, "/gallery/images", {
      token: a.admin.token,
      body: { title: "Pic", url: "/uploads/pic.png", ...override },
    });
    expectFieldError(result, field, message);
  });

  it("refuses an unknown category id", async () => {
    const result = await post(t, "/gallery/images", {
      token: a.admin.token,
      body: { title: "Pic", url: "/uploads/pic.png", category_id: 987654 },
    });
    expect([400, 404]).toContain(result.status);
    expect(result.body.success).toBe(false);
  });

  it("PUT updates an image; DELETE removes it", async () => {
    const image = await createGalleryImage(t, a.admin.token);
    expectSuccess(
      await put(t, `/gallery/images/${image.id}`, {
        token: a.editor.token,
        body: { title: "New title", url: "https://example.com/new.png", alt: "New alt" },
      }),
    );
    expect((await images()).find((i) => i.id === image.id)).toMatchObject({
      title: "New title",
      url: "https://example.com/new.png",
      alt: "New alt",
    });
    expectSuccess(await del(t, `/gallery/images/${image.id}`, { token: a.editor.token }));
    expect((await images()).map((i) => i.id)).not.toContain(image.id);
    expectError(
      await del(t, `/gallery/images/${image.id}`, { token: a.admin.token }),
      404,
      "Gallery image not found",
    );
    expectError(
      await put(t, "/gallery/images/987654", {
        token: a.admin.token,
        body: { title: "x", url: "/uploads/x.png" },
      }),
      404,
    );
  });

  it("PUT /gallery/images/reorder sets the order of the list", async () => {
    const cat = await createGalleryCategory(t, a.admin.token);
    const first = await createGalleryImage(t, a.admin.token, { category_id: cat.id });
    const second = await createGalleryImage(t, a.admin.token, { category_id: cat.id });
    const third = await createGalleryImage(t, a.admin.token, { category_id: cat.id });
    const result = await put(t, "/gallery/images/reorder", {
      token: a.editor.token,
      body: { ids: [third.id, first.id, second.id] },
    });
    expectSuccess(result);
    expect((await images(`?category=${cat.slug}`)).map((i) => i.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
    expectFieldError(
      await put(t, "/gallery/images/reorder", { token: a.admin.token, body: { ids: [] } }),
      "ids",
      "ids must not be empty",
    );
  });

  it("categories: PUT renames, DELETE removes, unknown ids 404", async () => {
    const cat = await createGalleryCategory(t, a.admin.token);
    expectSuccess(
      await put(t, `/gallery/categories/${cat.id}`, {
        token: a.admin.token,
        body: { name: "Renamed Album", slug: "renamed-album" },
      }),
    );
    expect((await categories()).find((c) => c.id === cat.id)).toMatchObject({
      name: "Renamed Album",
      slug: "renamed-album",
    });
    expectSuccess(await del(t, `/gallery/categories/${cat.id}`, { token: a.admin.token }));
    expect((await categories()).map((c) => c.id)).not.toContain(cat.id);
    expectError(
      await del(t, `/gallery/categories/${cat.id}`, { token: a.admin.token }),
      404,
      "Gallery category not found",
    );
    expectFieldError(
      await post(t, "/gallery/categories", { token: a.admin.token, body: { name: "" } }),
      "name",
      "Name is required",
    );
  });

  it("refuses authors (403) and anonymous callers (401)", async () => {
    const body = { title: "Nope", url: "/uploads/nope.png" };
    expectError(
      await post(t, "/gallery/images", { token: a.author.token, body }),
      403,
      "You do not have permission to do this",
    );
    expectError(await post(t, "/gallery/images", { body }), 401, "Authentication required");
    expectError(
      await post(t, "/gallery/categories", { token: a.author.token, body: { name: "Nope" } }),
      403,
      "You do not have permission to do this",
    );
    expect((await images()).map((i) => i.title)).not.toContain("Nope");
  });
});
