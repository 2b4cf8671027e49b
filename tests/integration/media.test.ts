import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("media library API", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  async function login(email: string, password: string) {
    const { body } = await t.json("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    return body.token as string;
  }

  async function upload(token: string, color: string) {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append(
      "image",
      new Blob([new Uint8Array(png)], { type: "image/png" }),
      `${color.slice(1)}.png`,
    );
    const res = await t.request("/api/upload", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return ((await res.json()) as { data: { id: number; url: string } }).data;
  }

  const as = (role: string, method = "GET", body?: unknown) => ({
    method,
    headers: { authorization: `Bearer ${tokens[role]}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    tokens.admin = await login("admin@example.com", "admin12345");
    tokens.author = await login("author@example.com", "author12345");
  });
  afterAll(() => t.close());

  it("lists uploads with sizes and where each is used", async () => {
    const { status, body } = await t.json("/api/media", as("admin"));
    expect(status).toBe(200);
    const featured = await t.db
      .selectFrom("posts")
      .select(["featured_image", "title"])
      .where("slug", "=", "five-signs-your-website-needs-a-redesign")
      .executeTakeFirstOrThrow();
    const item = body.data.find((m: { url: string }) => m.url === featured.featured_image);
    expect(item).toMatchObject({ mimeType: "image/jpeg", width: 1200, height: 630 });
    expect(item.variants).toBeGreaterThan(0);
    expect(item.usedIn.map((u: { label: string }) => u.label)).toContain(
      `Post "${featured.title}"`,
    );
  });

  it("refuses to delete an image in use, naming the places", async () => {
    const gallery = await t.db
      .selectFrom("gallery_images")
      .select(["url", "title"])
      .executeTakeFirstOrThrow();
    const { body: list } = await t.json("/api/media", as("admin"));
    const item = list.data.find((m: { url: string }) => m.url === gallery.url);
    const { status, body } = await t.json(`/api/media/${item.id}`, as("admin", "DELETE"));
    expect(status).toBe(409);
    expect(body.message).toBe(`This image is in use: Gallery image "${gallery.title}"`);
    expect(fs.existsSync(path.join(t.config.uploadsDir, path.basename(gallery.url)))).toBe(true);
  });

  it("an image a page shows is in use by that page and is not deleted", async () => {
    const image = await upload(tokens.admin!, "#2255aa");
    const created = await t.json(
      "/api/pages",
      as("admin", "POST", {
        title: "Our office",
        slug: "our-office",
        content: "<p>Where we work.</p>",
        featured_image: image.url,
      }),
    );
    expect(created.status).toBe(201);
    const { body: list } = await t.json("/api/media", as("admin"));
    const item = list.data.find((m: { id: number }) => m.id === image.id);
    expect(item.usedIn).toEqual([
      { kind: "page", id: created.body.data.id, label: 'Page "Our office"' },
    ]);
    const { status, body } = await t.json(`/api/media/${image.id}`, as("admin", "DELETE"));
    expect(status).toBe(409);
    expect(body.message).toBe('This image is in use: Page "Our office"');
    expect((await t.request(image.url)).status).toBe(200);
  });

  it("a profile picture is in use by its user, and posts show their author's picture", async () => {
    const image = await upload(tokens.author!, "#117744");
    const profile = await t.json(
      "/api/auth/me/profile",
      as("author", "POST", { avatar_url: image.url }),
    );
    expect(profile.status).toBe(200);
    const author = await t.db
      .selectFrom("users")
      .select(["id", "first_name", "last_name"])
      .where("email", "=", "author@example.com")
      .executeTakeFirstOrThrow();
    const { body: list } = await t.json("/api/media", as("author"));
    const item = list.data.find((m: { id: number }) => m.id === image.id);
    const label = `Profile picture of "${author.first_name} ${author.last_name}"`;
    expect(item.usedIn).toEqual([{ kind: "user", id: author.id, label }]);
    const { status, body } = await t.json(`/api/media/${image.id}`, as("author", "DELETE"));
    expect(status).toBe(409);
    expect(body.message).toBe(`This image is in use: ${label}`);
    expect((await t.request(image.url)).status).toBe(200);

    const posts = await t.json(`/api/blog/posts?limit=50`, as("author"));
    const own = posts.body.data.posts.filter(
      (p: { author_id: number }) => p.author_id === author.id,
    );
    expect(own.length).toBeGreaterThan(0);
    for (const post of own) expect(post.author.avatar).toBe(image.url);

    // Without it on the profile, the picture is unused and goes.
    await t.json("/api/auth/me/profile", as("author", "POST", { avatar_url: "" }));
    expect((await t.json(`/api/media/${image.id}`, as("author", "DELETE"))).status).toBe(200);
  });

  it("sets alt text and deletes an unused image with its variants", async () => {
    const image = await upload(tokens.admin!, "#aa3366");
    const alt = await t.json(
      `/api/media/${image.id}`,
      as("admin", "PATCH", { alt: "Pink square" }),
    );
    expect(alt.status).toBe(200);
    expect(alt.body.data.alt).toBe("Pink square");
    const base = path.basename(image.url).replace(/\.png$/, "");
    // The original plus 480, 960 and 1600 in PNG and WebP (never enlarged).
    expect(fs.readdirSync(t.config.uploadsDir).filter((f) => f.startsWith(base)).length).toBe(7);
    const removed = await t.json(`/api/media/${image.id}`, as("admin", "DELETE"));
    expect(removed.status).toBe(200);
    expect(fs.readdirSync(t.config.uploadsDir).filter((f) => f.startsWith(base))).toEqual([]);
    expect((await t.request(image.url)).status).toBe(404);
  });

  it("authors see and manage only their own uploads", async () => {
    const mine = await upload(tokens.author!, "#33aa66");
    const { body } = await t.json("/api/media", as("author"));
    expect(body.data.map((m: { id: number }) => m.id)).toEqual([mine.id]);
    const { body: all } = await t.json("/api/media", as("admin"));
    const other = all.data.find((m: { id: number }) => m.id !== mine.id);
    expect((await t.json(`/api/media/${other.id}`, as("author", "DELETE"))).status).toBe(403);
    expect((await t.json("/api/media")).status).toBe(401);
  });

  it("a picture someone else uploaded first is in the author's library too; deleting it there keeps theirs", async () => {
    const admins = await upload(tokens.admin!, "#ccaa00");
    const authors = await upload(tokens.author!, "#ccaa00");
    // One file, stored once: the same upload.
    expect(authors).toEqual(admins);
    const library = async (role: string) =>
      (await t.json("/api/media", as(role))).body.data.map((m: { id: number }) => m.id);
    expect(await library("author")).toContain(admins.id);
    const alt = await t.json(`/api/media/${admins.id}`, as("author", "PATCH", { alt: "Gold" }));
    expect(alt.status).toBe(200);

    const removed = await t.json(`/api/media/${admins.id}`, as("author", "DELETE"));
    expect(removed.status).toBe(200);
    expect(await library("author")).not.toContain(admins.id);
    expect(await library("admin")).toContain(admins.id);
    expect((await t.request(admins.url)).status).toBe(200);
    // Gone from the author's library, so no longer theirs to change.
    const again = await t.json(`/api/media/${admins.id}`, as("author", "PATCH", { alt: "x" }));
    expect(again.status).toBe(403);

    // The admin deletes the file itself.
    expect((await t.json(`/api/media/${admins.id}`, as("admin", "DELETE"))).status).toBe(200);
    expect((await t.request(admins.url)).status).toBe(404);
  });
});
