import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  type ApiResult,
  call,
  createAccounts,
  createCategory,
  createPost,
  expectError,
  expectOk,
  get,
  post,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** Ids are PostgreSQL integers: 1 to 2147483647. */
const MAX = "2147483647";
const BAD_IDS = [
  "2147483648",
  "9999999999",
  "99999999999999999999",
  "-1",
  "0",
  "-0",
  "1.5",
  "abc",
  "1e3",
  "0x10",
];

/** A 400 whose errors name this field, with a message that names it too. */
function expectIdError(result: ApiResult, field: string, label: string) {
  const detail = `${label}: ${result.status} ${JSON.stringify(result.body)?.slice(0, 300)}`;
  expect(result.status, detail).toBe(400);
  expect(result.body?.success, detail).toBe(false);
  const message = result.body?.errors?.[field];
  expect(message, detail).toBeTypeOf("string");
  expect(message, detail).toContain(field.split(".")[0]);
  expect(result.body.message, detail).toBe(message);
}

describe("ids are range-checked everywhere (400 naming the field, never a 500)", () => {
  let t: TestApp;
  let a: Accounts;
  let postId: number;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    const category = await createCategory(t, a.admin.token);
    postId = (await createPost(t, a.admin.token, { categories: [category.name] })).id;
  });
  afterAll(() => t?.close());

  it.each(BAD_IDS)("query ids: postId, categories and author = %s", async (bad) => {
    const q = encodeURIComponent(bad);
    expectIdError(await get(t, `/blog/posts/related?postId=${q}`), "postId", "postId");
    expectIdError(
      await get(t, `/blog/posts/related?postId=${postId}&categories=${q}`),
      "categories",
      "categories",
    );
    expectIdError(
      await get(t, `/blog/posts/related?postId=${postId}&categories=1,${q}`),
      "categories",
      "categories, second id",
    );
    expectIdError(await get(t, `/blog/posts?author=${q}`), "author", "public list");
    expectIdError(
      await get(t, `/blog/posts?status=all&author=${q}`, { token: a.admin.token }),
      "author",
      "staff list",
    );
  });

  it.each(BAD_IDS)("the legacy GET /blog/posts/id/%s", async (bad) => {
    const q = encodeURIComponent(bad);
    expectIdError(await get(t, `/blog/posts/id/${q}`), "id", bad);
    expectIdError(await get(t, `/blog/posts/id/${q}:edit`), "id", `${bad}:edit`);
  });

  it.each(BAD_IDS)("path ids of every call: %s", async (bad) => {
    const id = encodeURIComponent(bad);
    const calls: [string, string, unknown][] = [
      ["GET", `/blog/posts/views/${id}`, undefined],
      ["PUT", `/blog/posts/${id}`, { title: "x" }],
      ["DELETE", `/blog/posts/${id}`, undefined],
      ["PUT", `/blog/categories/${id}`, { name: "x" }],
      ["DELETE", `/blog/categories/${id}`, undefined],
      ["PUT", `/blog/tags/${id}`, { name: "x" }],
      ["DELETE", `/blog/tags/${id}`, undefined],
      ["PUT", `/services/${id}`, { title: "x", slug: "x", description: "x" }],
      ["DELETE", `/services/${id}`, undefined],
      ["PUT", `/gallery/images/${id}`, { title: "x", url: "/uploads/x.png" }],
      ["DELETE", `/gallery/images/${id}`, undefined],
      ["PUT", `/gallery/categories/${id}`, { name: "x" }],
      ["DELETE", `/gallery/categories/${id}`, undefined],
      ["PATCH", `/media/${id}`, { alt: "x" }],
      ["DELETE", `/media/${id}`, undefined],
      ["PATCH", `/contact/messages/${id}`, { read: true }],
      ["DELETE", `/contact/messages/${id}`, undefined],
      ["PUT", `/users/${id}`, { first_name: "x" }],
      ["DELETE", `/users/${id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const result = await call(t, method, url, { token: a.admin.token, body });
      expectIdError(result, "id", `${method} ${url}`);
    }
  });

  it("ids in bodies", async () => {
    for (const bad of [2147483648, 9_999_999_999, 1e21, -1, 0, 1.5]) {
      expectIdError(
        await post(t, "/blog/posts/bulk", {
          token: a.admin.token,
          body: { action: "draft", ids: [postId, bad] },
        }),
        "ids.1",
        `bulk ${bad}`,
      );
      expectIdError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "deactivate", ids: [a.author.id, bad] },
        }),
        "ids.1",
        `users bulk ${bad}`,
      );
      expectIdError(
        await put(t, "/gallery/images/reorder", { token: a.admin.token, body: { ids: [bad] } }),
        "ids.0",
        `reorder ${bad}`,
      );
      const image = await post(t, "/gallery/images", {
        token: a.admin.token,
        body: { title: "Image", url: "/uploads/x.png", category_id: bad },
      });
      expect(image.status, JSON.stringify(image.body)).toBe(400);
      expect(image.body.errors.category_id).toMatch(/^Category /);
    }
    const asText = await post(t, "/gallery/images", {
      token: a.admin.token,
      body: { title: "Image", url: "/uploads/x.png", category_id: "2147483648" },
    });
    expect(asText.status).toBe(400);
    expect(asText.body.errors.category_id).toBe("Category must be 2147483647 or less");
  });

  it("the largest id is a valid id: 404 where nothing has it, never a 400 or a 500", async () => {
    expectError(await get(t, `/blog/posts/id/${MAX}`), 404, `Post with ID ${MAX} not found.`);
    expectError(await get(t, `/blog/posts/views/${MAX}`), 404);
    expectError(await call(t, "DELETE", `/blog/posts/${MAX}`, { token: a.admin.token }), 404);
    expectError(await call(t, "DELETE", `/users/${MAX}`, { token: a.admin.token }), 404);
    expectError(
      await post(t, "/blog/posts/bulk", {
        token: a.admin.token,
        body: { action: "draft", ids: [Number(MAX)] },
      }),
      404,
    );
    expectOk(await get(t, `/blog/posts/related?postId=${MAX}&categories=${MAX}`));
    expectOk(await get(t, `/blog/posts?author=${MAX}`));
  });

  it("a service address past the id range is looked up as a slug (404), not as an id", async () => {
    for (const key of ["2147483648", "9999999999"]) {
      expectError(await get(t, `/services/${key}`), 404, "Service not found");
      const page = await t.request(`/services/${key}`);
      expect(page.status, `page /services/${key}`).toBe(404);
    }
  });

  it("well-formed ids still work, with spaces and a colon part on the legacy call", async () => {
    expectOk(await get(t, `/blog/posts/id/%20${postId}%20:edit`));
    expectOk(await get(t, `/blog/posts/related?postId=${postId}&categories=%201%20,%202`));
    expectOk(await get(t, `/blog/posts/related?postId=${postId}&categories=`));
  });
});
