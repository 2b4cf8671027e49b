import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const VNU = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");

const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/consulting",
  "/blog",
  "/blog?category=marketing",
  "/blog/five-signs-your-website-needs-a-redesign",
  "/gallery",
  "/contact",
  "/login",
  "/register",
  "/terms",
  "/unauthorized",
  "/no-such-page",
  "/blog/no-such-post",
  "/services/no-such-service",
];

describe("HTML validity (W3C Nu HTML Checker)", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-vnu-"));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it("every public page has no errors", async () => {
    const files: string[] = [];
    for (const [index, page] of PAGES.entries()) {
      const html = await (await t.request(page)).text();
      const file = path.join(dir, `${index}.html`);
      fs.writeFileSync(file, html);
      files.push(file);
    }
    const { stdout, stderr } = await promisify(execFile)(
      "java",
      ["-jar", VNU, "--errors-only", "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const report = JSON.parse(stderr || stdout) as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    };
    const errors = report.messages
      .filter((m) => m.type === "error")
      .map(
        (m) => `${PAGES[Number(path.basename(m.url, ".html"))]}: ${m.message} ${m.extract ?? ""}`,
      );
    expect(errors).toEqual([]);
  }, 120_000);
});
