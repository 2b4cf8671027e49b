import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecretKey, SecretKeyError } from "#server/auth/secret-key.ts";
import { loadConfig } from "#server/config.ts";

describe("the server's secret", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-key-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is SECRET_KEY when set, and nothing is written", () => {
    const dir = dataDir();
    const key = "k".repeat(32);
    expect(loadSecretKey(loadConfig({ DATA_DIR: dir, SECRET_KEY: key }))).toBe(key);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("is otherwise made once in DATA_DIR/secret.key, readable by the owner only, and kept", () => {
    const dir = path.join(dataDir(), "not-yet");
    const first = loadSecretKey(loadConfig({ DATA_DIR: dir }));
    const file = path.join(dir, "secret.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadSecretKey(loadConfig({ DATA_DIR: dir }))).toBe(first);
  });

  it("refuses a damaged key file with one line naming it", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, "secret.key"), "short\n", { mode: 0o600 });
    expect(() => loadSecretKey(loadConfig({ DATA_DIR: dir }))).toThrow(SecretKeyError);
    expect(() => loadSecretKey(loadConfig({ DATA_DIR: dir }))).toThrow(
      /secret\.key is damaged .*set SECRET_KEY$/,
    );
  });
});
