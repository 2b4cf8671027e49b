// No Docker daemon runs where the tests run, so the image is checked as text:
// it must stay in step with `npm start` and keep the promises of docs/operations.md.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
/** Instructions with their continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .filter((line) => line.trim() && !line.trim().startsWith("#"));
const final = instructions.slice(instructions.findLastIndex((line) => line.startsWith("FROM ")));

describe("Dockerfile", () => {
  it("builds on Debian slim with the Node major version package.json pins", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const major = String(pkg.dependencies.node).split(".")[0];
    for (const from of instructions.filter((line) => line.startsWith("FROM "))) {
      expect(from).toMatch(new RegExp(`^FROM node:${major}-[a-z]+-slim\\b`));
    }
  });

  it("runs as a user other than root, with its data in a volume", () => {
    const user = final.filter((line) => line.startsWith("USER "));
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^USER (root|0)\b/);
    expect(final.join("\n")).toMatch(/DATA_DIR=\/data/);
    expect(final.join("\n")).toMatch(/VOLUME \["\/data"\]/);
    expect(final.join("\n")).toMatch(/HOST=0\.0\.0\.0/);
  });

  it("checks /healthz", () => {
    const check = final.find((line) => line.startsWith("HEALTHCHECK "));
    expect(check).toMatch(/\/healthz/);
  });

  it("runs what npm start runs", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const start = (pkg.scripts.start as string).replace(/^exec\s+/, "").split(/\s+/);
    const cmd = final.find((line) => line.startsWith("CMD "));
    expect(JSON.parse(cmd!.slice(4))).toEqual(start);
  });

  it("has the patches of dependencies in place when it installs them", () => {
    const install = instructions.findIndex((line) => /^RUN npm ci\b/.test(line));
    const patches = instructions.findIndex((line) => /^COPY (\S+\s+)*patches\b/.test(line));
    expect(install).toBeGreaterThan(-1);
    expect(patches, "COPY patches before npm ci").toBeGreaterThan(-1);
    expect(patches).toBeLessThan(install);
  });

  it("copies only paths that exist in the checkout or the build", () => {
    const built = new Set(["build", "node_modules"]);
    for (const line of final.filter((l) => l.startsWith("COPY --from=build "))) {
      const sources = line.split(/\s+/).slice(2, -1);
      for (const source of sources) {
        const relative = source.replace(/^\/app\//, "");
        if (built.has(relative)) continue;
        expect(fs.existsSync(path.join(root, relative)), source).toBe(true);
      }
    }
  });
});
