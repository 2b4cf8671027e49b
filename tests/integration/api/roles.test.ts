import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#common/enums.ts";
import {
  type Accounts,
  type ApiResult,
  call,
  createAccounts,
  createCategory,
  createGalleryCategory,
  createGalleryImage,
  createPost,
  createService,
  createTag,
  createUser,
  del,
  expectError,
  get,
  imageForm,
  post,
  postBody,
  put,
  sendContactMessage,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

type Caller = "anonymous" | Role;
const CALLERS: Caller[] = ["anonymous", "author", "editor", "admin"];
const STAFF: Role[] = ["author", "editor", "admin"];
const EDITORS: Role[] = ["editor", "admin"];
const ADMINS: Role[] = ["admin"];

type Endpoint = {
  name: string;
  allowed: Role[];
  /** Builds a fresh request (with its own target) for one attempt. */
  request: () => Promise<{ method: string; url: string; body?: unknown }>;
};

describe("role matrix", () => {
  let t: TestApp;
  let a: Accounts;
  let png: Buffer;

  beforeAll(async () => {
    // Many messages from one (in-process) client: the limit has its own tests (anonymous-limits).
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: "off" } });
    a = await createAccounts(t);
    png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 200, b: 0 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  const adminToken = () => a.admin.token;

  async function messageId() {
    const sent = await sendContactMessage(t);
    const inbox = await get(t, "/contact/messages?limit=50", { token: adminToken() });
    return inbox.body.data.messages.find((m: any) => m.subject === sent.subject).id as number;
  }

  const endpoints: Endpoint[] = [
    {
      name: "POST /blog/posts",
      allowed: STAFF,
      request: async () => ({ method: "POST", url: "/blog/posts", body: postBody() }),
    },
    {
      name: "PUT /blog/posts/{id} (someone else's post)",
      allowed: EDITORS,
      request: async () => {
        const p = await createPost(t, adminToken());
        return { method: "PUT", url: `/blog/posts/${p.id}`, body: { title: "Changed" } };
      },
    },
    {
      name: "DELETE /blog/posts/{id} (someone else's post)",
      allowed: EDITORS,
      request: async () => {
        const p = await createPost(t, adminToken());
        return { method: "DELETE", url: `/blog/posts/${p.id}` };
      },
    },
    {
      name: "POST /blog/posts/bulk (someone else's post)",
      allowed: EDITORS,
      request: async () => {
        const p = await createPost(t, adminToken());
        return { method: "POST", url: "/blog/posts/bulk", body: { action: "draft", ids: [p.id] } };
      },
    },
    {
      name: "POST /blog/categories",
      allowed: EDITORS,
      request: async () => ({
        method: "POST",
        url: "/blog/categories",
        body: { name: unique("Cat") },
      }),
    },
    {
      name: "PUT /blog/categories/{id}",
      allowed: EDITORS,
      request: async () => {
        const c = await createCategory(t, adminToken());
        return { method: "PUT", url: `/blog/categories/${c.id}`, body: { name: unique("Cat") } };
      },
    },
    {
      name: "DELETE /blog/categories/{id}",
      allowed: EDITORS,
      request: async () => {
        const c = await createCategory(t, adminToken());
        return { method: "DELETE", url: `/blog/categories/${c.id}` };
      },
    },
    {
      name: "POST /blog/tags",
      allowed: EDITORS,
      request: async () => ({ method: "POST", url: "/blog/tags", body: { name: unique("tag") } }),
    },
    {
      name: "PUT /blog/tags/{id}",
      allowed: EDITORS,
      request: async () => {
        const tag = await createTag(t, adminToken());
        return { method: "PUT", url: `/blog/tags/${tag.id}`, body: { name: unique("tag") } };
      },
    },
    {
      name: "DELETE /blog/tags/{id}",
      allowed: EDITORS,
      request: async () => {
        const tag = await createTag(t, adminToken());
        return { method: "DELETE", url: `/blog/tags/${tag.id}` };
      },
    },
    {
      name: "POST /services",
      allowed: EDITORS,
      request: async () => {
        const slug = unique("svc");
        return {
          method: "POST",
          url: "/services",
          body: { title: "Svc", slug, description: "D" },
        };
      },
    },
    {
      name: "PUT /services/{id}",
      allowed: EDITORS,
      request: async () => {
        const s = await createService(t, adminToken());
        return {
          method: "PUT",
          url: `/services/${s.id}`,
          body: { title: "Changed", slug: s.slug, description: "Changed" },
        };
      },
    },
    {
      name: "DELETE /services/{id}",
      allowed: EDITORS,
      request: async () => {
        const s = await createService(t, adminToken());
        return { method: "DELETE", url: `/services/${s.id}` };
      },
    },
    {
      name: "PUT /settings/{section}",
      allowed: ADMINS,
      request: async () => ({
        method: "PUT",
        url: "/settings/general",
        body: { siteTitle: unique("Site") },
      }),
    },
    {
      name: "POST /gallery/images",
      allowed: EDITORS,
      request: async () => ({
        method: "POST",
        url: "/gallery/images",
        body: { title: unique("Img"), url: "/uploads/a.png" },
      }),
    },
    {
      name: "PUT /gallery/images/{id}",
      allowed: EDITORS,
      request: async () => {
        const img = await createGalleryImage(t, adminToken());
        return {
          method: "PUT",
          url: `/gallery/images/${img.id}`,
          body: { title: "Changed", url: "/uploads/b.png" },
        };
      },
    },
    {
      name: "DELETE /gallery/images/{id}",
      allowed: EDITORS,
      request: async () => {
        const img = await createGalleryImage(t, adminToken());
        return { method: "DELETE", url: `/gallery/images/${img.id}` };
      },
    },
    {
      name: "PUT /gallery/images/reorder",
      allowed: EDITORS,
      request: async () => {
        const one = await createGalleryImage(t, adminToken());
        const two = await createGalleryImage(t, adminToken());
        return { method: "PUT", url: "/gallery/images/reorder", body: { ids: [two.id, one.id] } };
      },
    },
    {
      name: "POST /gallery/categories",
      allowed: EDITORS,
      request: async () => ({
        method: "POST",
        url: "/gallery/categories",
        body: { name: unique("Album") },
      }),
    },
    {
      name: "PUT /gallery/categories/{id}",
      allowed: EDITORS,
      request: async () => {
        const c = await createGalleryCategory(t, adminToken());
        return {
          method: "PUT",
          url: `/gallery/categories/${c.id}`,
          body: { name: unique("Album") },
        };
      },
    },
    {
      name: "DELETE /gallery/categories/{id}",
      allowed: EDITORS,
      request: async () => {
        const c = await createGalleryCategory(t, adminToken());
        return { method: "DELETE", url: `/gallery/categories/${c.id}` };
      },
    },
    {
      name: "GET /contact/messages",
      allowed: EDITORS,
      request: async () => ({ method: "GET", url: "/contact/messages" }),
    },
    {
      name: "PATCH /contact/messages/{id}",
      allowed: EDITORS,
      request: async () => ({
        method: "PATCH",
        url: `/contact/messages/${await messageId()}`,
        body: { read: true },
      }),
    },
    {
      name: "DELETE /contact/messages/{id}",
      allowed: EDITORS,
      request: async () => ({
        method: "DELETE",
        url: `/contact/messages/${await messageId()}`,
      }),
    },
    {
      name: "POST /upload",
      allowed: STAFF,
      request: async () => ({
        method: "POST",
        url: "/upload",
        body: imageForm(png, "pic.png", "image/png"),
      }),
    },
    {
      name: "GET /users",
      allowed: ADMINS,
      request: async () => ({ method: "GET", url: "/users" }),
    },
    {
      name: "POST /users",
      allowed: ADMINS,
      request: async () => {
        const username = unique("u").replace(/-/g, "_");
        return {
          method: "POST",
          url: "/users",
          body: {
            username,
            email: `${username}@example.com`,
            first_name: "F",
            last_name: "L",
            password: "Long-enough-1",
          },
        };
      },
    },
    {
      name: "PUT /users/{id}",
      allowed: ADMINS,
      request: async () => {
        const target = await createUser(t);
        return { method: "PUT", url: `/users/${target.user.id}`, body: { first_name: "Changed" } };
      },
    },
    {
      name: "DELETE /users/{id}",
      allowed: ADMINS,
      request: async () => {
        const target = await createUser(t);
        return { method: "DELETE", url: `/users/${target.user.id}` };
      },
    },
    {
      name: "POST /users/bulk",
      allowed: ADMINS,
      request: async () => {
        const target = await createUser(t);
        return {
          method: "POST",
          url: "/users/bulk",
          body: { action: "deactivate", ids: [target.user.id] },
        };
      },
    },
    {
      name: "GET /dashboard",
      allowed: STAFF,
      request: async () => ({ method: "GET", url: "/dashboard" }),
    },
    {
      name: "GET /auth/me",
      allowed: STAFF,
      request: async () => ({ method: "GET", url: "/auth/me" }),
    },
  ];

  const tokenOf = (caller: Caller) => (caller === "anonymous" ? undefined : a[caller].token);

  function expectOutcome(result: ApiResult, caller: Caller, allowed: Role[]) {
    if (caller === "anonymous") {
      expectError(result, 401, "Authentication required");
    } else if (!allowed.includes(caller)) {
      expectError(result, 403, "You do not have permission to do this");
    } else {
      const detail = `${caller}: ${result.status} ${JSON.stringify(result.body)?.slice(0, 300)}`;
      expect(result.status, detail).toBeGreaterThanOrEqual(200);
      expect(result.status, detail).toBeLessThan(300);
      expect(result.body?.success, detail).toBe(true);
    }
  }

  describe.each(endpoints)("$name", (endpoint) => {
    it.each(CALLERS)("as %s", async (caller) => {
      const { method, url, body } = await endpoint.request();
      const result = await call(t, method, url, { token: tokenOf(caller), body });
      expectOutcome(result, caller, endpoint.allowed);
    });
  });

  it("an invalid or logged-out token counts as anonymous", async () => {
    const request = await endpoints[0]!.request();
    for (const token of ["garbage", `${a.admin.token}x`]) {
      expectError(
        await call(t, request.method, request.url, { token, body: request.body }),
        401,
        "Authentication required",
      );
    }
  });

  it("an account deactivated after signing in loses access", async () => {
    const target = await createUser(t, { role: "editor" });
    const login = await post(t, "/auth/login", {
      body: { email: target.email, password: target.password },
    });
    const token = login.body.token as string;
    expect((await get(t, "/auth/me", { token })).status).toBe(200);
    await put(t, `/users/${target.user.id}`, {
      token: a.admin.token,
      body: { status: "inactive" },
    });
    const result = await post(t, "/blog/tags", { token, body: { name: unique("tag") } });
    expect([401, 403]).toContain(result.status);
    expect(result.body.success).toBe(false);
  });

  describe("authors and their own posts", () => {
    it("an author edits, publishes and deletes their own post", async () => {
      const own = await createPost(t, a.author.token, { status: "draft" });
      expect(own.author_id).toBe(a.author.id);
      const edited = await put(t, `/blog/posts/${own.id}`, {
        token: a.author.token,
        body: { title: "Own edit", status: "published" },
      });
      expect(edited.status).toBe(200);
      const read = await get(t, `/blog/posts/${own.slug}`);
      expect(read.body.data).toMatchObject({ title: "Own edit", status: "published" });
      const bulk = await post(t, "/blog/posts/bulk", {
        token: a.author.token,
        body: { action: "draft", ids: [own.id] },
      });
      expect(bulk.body.data).toEqual({ updated: 1 });
      const removed = await del(t, `/blog/posts/${own.id}`, { token: a.author.token });
      expect(removed.body).toMatchObject({ success: true, message: "Post deleted successfully" });
    });

    it("an author cannot touch another author's post", async () => {
      const foreign = await createPost(t, a.otherAuthor.token, { status: "draft" });
      expectError(
        await put(t, `/blog/posts/${foreign.id}`, { token: a.author.token, body: { title: "X" } }),
        403,
        "You do not have permission to do this",
      );
      expectError(
        await del(t, `/blog/posts/${foreign.id}`, { token: a.author.token }),
        403,
        "You do not have permission to do this",
      );
      expectError(
        await post(t, "/blog/posts/bulk", {
          token: a.author.token,
          body: { action: "publish", ids: [foreign.id] },
        }),
        403,
        "You do not have permission to do this",
      );
      expectError(
        await get(t, `/blog/posts/id/${foreign.id}`, { token: a.author.token }),
        404,
        `Post with ID ${foreign.id} not found.`,
      );
      const stored = await get(t, `/blog/posts/id/${foreign.id}`, { token: a.otherAuthor.token });
      expect(stored.body.data).toMatchObject({ title: foreign.title, status: "draft" });
    });

    it("an author's staff list holds only their own posts", async () => {
      await createPost(t, a.author.token, { status: "draft" });
      await createPost(t, a.otherAuthor.token, { status: "draft" });
      await createPost(t, a.admin.token, { status: "draft" });
      for (const status of ["all", "draft", "published", "scheduled"]) {
        const result = await get(t, `/blog/posts?status=${status}&limit=50`, {
          token: a.author.token,
        });
        expect(result.status).toBe(200);
        for (const p of result.body.data.posts) expect(p.author_id).toBe(a.author.id);
      }
      const all = await get(t, "/blog/posts?status=all&limit=50", { token: a.author.token });
      expect(all.body.data.count).toBe(all.body.data.posts.length);
      expect(all.body.data.posts.length).toBeGreaterThan(0);
    });

    it("an author cannot give their post to someone else", async () => {
      const own = await createPost(t, a.author.token);
      const result = await put(t, `/blog/posts/${own.id}`, {
        token: a.author.token,
        body: { author_id: a.admin.id },
      });
      expect(result.status).toBe(400);
      const read = await get(t, `/blog/posts/id/${own.id}`);
      expect(read.body.data.author_id).toBe(a.author.id);
    });
  });
});
