import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildWxr } from "#tests/factories/wxr.ts";
import {
  runCommand,
  runServer,
  signInTo,
  siteDatabase,
  siteUrl,
  waitFor,
} from "#tests/setup/server-process.ts";

describe("a command beside a running site", () => {
  it("npm run import:wordpress while the site serves: its cached pages show the imported post within seconds", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-command-"));
    const site = await siteDatabase(dataDir);
    const exportFile = path.join(dataDir, "..", `${path.basename(dataDir)}.xml`);
    fs.writeFileSync(
      exportFile,
      buildWxr({
        authors: [{ id: 1, login: "old", email: "old@example.com", display: "Old Author" }],
        items: [
          {
            id: 7,
            title: "Brought Over While Serving",
            slug: "brought-over-while-serving",
            status: "publish",
            creator: "old",
            dateGmt: "2020-03-04 05:06:07",
            content: "Moved from the old site.",
          },
        ],
      }),
    );
    const run = runServer({
      ...site.env,
      PORT: "0",
      PAGE_CACHE_MIN_RENDER_SECONDS: "0",
      DEMO_MODE: "false",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "A-long-passphrase-for-commands-3",
    });
    try {
      const url = await siteUrl(run, 60_000);
      const blog = async () => {
        const response = await fetch(`${url}/blog`);
        return { cache: response.headers.get("x-cache"), text: await response.text() };
      };
      // The list is in the page cache before the import: ask until the cache
      // answers (a render that overlaps a change is not kept, and a loaded
      // machine may still be finishing the site's start when the first comes).
      let before = await blog();
      await waitFor(
        async () => {
          before = await blog();
          return before.cache === "HIT";
        },
        30_000,
        "the blog list to come from the page cache",
      );
      expect(before.text).not.toContain("Brought Over While Serving");

      const { code, stdout, stderr } = await runCommand(
        "npm",
        ["run", "--silent", "import:wordpress", "--", exportFile],
        { ...site.env },
      );
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(/Posts\s+1\s+0\s+0\s+0/);
      expect(stdout).not.toContain("Could not tell the running site");

      await waitFor(
        async () => (await blog()).text.includes("Brought Over While Serving"),
        10_000,
        "the blog list to show the imported post",
      );
    } finally {
      run.child.kill("SIGTERM");
      await run.exited;
      fs.rmSync(exportFile, { force: true });
      await site.cleanup();
    }
  }, 120_000);

  it("a command beside a demo site leaves its demo accounts open (it cannot know the site's mode)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-command-"));
    const site = await siteDatabase(dataDir);
    const run = runServer({ ...site.env, PORT: "0", DEMO_MODE: "true" });
    try {
      const url = await siteUrl(run, 60_000);
      const demoSignIn = () => fetch(`${url}/api/auth/demo`, { method: "POST" });
      expect((await demoSignIn()).status).toBe(200);

      // The command's environment has no DEMO_MODE, as when run from another shell.
      const { code, stderr } = await runCommand(
        "npm",
        [
          "run",
          "--silent",
          "admin:create",
          "--",
          "--email",
          "owner@example.com",
          "--password",
          "A-long-passphrase-for-commands-4",
        ],
        { ...site.env },
      );
      expect(code, stderr).toBe(0);

      const after = await demoSignIn();
      expect(after.status, await after.clone().text()).toBe(200);
      expect((await after.json()).data).toMatchObject({ email: "admin@example.com" });
      await signInTo(url, {
        email: "owner@example.com",
        password: "A-long-passphrase-for-commands-4",
      });
    } finally {
      run.child.kill("SIGTERM");
      await run.exited;
      await site.cleanup();
    }
  }, 120_000);
});
