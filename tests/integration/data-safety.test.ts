// One site per DATA_DIR, writes that meet a lock held elsewhere, and a server
// killed in the middle of writing: run on the server process as `npm start`
// runs it, on the project's database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { pgConnection } from "#server/db/client.ts";
import { TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import {
  runServer,
  type ServerRun,
  signInTo,
  siteDatabase,
  siteUrl,
} from "#tests/setup/server-process.ts";

const ADMIN = { email: "owner@example.com", password: "Kept-Safe-2026" };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newSite(extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "beranda-safety-"));
  const site = await siteDatabase(dataDir);
  cleanups.push(site.cleanup);
  const env = { ...site.env, PORT: "0", ...extraEnv };
  const start = (): ServerRun => {
    const run = runServer(env);
    cleanups.push(() => {
      run.child.kill("SIGKILL");
    });
    return run;
  };
  /** A query on the site's own database, from outside the server. */
  async function query<T>(text: string): Promise<T[]> {
    if (!site.schema) {
      const db = new DatabaseSync(path.join(dataDir, "beranda.db"));
      try {
        return db.prepare(text).all() as T[];
      } finally {
        db.close();
      }
    }
    const client = new pg.Client(pgConnection(TEST_DATABASE_URL));
    await client.connect();
    try {
      await client.query(`set search_path to ${site.schema}`);
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }
  return { dataDir, schema: site.schema, start, query };
}

function contact(url: string, subject: string) {
  return fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Visitor",
      email: "visitor@example.com",
      subject,
      message: "Hello",
    }),
  });
}

describe("one site per DATA_DIR", () => {
  it("refuses a second server on the same DATA_DIR, and starts again after a crash", async () => {
    const site = await newSite();
    const first = site.start();
    const url = await siteUrl(first);

    const second = site.start();
    expect(await second.exited).toBe(1);
    expect(second.output().stderr.trim()).toBe(
      `beranda: ${site.dataDir} is in use by another Beranda process (a running site, a restore or an import). Stop it first, or give this one its own DATA_DIR.`,
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // Killed without a chance to clean up: the lock goes with the process.
    first.child.kill("SIGKILL");
    await first.exited;
    const third = site.start();
    const again = await siteUrl(third);
    expect((await fetch(`${again}/healthz`)).status).toBe(200);
  });
});

describe("a write that meets a lock held elsewhere", () => {
  it("is answered 503 with Retry-After while reads go on, and succeeds once the lock is gone", async () => {
    const site = await newSite({ CONTACT_RATE_LIMIT: "off", DB_LOCK_TIMEOUT_MS: "200" });
    const run = site.start();
    const url = await siteUrl(run);
    expect((await contact(url, "before")).status).toBe(201);

    // Another process takes the write lock: a maintenance script on the
    // SQLite file, a long transaction on PostgreSQL.
    let release: () => Promise<void>;
    if (!site.schema) {
      const other = new DatabaseSync(path.join(site.dataDir, "beranda.db"));
      other.exec("BEGIN IMMEDIATE");
      release = async () => {
        other.exec("ROLLBACK");
        other.close();
      };
    } else {
      const other = new pg.Client(pgConnection(TEST_DATABASE_URL));
      await other.connect();
      await other.query(`set search_path to ${site.schema}`);
      await other.query("begin");
      await other.query("lock table contact_messages in exclusive mode");
      release = async () => {
        await other.query("rollback");
        await other.end();
      };
    }
    try {
      const refused = await contact(url, "during");
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect(await refused.json()).toEqual({
        success: false,
        message: "The site is busy. Please try again in a moment.",
      });
      // The process is not held up: health, pages and reads answer.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/about`)).status).toBe(200);
      expect((await fetch(`${url}/api/settings/general`)).status).toBe(200);
    } finally {
      await release();
    }
    expect((await contact(url, "after")).status).toBe(201);
    const stored = await site.query<{ subject: string }>(
      "select subject from contact_messages order by id",
    );
    expect(stored.map((row) => row.subject)).toEqual(["before", "after"]);
  });
});

describe("a server killed while writing", () => {
  it("restarts with an intact database holding every write it acknowledged", async () => {
    const site = await newSite({
      CONTACT_RATE_LIMIT: "off",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const run = site.start();
    const url = await siteUrl(run);
    const auth = await signInTo(url, ADMIN);

    const acknowledged = {
      messages: new Set<number>(),
      posts: new Map<number, string>(),
      /** The titles sent to the first post, in order, and how many of them were acknowledged. */
      edits: { sent: [] as string[], lastAcknowledged: -1 },
    };
    let killed = false;
    let n = 0;
    async function writer(kind: "contact" | "post" | "edit") {
      while (!killed) {
        const i = n++;
        try {
          if (kind === "contact") {
            const response = await contact(url, `crash ${i}`);
            if (response.status === 201) {
              acknowledged.messages.add(
                ((await response.json()) as { data: { id: number } }).data.id,
              );
            }
          } else if (kind === "post") {
            const title = `Crash post ${i}`;
            const response = await fetch(`${url}/api/blog/posts`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({
                title,
                slug: `crash-post-${i}`,
                content: "<p>Body</p>",
                status: "published",
              }),
            });
            if (response.status === 201) {
              const { data } = (await response.json()) as { data: { id: number } };
              acknowledged.posts.set(data.id, title);
            }
          } else {
            const target = [...acknowledged.posts.keys()][0];
            if (target === undefined) {
              await new Promise((r) => setTimeout(r, 5));
              continue;
            }
            const title = `Edited ${i}`;
            const index = acknowledged.edits.sent.push(title) - 1;
            const response = await fetch(`${url}/api/blog/posts/${target}`, {
              method: "PUT",
              headers: auth,
              body: JSON.stringify({
                title,
                slug: "edited-post",
                content: "<p>Edited</p>",
                status: "published",
              }),
            });
            if (response.status === 200) acknowledged.edits.lastAcknowledged = index;
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    }
    const writers = [
      writer("contact"),
      writer("contact"),
      writer("contact"),
      writer("post"),
      writer("post"),
      writer("edit"),
    ];
    const enough = () => acknowledged.messages.size >= 40 && acknowledged.posts.size >= 20;
    for (let i = 0; i < 600 && !enough(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(
      enough(),
      `acknowledged ${acknowledged.messages.size} messages, ${acknowledged.posts.size} posts`,
    ).toBe(true);
    run.child.kill("SIGKILL");
    await run.exited;
    killed = true;
    await Promise.all(writers);

    if (!site.schema) {
      const [check] = await site.query<{ integrity_check: string }>("pragma integrity_check");
      expect(check!.integrity_check).toBe("ok");
    }
    const restarted = site.start();
    const again = await siteUrl(restarted);
    expect((await fetch(`${again}/readyz`)).status).toBe(200);

    const messages = await site.query<{ id: number }>("select id from contact_messages");
    const storedMessages = new Set(messages.map((row) => Number(row.id)));
    for (const id of acknowledged.messages) expect(storedMessages.has(id)).toBe(true);
    const posts = await site.query<{ id: number; title: string }>("select id, title from posts");
    const storedPosts = new Map(posts.map((row) => [Number(row.id), row.title]));
    const [edited] = acknowledged.posts.keys();
    for (const [id, title] of acknowledged.posts) {
      expect(storedPosts.has(id)).toBe(true);
      if (id !== edited) expect(storedPosts.get(id)).toBe(title);
    }
    // Edits of one post go one after another: the stored title is the last
    // acknowledged one, or the one in flight when the server died.
    const { sent, lastAcknowledged } = acknowledged.edits;
    expect(lastAcknowledged).toBeGreaterThanOrEqual(0);
    expect(sent.slice(lastAcknowledged)).toContain(storedPosts.get(edited!));
    // The restarted site serves what was written before the crash.
    const [someId] = acknowledged.posts.keys();
    const response = await fetch(`${again}/api/blog/posts/id/${someId}`, {
      headers: { authorization: (await signInTo(again, ADMIN)).authorization },
    });
    expect(response.status).toBe(200);
  }, 300_000);
});
