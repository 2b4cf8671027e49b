import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, pngImage, uploadImage } from "#tests/factories/index.ts";
import { startS3Server } from "#tests/setup/s3-server.ts";
import { createTestApp, TEST_DB, type TestApp } from "#tests/setup/test-app.ts";

/** Every file under a folder (relative paths); none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) =>
      entry.isFile() ? [path.relative(dir, path.join(entry.parentPath, entry.name))] : [],
    );
}

/** The behaviour every store shares, through the API: upload, serve, delete. */
function describeUploadStore(name: string, env: () => Record<string, string>) {
  describe(`uploads in ${name}`, () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      t = await createTestApp({ env: env() });
      token = (await createAccount(t, "admin")).token;
    });
    afterAll(() => t?.close());

    it("stores an upload and its variants there, serves them as the disk's, and deletes them", async () => {
      const png = await pngImage(1200, 800, "#3a7bd5");
      const data = await uploadImage(t, token, png, "blue.png");
      expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);

      const stored = await t.services.uploadStore.list();
      const row = await t.db
        .selectFrom("uploads")
        .select(["file_name", "variants"])
        .where("id", "=", data.id)
        .executeTakeFirstOrThrow();
      const variants = (JSON.parse(row.variants) as { file: string }[]).map((v) => v.file);
      expect(variants.length).toBeGreaterThan(0);
      const names = [row.file_name, ...variants];
      expect(stored.map((file) => file.key).sort()).toEqual([...names].sort());
      // Nothing on the disk of this instance.
      expect(filesUnder(t.dataDir).filter((file) => file.startsWith("uploads"))).toEqual([]);

      for (const file of names) {
        const served = await t.request(`/uploads/${file}`);
        expect(served.status, file).toBe(200);
        const bytes = new Uint8Array(await served.arrayBuffer());
        expect(bytes).toEqual(await t.services.uploadStore.get(file));
        expect(served.headers.get("content-type")).toBe(
          file.endsWith(".png")
            ? "image/png"
            : file.endsWith(".webp")
              ? "image/webp"
              : "image/avif",
        );
        expect(served.headers.get("content-length")).toBe(String(bytes.length));
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
        expect(served.headers.get("x-content-type-options")).toBe("nosniff");
        expect(served.headers.get("last-modified")).toBeTruthy();
        const etag = served.headers.get("etag");
        expect(etag).toBe(`"${file.replace(/\.[^.]*$/, "")}"`);
        const again = await t.request(`/uploads/${file}`, {
          headers: { "if-none-match": etag! },
        });
        expect(again.status).toBe(304);
        const head = await t.request(`/uploads/${file}`, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.headers.get("content-length")).toBe(String(bytes.length));
      }
      expect((await t.request("/uploads/0123456789abcdef0123.png")).status).toBe(404);
      expect((await t.request("/uploads/not-ours.txt")).status).toBe(404);

      const deleted = await t.request(`/api/media/${data.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(deleted.status).toBeLessThan(300);
      expect(await t.services.uploadStore.list()).toEqual([]);
      for (const file of names) {
        expect((await t.request(`/uploads/${file}`)).status, file).toBe(404);
      }
    });
  });
}

describeUploadStore("the database", () => ({ UPLOAD_STORE: "database" }));

describe("the demo seed with the database store", () => {
  it("draws its pictures into the store (on the seeding transaction), none on the disk", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-demo-store-"));
    // Its own DATA_DIR: seeded now, not copied from the run's demo template.
    const t = await createTestApp({
      demoMode: true,
      env: { UPLOAD_STORE: "database", DATA_DIR: dataDir },
    });
    try {
      const post = await t.db
        .selectFrom("posts")
        .select("featured_image")
        .where("featured_image", "is not", null)
        .executeTakeFirstOrThrow();
      const served = await t.request(post.featured_image!);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      const rows = await t.db.selectFrom("uploads").select("file_name").execute();
      const keys = new Set((await t.services.uploadStore.list()).map((file) => file.key));
      for (const { file_name } of rows) expect(keys.has(file_name), file_name).toBe(true);
      expect(filesUnder(dataDir).filter((file) => file.startsWith("uploads"))).toEqual([]);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("with a local S3 server", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let sites = 0;
  beforeAll(async () => {
    s3 = await startS3Server(["beranda-uploads"]);
  });
  afterAll(() => s3?.close());

  describeUploadStore("an S3 bucket", () => ({
    // A folder of the bucket per site: each test sees only its own files.
    UPLOAD_STORE: s3.storeUrl("beranda-uploads", `run-${process.pid}-${TEST_DB}-${++sites}`),
  }));
});
