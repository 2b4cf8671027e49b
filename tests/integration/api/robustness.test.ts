import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  call,
  createAccounts,
  createPost,
  expectClientError,
  get,
  post,
  postBody,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const MB = "x".repeat(1024 * 1024);

describe("robustness: bad input is a 4xx envelope, never a 500", () => {
  let t: TestApp;
  let a: Accounts;
  let postId: number;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    postId = (await createPost(t, a.admin.token)).id;
  });
  afterAll(() => t?.close());

  /** Every JSON write endpoint, with the token allowed to use it. */
  const writes = (): [string, string, string | undefined][] => [
    ["POST", "/auth/login", undefined],
    ["POST", "/auth/register", undefined],
    ["POST", "/contact", undefined],
    ["POST", "/blog/posts", a.admin.token],
    ["PUT", `/blog/posts/${postId}`, a.admin.token],
    ["POST", "/blog/posts/bulk", a.admin.token],
    ["POST", "/blog/categories", a.admin.token],
    ["POST", "/blog/tags", a.admin.token],
    ["POST", "/services", a.admin.token],
    ["PUT", "/settings/general", a.admin.token],
    ["POST", "/gallery/images", a.admin.token],
    ["PUT", "/gallery/images/reorder", a.admin.token],
    ["POST", "/gallery/categories", a.admin.token],
    ["POST", "/users", a.admin.token],
    ["POST", "/users/bulk", a.admin.token],
  ];

  it("malformed JSON", async () => {
    for (const [method, url, token] of writes()) {
      for (const raw of ['{"title": "x",', "{not json}", "", "nul"]) {
        const result = await call(t, method, url, {
          token,
          raw,
          headers: { "content-type": "application/json" },
        });
        expectClientError(result, `${method} ${url} ${JSON.stringify(raw)}`);
      }
    }
  });

  it("JSON that is not an object", async () => {
    for (const [method, url, token] of writes()) {
      for (const body of [null, [], ["a"], "text", 42, true]) {
        expectClientError(
          await call(t, method, url, { token, body }),
          `${method} ${url} ${JSON.stringify(body)}`,
        );
      }
    }
  });

  it("a body that is not JSON at all (create calls, where nothing is not enough)", async () => {
    for (const [method, url, token] of writes().filter(([m]) => m === "POST")) {
      expectClientError(
        await call(t, method, url, {
          token,
          raw: "title=x&slug=y",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        `${method} ${url} form`,
      );
      expectClientError(
        await call(t, method, url, {
          token,
          raw: "just text",
          headers: { "content-type": "text/plain" },
        }),
        `${method} ${url} text`,
      );
      expectClientError(await call(t, method, url, { token }), `${method} ${url} no body`);
    }
  });

  it("unknown fields are named in errors.body", async () => {
    const cases: [string, string, string | undefined, Record<string, unknown>][] = [
      [
        "POST",
        "/contact",
        undefined,
        { name: "A", email: "a@example.com", subject: "S", message: "M", admin: true },
      ],
      ["POST", "/blog/posts", a.admin.token, postBody({ admin: true })],
      [
        "POST",
        "/services",
        a.admin.token,
        { title: "T", slug: "t-x", description: "D", admin: true },
      ],
      ["POST", "/blog/categories", a.admin.token, { name: "Cat X", admin: true }],
      ["PUT", "/settings/seo", a.admin.token, { admin: true }],
    ];
    for (const [method, url, token, body] of cases) {
      const result = await call(t, method, url, { token, body });
      expectClientError(result, `${method} ${url} ${JSON.stringify(body).slice(0, 120)}`);
      expect(result.status).toBe(400);
      expect(result.body.errors?.body).toBe("Unknown field: admin");
    }
  });

  it("wrong types", async () => {
    const cases: [string, string, string | undefined, unknown][] = [
      ["POST", "/auth/login", undefined, { email: 123, password: ["x"] }],
      [
        "POST",
        "/auth/register",
        undefined,
        { username: 1, email: 2, password: 3, first_name: 4, last_name: 5 },
      ],
      ["POST", "/contact", undefined, { name: {}, email: [], subject: 1, message: false }],
      ["POST", "/blog/posts", a.admin.token, postBody({ title: 123 })],
      ["POST", "/blog/posts", a.admin.token, postBody({ content: { html: "<p>x</p>" } })],
      ["POST", "/blog/posts", a.admin.token, postBody({ categories: "Technology" })],
      ["POST", "/blog/posts", a.admin.token, postBody({ tags: 5 })],
      ["POST", "/blog/posts", a.admin.token, postBody({ isFeatured: "yes" })],
      ["POST", "/blog/posts", a.admin.token, postBody({ published_at: 12345 })],
      ["PUT", `/blog/posts/${postId}`, a.admin.token, { status: 1 }],
      ["POST", "/blog/posts/bulk", a.admin.token, { action: "delete", ids: "1,2" }],
      ["POST", "/blog/posts/bulk", a.admin.token, { action: "delete", ids: [-1] }],
      ["POST", "/blog/posts/bulk", a.admin.token, { action: "delete", ids: [1.5] }],
      ["POST", "/blog/posts/bulk", a.admin.token, { action: "delete", ids: ["1"] }],
      ["PUT", "/settings/general", a.admin.token, { postsPerPage: "abc" }],
      ["PUT", "/settings/general", a.admin.token, { siteTitle: { a: 1 } }],
      ["PUT", "/settings/appearance", a.admin.token, { showBanner: "false" }],
      ["PUT", "/settings/homepage", a.admin.token, { aboutBullets: "one" }],
      ["POST", "/services", a.admin.token, { title: ["T"], slug: "s", description: "D" }],
      ["POST", "/gallery/images", a.admin.token, { title: "T", url: 5 }],
      [
        "POST",
        "/gallery/images",
        a.admin.token,
        { title: "T", url: "/uploads/a.png", category_id: "abc" },
      ],
      ["PUT", "/gallery/images/reorder", a.admin.token, { ids: "1,2" }],
      [
        "POST",
        "/users",
        a.admin.token,
        {
          username: "abc",
          email: "a@example.com",
          first_name: "A",
          last_name: "B",
          password: 12345678,
        },
      ],
      ["POST", "/users/bulk", a.admin.token, { action: "delete", ids: [0] }],
    ];
    for (const [method, url, token, body] of cases) {
      const result = await call(t, method, url, { token, body });
      expectClientError(result, `${method} ${url} ${JSON.stringify(body).slice(0, 120)}`);
      expect(result.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
    }
  });

  it("huge strings", async () => {
    const cases: [string, string, string | undefined, unknown][] = [
      ["POST", "/auth/login", undefined, { email: `${MB}@example.com`, password: MB }],
      [
        "POST",
        "/auth/register",
        undefined,
        {
          username: MB,
          email: "big@example.com",
          password: "secret1",
          first_name: "A",
          last_name: "B",
        },
      ],
      [
        "POST",
        "/contact",
        undefined,
        { name: MB, email: "a@example.com", subject: "S", message: "M" },
      ],
      [
        "POST",
        "/contact",
        undefined,
        { name: "A", email: "a@example.com", subject: "S", message: MB },
      ],
      ["POST", "/blog/posts", a.admin.token, postBody({ title: MB })],
      ["POST", "/blog/posts", a.admin.token, postBody({ slug: "a".repeat(100_000) })],
      ["POST", "/blog/posts", a.admin.token, postBody({ excerpt: MB })],
      ["POST", "/blog/posts", a.admin.token, postBody({ tags: [MB] })],
      [
        "POST",
        "/blog/posts",
        a.admin.token,
        postBody({ categories: Array.from({ length: 1000 }, (_, i) => `c${i}`) }),
      ],
      ["PUT", "/settings/general", a.admin.token, { siteTitle: MB }],
      ["POST", "/services", a.admin.token, { title: "T", slug: "big-service", description: MB }],
      ["POST", "/blog/categories", a.admin.token, { name: MB }],
      [
        "POST",
        "/users",
        a.admin.token,
        {
          username: "biguser",
          email: "bu@example.com",
          first_name: MB,
          last_name: "B",
          password: "Long-enough-1",
        },
      ],
    ];
    for (const [method, url, token, body] of cases) {
      const result = await call(t, method, url, { token, body });
      expectClientError(result, `${method} ${url} ${JSON.stringify(body).slice(0, 120)}`);
    }
    const title = await post(t, "/blog/posts", {
      token: a.admin.token,
      body: postBody({ title: MB }),
    });
    if (title.status === 400)
      expect(title.body.errors?.title).toBe("Title must be 200 characters or less");
  });

  it.each([
    "page=0",
    "page=-1",
    "page=abc",
    "page=1.5",
    "limit=0",
    "limit=-10",
    "limit=abc",
    "page=99999999999999999999",
  ])("paging query %s on every paged list", async (query) => {
    expectClientError(await get(t, `/blog/posts?${query}`), "public list");
    expectClientError(
      await get(t, `/blog/posts?status=all&${query}`, { token: a.admin.token }),
      "staff list",
    );
    expectClientError(
      await get(t, `/contact/messages?${query}`, { token: a.admin.token }),
      "messages",
    );
  });

  it("odd query values", async () => {
    for (const url of [
      "/blog/posts?status=everything",
      "/blog/posts/featured?limit=-1",
      "/blog/posts/featured?limit=abc",
      "/blog/posts/related?postId=abc",
      "/blog/posts/related?postId=-4",
    ]) {
      expectClientError(await get(t, url, { token: a.admin.token }), url);
    }
    // Harmless odd values are fine, but never a crash.
    for (const url of [
      "/blog/posts?author=abc",
      `/blog/posts/related?postId=${postId}&categories=a,b`,
      `/blog/posts?search=${encodeURIComponent("%'; DROP TABLE posts; --")}`,
      `/blog/posts?search=${encodeURIComponent("_%\\")}`,
      "/blog/posts?tag=../../etc/passwd",
      `/blog/posts?search=${"s".repeat(5000)}`,
      "/users?search=%25",
    ]) {
      const result = await get(t, url, { token: a.admin.token });
      expect(result.status, url).toBeLessThan(500);
    }
    const still = await get(t, `/blog/posts/id/${postId}`);
    expect(still.status).toBe(200);
  });

  describe("NUL characters (PostgreSQL refuses them in text)", () => {
    const contact = { email: "a@example.com", subject: "S", message: "M" };
    it.each([
      ["GET", "/blog/posts/%00", undefined],
      ["GET", "/blog/posts/id/%00", undefined],
      ["GET", "/services/%00", undefined],
      ["GET", "/blog/posts?category=%00", undefined],
      ["GET", "/blog/posts?tag=x%00", undefined],
      ["GET", "/blog/posts?search=x%00", undefined],
      ["GET", "/gallery/images?category=%00", undefined],
      ["GET", "/users?search=%00", undefined],
      ["POST", "/contact", { name: "a\u0000b", ...contact }],
      ["POST", "/auth/login", { email: "a\u0000@example.com", password: "Whatever-123" }],
      ["POST", "/blog/posts", postBody({ title: "Nul\u0000title" })],
      ["POST", "/blog/categories", { name: "Nul\u0000cat" }],
    ] as const)("%s %s never crashes", async (method, url, body) => {
      const result = await call(t, method, url, { token: a.admin.token, body });
      expect(result.status, JSON.stringify(result.body)).toBeLessThan(500);
      expect(result.body?.success, JSON.stringify(result.body)).toBeTypeOf("boolean");
    });

    it("a JSON body's NUL is refused by the field that holds it", async () => {
      const result = await call(t, "POST", "/contact", { body: { name: "a\u0000b", ...contact } });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe("Text must not contain NUL characters");
      expect(result.body.errors).toEqual({ name: "Name must not contain NUL characters" });
      const nested = await call(t, "PUT", "/settings/contact", {
        token: a.admin.token,
        body: { openingHours: { monday: [{ opens: "09:00\u0000", closes: "17:00" }] } },
      });
      expect(nested.status).toBe(400);
      expect(nested.body.errors).toEqual({
        "openingHours.monday.0.opens": "Opens must not contain NUL characters",
      });
    });

    it("the contact page's form (without JavaScript) refuses it by its field and stores nothing", async () => {
      const subject = `Nul form ${Date.now()}`;
      const response = await t.request("/contact", {
        method: "POST",
        body: new URLSearchParams({ ...contact, name: "Bob\u0000x", subject }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Name must not contain NUL characters");
      const inbox = await call(t, "GET", "/contact/messages?limit=100", { token: a.admin.token });
      expect(JSON.stringify(inbox.body.data)).not.toContain(subject);
    });
  });

  it("bad ids in paths", async () => {
    const ids = ["abc", "-1", "0", "1.5", "99999999999999999999", "1e3"];
    for (const id of ids) {
      for (const [method, url, body] of [
        ["PUT", `/blog/posts/${id}`, { title: "x" }],
        ["DELETE", `/blog/posts/${id}`, undefined],
        ["PUT", `/blog/categories/${id}`, { name: "x" }],
        ["DELETE", `/blog/tags/${id}`, undefined],
        ["PUT", `/services/${id}`, { title: "x", slug: "x", description: "x" }],
        ["DELETE", `/gallery/images/${id}`, undefined],
        ["PATCH", `/contact/messages/${id}`, { read: true }],
        ["PUT", `/users/${id}`, { first_name: "x" }],
        ["DELETE", `/users/${id}`, undefined],
      ] as const) {
        const result = await call(t, method, url, { token: a.admin.token, body });
        expectClientError(result, `${method} ${url}`);
      }
      expectClientError(await get(t, `/blog/posts/id/${id}`), `GET /blog/posts/id/${id}`);
      expectClientError(await get(t, `/services/${id}`), `GET /services/${id}`);
    }
  });

  it("an oversized request body is refused, not buffered into a crash", async () => {
    const huge = "y".repeat(12 * 1024 * 1024);
    const result = await put(t, "/settings/general", {
      token: a.admin.token,
      body: { siteTitle: huge },
    });
    expectClientError(result);
  });
});
