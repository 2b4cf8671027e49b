import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSchema, dropSchema, TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import { runServer, waitFor } from "#tests/setup/server-process.ts";
import { TEST_DB } from "#tests/setup/test-app.ts";

/**
 * The built server as a process on each database: it migrates and seeds,
 * serves pages through its page cache, and stops cleanly on SIGTERM. (What
 * the process does with ports, connections and signals apart from the
 * database is process.test.ts, on SQLite only.)
 */
describe("the server process on its database", () => {
  it("serves, then shuts down gracefully on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-proc-"));
    const schema = `p_${randomBytes(5).toString("hex")}`;
    const env: Record<string, string> = { PORT: "0", DATA_DIR: dataDir, DEMO_MODE: "false" };
    if (TEST_DB === "postgres") {
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set("options", `-c search_path=${schema}`);
      await createSchema(schema);
      env.DATABASE_URL = url.toString();
    }
    const run = runServer(env);
    try {
      await waitFor(() => /running at (http:\/\/\S+)/.test(run.output().stdout));
      const url = /running at (http:\/\/\S+)/.exec(run.output().stdout)![1]!;
      // No admin and no demo mode: the one-time link to create the first admin.
      const setup = /(http:\/\/\S+\/setup\?token=\S+)/.exec(run.output().stdout)?.[1];
      expect(setup).toBeTruthy();
      expect(await (await fetch(setup!)).text()).toContain('name="password"');
      const response = await fetch(`${url}/api/settings/general`);
      expect(response.status).toBe(200);
      // A page asked for twice: the second answer comes from the page cache in
      // front of the app, stamped and encoded like any other.
      const first = await fetch(`${url}/about`);
      const html = await first.text();
      const cached = await fetch(`${url}/about`, { headers: { "x-request-id": "proc-test-1" } });
      expect(cached.headers.get("x-cache")).toBe("HIT");
      expect(cached.headers.get("x-request-id")).toBe("proc-test-1");
      expect(cached.headers.get("x-frame-options")).toBe("DENY");
      expect(cached.headers.get("content-security-policy")).toContain("'sha256-");
      expect(await cached.text()).toBe(html);
      const again = await fetch(`${url}/about`, {
        headers: { "if-none-match": cached.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (TEST_DB === "postgres") await dropSchema(schema).catch(() => {});
    }
  });
});
