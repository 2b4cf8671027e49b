import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, pngImage, uploadImage } from "#tests/factories/index.ts";
import { startS3Server } from "#tests/setup/s3-server.ts";
import { createTestApp } from "#tests/setup/test-app.ts";

/**
 * Two instances on one PostgreSQL database, each with its own DATA_DIR, and
 * their uploads in a shared store (decision 036). PostgreSQL only: SQLite
 * sites never share a database. The stores themselves are upload-stores.test.ts.
 */
function describeSharedStore(name: string, env: () => Record<string, string>) {
  describe(`two instances with uploads in ${name}`, () => {
    it("an image uploaded through one is served by the other", async () => {
      // The same store for both (env() may name a new one each call).
      const store = env();
      const one = await createTestApp({ env: store });
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-other-"));
      const other = await createTestApp({
        env: store,
        reuse: { dataDir: otherDir, schema: one.schema },
      });
      try {
        const { token } = await createAccount(one, "admin");
        const png = await pngImage(800, 600, "#ff8c00");
        const data = await uploadImage(one, token, png, "orange.png");
        const served = await other.request(data.url);
        expect(served.status).toBe(200);
        expect(new Uint8Array(await served.arrayBuffer())).toEqual(
          await one.services.uploadStore.get(data.url.slice("/uploads/".length)),
        );
      } finally {
        await other.close({ keep: true });
        fs.rmSync(otherDir, { recursive: true, force: true });
        await one.close();
      }
    });
  });
}

describeSharedStore("the database", () => ({ UPLOAD_STORE: "database" }));

describe("with a local S3 server", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let sites = 0;
  beforeAll(async () => {
    s3 = await startS3Server(["beranda-uploads"]);
  });
  afterAll(() => s3?.close());

  describeSharedStore("an S3 bucket", () => ({
    UPLOAD_STORE: s3.storeUrl("beranda-uploads", `instances-${process.pid}-${++sites}`),
  }));
});
